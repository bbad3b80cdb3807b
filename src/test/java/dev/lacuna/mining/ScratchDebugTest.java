package dev.lacuna.mining;

import org.junit.jupiter.api.Test;

class ScratchDebugTest {
    // body atoms: {s,rel,o} with vars 0=a 1=b 2=c ; brute force over all entities
    static double[] measure(KgIndex kg, String head, String[][] body) {
        int h = kg.relationId(head);
        int n = kg.entityCount();
        boolean subjF = kg.subjectIsFunctional(h);
        long support = 0, bodySize = 0, pca = 0;
        for (int a = 0; a < n; a++) {
            for (int b = 0; b < n; b++) {
                boolean holds = false;
                for (int c = 0; c < n && !holds; c++) {
                    int[] v = {a, b, c};
                    boolean all = true;
                    for (String[] at : body) {
                        if (!kg.holds(v[Integer.parseInt(at[0])], kg.relationId(at[1]), v[Integer.parseInt(at[2])])) {
                            all = false;
                            break;
                        }
                    }
                    holds = all;
                }
                if (!holds) continue;
                bodySize++;
                if (kg.holds(a, h, b)) support++;
                if (subjF ? kg.hasOut(a, h) : kg.hasIn(b, h)) pca++;
            }
        }
        return new double[] {support, bodySize, pca, (double) support / pca, (double) support / bodySize};
    }

    @Test
    void debug() {
        KgIndex kg = KgIndex.fromTsv(ReferenceComparison.shared("data", "umls", "facts.txt"));
        String[][][] rules = {
                {{"0", "Affects", "2"}, {"1", "Process_of", "2"}},
                {{"0", "Isa", "2"}, {"1", "Process_of", "2"}},
                {{"0", "Affects", "2"}, {"0", "Isa", "2"}, {"1", "Process_of", "2"}},
        };
        for (String[][] r : rules) {
            System.out.println(java.util.Arrays.deepToString(r) + " => " + java.util.Arrays.toString(measure(kg, "Result_of", r)));
        }
    }
}
