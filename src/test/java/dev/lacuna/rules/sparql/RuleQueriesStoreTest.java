package dev.lacuna.rules.sparql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.query.QueryLanguage;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.grounding.IncompleteGraph;
import dev.lacuna.grounding.Triple;
import dev.lacuna.rules.Atom;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.Rule;
import dev.lacuna.rules.RuleMeasures;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.SparqlFiles;

/**
 * The compiled rule queries on one store kind, with the Family KG in the complete graph: counts equal
 * AMIE3's for all 145 reference rules; groundings, predictions, body checks and answers agree with the facts.
 * One small subclass per store, in the manner of RDF4J's RDFStoreTest.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class RuleQueriesStoreTest {
    static final KgGraphs KG = FamilyFixture.KG;

    Repository repository;
    SparqlRuleRunner runner;
    List<MinedRule> rules;
    Set<Statement> facts;
    private final Map<String, Long> nanos = new HashMap<>();

    /** A new, empty, initialised repository of the kind under test, living in {@code dir}. */
    abstract Repository open(Path dir);

    @BeforeAll
    void loadFamily(@TempDir Path dir) {
        repository = open(dir);
        long t0 = System.nanoTime();
        load(repository);
        nanos.put("load", System.nanoTime() - t0);
        runner = new SparqlRuleRunner(repository, KG);
        rules = FamilyFixture.rules();
        Map<String, IRI> entities = FamilyFixture.entities(runner);
        assertEquals(3007 - 87, entities.size(), "facts.txt has 2,920 entities");
        facts = new HashSet<>(FamilyFixture.triples(entities));
        assertEquals(17_615, facts.size());
    }

    @AfterAll
    void close() {
        StringBuilder sb = new StringBuilder(getClass().getSimpleName()).append(" times (ms):");
        new TreeMap<>(nanos).forEach((k, v) -> sb.append(' ').append(k).append('=').append(v / 1_000_000));
        System.out.println(sb);
        repository.shutDown();
        stop();
    }

    /** Loads Family into the store with the project's loader; a subclass may fill its store another way. */
    void load(Repository repository) {
        FamilyFixture.load(repository);
    }

    /** Stops whatever serves the repository, for stores behind HTTP. */
    void stop() {
    }

    private <T> T timed(String what, Supplier<T> work) {
        long t0 = System.nanoTime();
        T result = work.get();
        nanos.merge(what, System.nanoTime() - t0, Long::sum);
        return result;
    }

    @TestFactory
    Stream<DynamicTest> countsEqualAmie3() {
        assertEquals(145, rules.size());
        return rules.stream().map(m -> DynamicTest.dynamicTest(m.rule().toAmie(), () -> {
            RuleMeasures expected = m.measures();
            Rule rule = m.rule();
            long support = timed("support", () -> runner.support(rule, KG.complete()));
            long body = timed("bodySize", () -> runner.bodySize(rule, KG.complete()));
            long pca = timed("pcaBodySize",
                    () -> runner.pcaBodySize(rule, KG.complete(), expected.functionalVariable()));
            assertEquals(List.of(expected.support(), expected.bodySize(), expected.pcaBodySize()),
                    List.of(support, body, pca), "support, body size, PCA body size");
        }));
    }

    @Test
    void functionalVariableMatchesAmie3() {
        Map<String, Integer> byRelation = new HashMap<>();
        for (MinedRule m : rules) {
            int fv = byRelation.computeIfAbsent(m.rule().head().relation(),
                    r -> runner.functionalVariable(r, KG.complete()));
            assertEquals(m.measures().functionalVariable(), fv, m.rule().toAmie());
        }
    }

    @Test
    void groundingsHoldAndCoverTheSupport() {
        for (MinedRule m : rules.subList(0, 20)) {
            Rule rule = m.rule();
            List<GroundingRow> all = timed("groundings", () -> runner.groundings(rule, KG.complete()));
            Set<List<Value>> pairs = new HashSet<>();
            boolean headInBody = rule.body().stream().anyMatch(a -> a.relation().equals(rule.head().relation()));
            for (GroundingRow g : all) {
                assertTrue(facts.contains(g.head()), "head of " + g);
                assertTrue(facts.containsAll(g.body()), "body of " + g);
                assertFalse(g.body().contains(g.head()), "a grounding never proves its head with itself: " + g);
                pairs.add(List.of(g.binding(0), g.binding(1)));
            }
            if (headInBody) {
                assertTrue(pairs.size() <= m.measures().support(), rule.toAmie());
            } else {
                assertEquals(m.measures().support(), pairs.size(), rule.toAmie());
            }
        }
    }

    @Test
    void seededSampleIsTheSameInStoreAndInJavaAndDependsOnTheSeed() {
        int checked = 0;
        for (MinedRule m : rules.subList(0, 15)) {
            Rule rule = m.rule();
            List<GroundingRow> inStore = timed("sampleInStore",
                    () -> runner.sampleGroundings(rule, KG.complete(), 30, 7, SparqlRuleRunner.Sampling.IN_STORE));
            List<GroundingRow> inJava = timed("sampleInJava",
                    () -> runner.sampleGroundings(rule, KG.complete(), 30, 7, SparqlRuleRunner.Sampling.IN_JAVA));
            assertEquals(inJava, inStore, rule.toAmie());
            assertEquals(Math.min(30, runner.groundings(rule, KG.complete()).size()), inStore.size());
            if (m.measures().support() > 100) {
                List<GroundingRow> other = runner.sampleGroundings(rule, KG.complete(), 30, 8);
                assertNotEquals(inStore, other, "another seed draws another sample: " + rule.toAmie());
                checked++;
            }
        }
        assertTrue(checked > 3);
    }

    @Test
    void predictionsOverIncompleteRecoverTheDeletedHeads() {
        try (RepositoryConnection c = repository.getConnection()) {
            c.prepareUpdate(QueryLanguage.SPARQL, SparqlFiles.render("copy-graph.ru",
                    Map.of("source", KG.complete(), "target", KG.incomplete()))).execute();
        }
        try {
            // one grounding per rule of a few rules, whose heads are none of the others' body triples
            List<GroundingRow> chosen = new ArrayList<>();
            Set<Statement> keep = new HashSet<>();
            Set<Statement> delete = new HashSet<>();
            for (MinedRule m : rules.subList(0, 20)) {
                for (GroundingRow g : runner.sampleGroundings(m.rule(), KG.complete(), 30, 1)) {
                    if (!keep.contains(g.head()) && g.body().stream().noneMatch(delete::contains)) {
                        chosen.add(g);
                        delete.add(g.head());
                        keep.addAll(g.body());
                        break;
                    }
                }
            }
            assertEquals(20, chosen.size());
            // the build's one way of deleting: a fresh copy of complete, then batched DELETE DATA
            List<Triple> heads = new ArrayList<>();
            for (Statement s : delete) {
                heads.add(new Triple(KG.privateId((IRI) s.getSubject()), KG.relationName(s.getPredicate()),
                        KG.privateId((IRI) s.getObject())));
            }
            heads.sort(null);
            IncompleteGraph.rebuild(repository, KG, heads, 7);
            for (Statement s : delete) {
                assertFalse(runner.ask(SparqlFiles.render("ask-triple.rq", Map.of("graph", KG.incomplete(),
                        "subject", s.getSubject(), "predicate", s.getPredicate(), "object", s.getObject()))));
            }
            for (GroundingRow g : chosen) {
                Rule rule = g.rule();
                IRI a = g.binding(0);
                IRI b = g.binding(1);
                List<Statement> predicted = timed("predictions", () -> runner.predictions(rule, KG.incomplete()));
                assertTrue(predicted.contains(g.head()), "predicted on incomplete: " + g.head());
                assertTrue(timed("bodyCheck", () -> runner.bodyHolds(rule, KG.incomplete(), a, b)));
                assertTrue(runner.predictions(rule, KG.incomplete(), a, Side.HEAD).contains(b));
                assertTrue(runner.predictions(rule, KG.incomplete(), b, Side.TAIL).contains(a));
                assertFalse(runner.predictions(rule, KG.complete(), a, Side.HEAD).contains(b), "head holds in complete");
                assertTrue(runner.derivations(rule, KG.complete(), a, Side.HEAD).contains(b));
                // the answer completion sees the deleted triple in complete only
                String relation = rule.head().relation();
                assertTrue(runner.answers(KG.complete(), relation, a, Side.HEAD).contains(b));
                assertTrue(runner.answers(KG.complete(), relation, b, Side.TAIL).contains(a));
                assertFalse(runner.answers(KG.incomplete(), relation, a, Side.HEAD).contains(b));
            }
            // every prediction over complete is a missing triple whose body holds
            for (MinedRule m : rules.subList(0, 10)) {
                List<Statement> predicted = runner.predictions(m.rule(), KG.complete());
                for (Statement p : predicted.subList(0, Math.min(20, predicted.size()))) {
                    assertFalse(facts.contains(p), p.toString());
                    assertTrue(runner.bodyHolds(m.rule(), KG.complete(), (IRI) p.getSubject(), (IRI) p.getObject()));
                }
            }
        } finally {
            try (RepositoryConnection c = repository.getConnection()) {
                c.clear(KG.incomplete());
            }
        }
    }

    @Test
    void bodyCheckIsFalseWhereTheBodyDoesNotHold() {
        Rule rule = rules.get(0).rule(); // ?b husband ?a => ?a wife ?b
        Statement fact = facts.stream().filter(s -> s.getPredicate().equals(KG.relation("husband"))).findFirst()
                .orElseThrow();
        IRI husband = (IRI) fact.getSubject();
        IRI wife = (IRI) fact.getObject();
        assertTrue(runner.bodyHolds(rule, KG.complete(), wife, husband));
        assertFalse(runner.bodyHolds(rule, KG.complete(), husband, wife));
        assertFalse(runner.bodyHolds(rule, KG.incomplete(), wife, husband), "no incomplete graph in this store");
    }

    @Test
    void batchedBodyChecksEqualOneAskPerPair() {
        // pairs where the body holds (each rule's facts) and where it mostly does not (the pair reversed, mixed)
        List<Statement> sample = new ArrayList<>(facts).subList(0, 40);
        int checked = 0;
        int held = 0;
        for (MinedRule m : rules.subList(0, 25)) {
            Rule rule = m.rule();
            List<List<IRI>> pairs = new ArrayList<>();
            for (Statement p : runner.predictions(rule, KG.complete()).stream().limit(15).toList()) {
                pairs.add(List.of((IRI) p.getSubject(), (IRI) p.getObject()));
            }
            for (Statement st : sample) {
                pairs.add(List.of((IRI) st.getSubject(), (IRI) st.getObject()));
                pairs.add(List.of((IRI) st.getObject(), (IRI) st.getSubject()));
            }
            Set<List<IRI>> batched = runner.bodiesHold(rule, KG.complete(), pairs);
            for (List<IRI> pair : pairs) {
                boolean one = runner.bodyHolds(rule, KG.complete(), pair.get(0), pair.get(1));
                assertEquals(one, batched.contains(pair), rule.toAmie() + " " + pair);
                checked++;
                held += one ? 1 : 0;
            }
        }
        assertTrue(held > 100 && held < checked - 100, held + " of " + checked + " hold: both outcomes must be tested");
    }

    /**
     * Which triples a graph holds: each fact, and the same facts reversed (mostly absent), in complete; none in a
     * graph the store does not have. Embedded stores are asked triple by triple, the others by batched query.
     */
    @Test
    void presentFindsExactlyTheTriplesTheGraphHolds() {
        List<List<Value>> asked = new ArrayList<>();
        Set<List<Value>> expected = new HashSet<>();
        for (Statement st : new ArrayList<>(facts).subList(0, 1_200)) {
            List<Value> triple = List.of(st.getSubject(), st.getPredicate(), st.getObject());
            List<Value> reversed = List.of((IRI) st.getObject(), st.getPredicate(), st.getSubject());
            asked.add(triple);
            asked.add(reversed);
            expected.add(triple);
            if (facts.contains(SimpleValueFactory.getInstance().createStatement((IRI) st.getObject(), st.getPredicate(),
                    st.getSubject()))) {
                expected.add(reversed);
            }
        }
        assertEquals(expected, runner.present(KG.complete(), asked));
        assertTrue(expected.size() < asked.size(), "some asked triples are absent");
        assertEquals(Set.of(), runner.present(KG.incomplete(), asked), "no incomplete graph in this store");
    }

    @Test
    void answersEqualTheFactsOnBothSides() {
        IRI father = KG.relation("father");
        Map<Value, Set<String>> children = new HashMap<>();
        Map<Value, Set<String>> fathers = new HashMap<>();
        for (Statement s : facts) {
            if (s.getPredicate().equals(father)) {
                children.computeIfAbsent(s.getSubject(), k -> new TreeSet<>()).add(s.getObject().stringValue());
                fathers.computeIfAbsent(s.getObject(), k -> new TreeSet<>()).add(s.getSubject().stringValue());
            }
        }
        int n = 0;
        for (Map.Entry<Value, Set<String>> e : children.entrySet()) {
            if (n++ > 25) {
                break;
            }
            List<String> got = runner.answers(KG.complete(), "father", (IRI) e.getKey(), Side.HEAD).stream()
                    .map(IRI::stringValue).toList();
            assertEquals(new ArrayList<>(e.getValue()), got);
        }
        Map.Entry<Value, Set<String>> child = fathers.entrySet().iterator().next();
        assertEquals(new ArrayList<>(child.getValue()), runner.answers(KG.complete(), "father",
                (IRI) child.getKey(), Side.TAIL).stream().map(IRI::stringValue).toList());
        assertTrue(runner.answers(KG.complete(), "father", KG.entity(999_999), Side.HEAD).isEmpty());
    }

    @Test
    void graphExistsOnlyForLoadedGraphs() {
        assertTrue(runner.graphExists(KG.complete()));
        assertFalse(runner.graphExists(KG.benchmark()));
    }
}
