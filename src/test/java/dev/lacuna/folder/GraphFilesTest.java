package dev.lacuna.folder;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.TreeSet;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.junit.jupiter.api.Test;

import dev.lacuna.store.KgGraphs;

/** The graph TSV: lines sorted by head id, relation name (as strings), tail id, whatever the ids' width. */
class GraphFilesTest {
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
            List<Statement> distinct = new ArrayList<>(new LinkedHashSet<>(statements));
            StringWriter out = new StringWriter();
            assertEquals(distinct.size(), GraphFiles.writeGraphTsv(KG, distinct, out));
            StringBuilder want = new StringBuilder();
            for (List<Object> l : expected) {
                want.append(l.get(0)).append('\t').append(l.get(1)).append('\t').append(l.get(2)).append('\n');
            }
            assertEquals(want.toString(), out.toString(), "base " + base);
        }
    }

    /**
     * TriG: the same statements in any order give the same bytes, subjects by numeric id (entity/2 before
     * entity/10), a subject's predicates by name, objects (literals after IRIs) in order.
     */
    @Test
    void trigOrderDoesNotDependOnTheInputOrder() throws IOException {
        var vf = SimpleValueFactory.getInstance();
        List<Statement> statements = new ArrayList<>();
        for (long h : new long[] {10, 2, 1}) {
            for (String r : List.of("b", "a")) {
                for (long t : new long[] {30, 4}) {
                    statements.add(vf.createStatement(KG.entity(h), KG.relation(r), KG.entity(t)));
                }
                statements.add(vf.createStatement(KG.entity(h), KG.relation(r), vf.createLiteral("x" + h)));
            }
        }
        String first = trig(statements);
        Collections.shuffle(statements, new Random(3));
        assertEquals(first, trig(statements));
        String entity = KG.entityPrefix();
        assertEquals(true, first.indexOf("<" + entity + "2>") < first.indexOf("<" + entity + "10>"), first);
        int two = first.indexOf("<" + entity + "2>");
        String block = first.substring(two, first.indexOf("<" + entity + "10>"));
        assertEquals(true, block.indexOf(KG.relation("a").stringValue()) < block.indexOf(KG.relation("b").stringValue()), block);
        assertEquals(true, block.indexOf("<" + entity + "4>") < block.indexOf("<" + entity + "30>"), block);
        assertEquals(true, block.indexOf("<" + entity + "30>") < block.indexOf("\"x2\""), block);
    }

    /**
     * One graph put in order on its own ({@link TrigFile#trigOrder}, as verify and the folder writer do for labels,
     * benchmark and the broken graphs) is written as the whole file's sort writes it: subjects that tie by key
     * (entity/007 and entity/7), several objects per subject and predicate (IRIs, literals, equal keys), shuffled.
     */
    @Test
    void oneGraphsOrderIsTheFilesOrder() throws IOException {
        var vf = SimpleValueFactory.getInstance();
        SplittableRandom random = new SplittableRandom(11);
        List<Statement> statements = new ArrayList<>(new LinkedHashSet<>(randomStatements(vf, random)));
        for (int round = 0; round < 3; round++) {
            Collections.shuffle(statements, new Random(round));
            StringWriter inOrder = new StringWriter();
            Map<IRI, Iterable<Statement>> one = new LinkedHashMap<>();
            one.put(KG.labels(), TrigFile.trigOrder(statements));
            TrigFile.writeTrigInOrder(one, inOrder);
            StringWriter whole = new StringWriter();
            Map<IRI, List<Statement>> graphs = new LinkedHashMap<>();
            graphs.put(KG.labels(), statements);
            TrigFile.writeTrig(graphs, whole);
            assertEquals(whole.toString(), inOrder.toString());
        }
    }

    private static List<Statement> randomStatements(SimpleValueFactory vf, SplittableRandom random) {
        List<Statement> out = new ArrayList<>();
        for (int i = 0; i < 3_000; i++) {
            int h = random.nextInt(300);
            IRI subject = random.nextInt(10) == 0 ? vf.createIRI(KG.entityPrefix() + "00" + h) : KG.entity(h);
            IRI predicate = random.nextInt(3) == 0 ? KG.relation(RELATIONS.get(random.nextInt(RELATIONS.size())))
                    : vf.createIRI("http://www.w3.org/2000/01/rdf-schema#label");
            int kind = random.nextInt(4);
            if (kind == 0) {
                out.add(vf.createStatement(subject, predicate, KG.entity(random.nextInt(50))));
            } else if (kind == 1) {
                out.add(vf.createStatement(subject, predicate, vf.createIRI(KG.entityPrefix() + "0" + random.nextInt(50))));
            } else if (kind == 2) {
                out.add(vf.createStatement(subject, predicate, vf.createLiteral("label " + random.nextInt(40))));
            } else {
                out.add(vf.createStatement(subject, predicate, vf.createLiteral("é " + random.nextInt(40), "fr")));
            }
        }
        return out;
    }

    private static String trig(List<Statement> statements) throws IOException {
        StringWriter out = new StringWriter();
        Map<IRI, List<Statement>> graphs = new LinkedHashMap<>();
        graphs.put(KG.complete(), statements);
        TrigFile.writeTrig(graphs, out);
        return out.toString();
    }

    @Test
    void anEmptyGraphWritesNothing() throws IOException {
        StringWriter out = new StringWriter();
        assertEquals(0, GraphFiles.writeGraphTsv(KG, List.of(), out));
        assertEquals("", out.toString());
    }
}
