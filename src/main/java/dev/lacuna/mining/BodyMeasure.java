package dev.lacuna.mining;

/**
 * Measure computation for a closed rule, shared by both matchers: for each value x of the counted head variable f,
 * the distinct values of the other head variable g for which the body holds (or, when the head has one variable,
 * whether it holds at all). Their sum is the body size; the sum over the x with a fact of the head relation on
 * f's side is the PCA body size. Not thread-safe.
 */
final class BodyMeasure implements BodyJoin.Leaf {
    private final BodyJoin join;
    private boolean found;

    long bodySize;
    long pcaBodySize;
    /** False when counting stopped at the PCA limit. */
    boolean exact;

    BodyMeasure(BodyJoin join) {
        this.join = join;
    }

    /** Reached only when the head has one variable (the join counts g's values itself): the body holds for x. */
    @Override
    public void reached() {
        found = true;
        join.stop = true;
    }

    /**
     * Counts the loaded body with f = {@code fVar} and g = {@code gVar} (-1 when the head has one variable).
     * {@code fIsSubject} says on which side of the head relation f sits. Counting stops once the PCA body size
     * exceeds {@code pcaLimit} (the rule then cannot reach the PCA threshold).
     */
    void run(int head, int fVar, int gVar, boolean fIsSubject, long pcaLimit) {
        KgIndex kg = join.kg;
        int[] domain = domain(fVar);
        join.leaf = this;
        join.distinctVar = gVar;
        int bodyMask = (1 << join.bodyCount) - 1;
        bodySize = 0;
        pcaBodySize = 0;
        exact = true;
        for (int x : domain) {
            join.newDistinctRound();
            join.val[fVar] = x;
            found = false;
            join.join(bodyMask);
            long n = gVar >= 0 ? join.distinctCount : (found ? 1 : 0);
            if (n == 0) {
                continue;
            }
            bodySize += n;
            if (fIsSubject ? kg.hasOut(x, head) : kg.hasIn(x, head)) {
                pcaBodySize += n;
                if (pcaBodySize > pcaLimit) {
                    exact = false;
                    break;
                }
            }
        }
        join.val[fVar] = -1;
        join.distinctVar = -1;
    }

    /** The values f can take: the smallest candidate set among the body atoms that mention it. */
    private int[] domain(int f) {
        KgIndex kg = join.kg;
        int[] best = null;
        for (int i = 0; i < join.bodyCount; i++) {
            int s = join.bs[i];
            int o = join.bo[i];
            int r = join.br[i];
            int[] d = null;
            if (s == f) {
                d = join.val[o] >= 0 ? ends(join.in, kg.inRange(join.val[o], r)) : kg.subjects(r);
            } else if (o == f) {
                d = join.val[s] >= 0 ? ends(join.out, kg.outRange(join.val[s], r)) : kg.objects(r);
            }
            if (d != null && (best == null || d.length < best.length)) {
                best = d;
            }
        }
        if (best == null) {
            throw new IllegalStateException("closed rule without its head variable in the body");
        }
        return best;
    }

    private static int[] ends(long[] edges, long range) {
        int from = KgIndex.high(range);
        int to = KgIndex.low(range);
        int[] d = new int[Math.max(0, to - from)];
        for (int k = from; k < to; k++) {
            d[k - from] = KgIndex.low(edges[k]);
        }
        return d;
    }
}
