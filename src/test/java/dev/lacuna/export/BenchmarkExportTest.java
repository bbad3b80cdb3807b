package dev.lacuna.export;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;

import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.junit.jupiter.api.Test;

import dev.lacuna.store.KgGraphs;

/** The graph TSV: lines sorted by head id, relation name (as strings), tail id, whatever the ids' width. */
class BenchmarkExportTest {
    private static final KgGraphs KG = KgGraphs.of("t");
    private static final List<String> RELATIONS = List.of("b", "a", "Z", "a_b", "é", "10", "9");

    /** Small ids sort as packed longs; ids near Long.MAX_VALUE do not fit and take the row-by-row sort. */
    @Test
    void linesAreSortedByHeadRelationNameTailForSmallAndWideIds() throws IOException {
        for (long base : new long[] {0, Long.MAX_VALUE - 1_000}) {
            SplittableRandom random = new SplittableRandom(7);
            List<Statement> statements = new ArrayList<>();
            TreeSet<List<Object>> expected = new TreeSet<>(Comparator.<List<Object>, Long>comparing(l -> (Long) l.get(0))
                    .thenComparing(l -> (String) l.get(1)).thenComparing(l -> (Long) l.get(2)));
            for (int i = 0; i < 5_000; i++) {
                long h = base + random.nextInt(300);
                long t = base + random.nextInt(300);
                String r = RELATIONS.get(random.nextInt(RELATIONS.size()));
                statements.add(SimpleValueFactory.getInstance().createStatement(KG.entity(h), KG.relation(r), KG.entity(t)));
                expected.add(List.of(h, r, t));
            }
            List<Statement> distinct = new ArrayList<>(new java.util.LinkedHashSet<>(statements));
            StringWriter out = new StringWriter();
            assertEquals(distinct.size(), BenchmarkExport.writeGraphTsv(KG, distinct, out));
            StringBuilder want = new StringBuilder();
            for (List<Object> l : expected) {
                want.append(l.get(0)).append('\t').append(l.get(1)).append('\t').append(l.get(2)).append('\n');
            }
            assertEquals(want.toString(), out.toString(), "base " + base);
        }
    }

    @Test
    void anEmptyGraphWritesNothing() throws IOException {
        StringWriter out = new StringWriter();
        assertEquals(0, BenchmarkExport.writeGraphTsv(KG, List.of(), out));
        assertEquals("", out.toString());
    }
}
