package dev.lacuna.rules.sparql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.Dataset;
import org.apache.jena.query.DatasetFactory;
import org.apache.jena.query.QueryExecution;
import org.apache.jena.query.QuerySolution;
import org.apache.jena.query.ResultSet;
import org.apache.jena.sparql.core.DatasetGraph;
import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.Rule;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.StoreConfig;
import dev.lacuna.store.Stores;

/**
 * The compiled queries evaluated by another engine, Apache Jena ARQ (in-memory dataset): the counts equal
 * AMIE3's for all 145 Family rules, and the seeded sample of groundings drawn in Jena equals the one drawn in
 * an RDF4J store, so a sample is reproducible across stores, not only within one.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class JenaEvaluationTest {
    private static final KgGraphs KG = FamilyFixture.KG;
    private static final ValueFactory VF = SimpleValueFactory.getInstance();
    private final RuleCompiler compiler = new RuleCompiler(KG);
    private Dataset jena;
    private Repository rdf4j;
    private List<MinedRule> rules;

    @BeforeAll
    void load() throws Exception {
        List<Statement> triples = new ArrayList<>();
        for (String line : Files.readAllLines(FamilyFixture.facts())) {
            String[] t = line.split("\t");
            triples.add(VF.createStatement(KG.entity(Long.parseLong(t[0])), KG.relation(t[1]),
                    KG.entity(Long.parseLong(t[2]))));
        }
        jena = DatasetFactory.createTxnMem();
        DatasetGraph dsg = jena.asDatasetGraph();
        Node g = NodeFactory.createURI(KG.complete().stringValue());
        jena.executeWrite(() -> {
            for (Statement s : triples) {
                dsg.add(g, NodeFactory.createURI(s.getSubject().stringValue()),
                        NodeFactory.createURI(s.getPredicate().stringValue()),
                        NodeFactory.createURI(s.getObject().stringValue()));
            }
        });
        rdf4j = Stores.open(new StoreConfig.MemoryStoreConfig());
        try (RepositoryConnection c = rdf4j.getConnection()) {
            c.add(triples, KG.complete());
        }
        rules = FamilyFixture.rules();
    }

    @AfterAll
    void close() {
        rdf4j.shutDown();
    }

    private List<List<String>> select(String query) {
        List<List<String>> rows = new ArrayList<>();
        jena.executeRead(() -> {
            try (QueryExecution qe = QueryExecution.dataset(jena).query(query).build()) {
                ResultSet rs = qe.execSelect();
                List<String> vars = rs.getResultVars();
                while (rs.hasNext()) {
                    QuerySolution s = rs.next();
                    List<String> row = new ArrayList<>();
                    for (String v : vars) {
                        row.add(s.get(v).isLiteral() ? s.getLiteral(v).getLexicalForm() : s.getResource(v).getURI());
                    }
                    rows.add(row);
                }
            }
        });
        return rows;
    }

    private long count(String query) {
        return Long.parseLong(select(query).get(0).get(0));
    }

    @Test
    void countsEqualAmie3InJena() {
        assertEquals(145, rules.size());
        for (MinedRule m : rules) {
            Rule r = m.rule();
            assertEquals(List.of(m.measures().support(), m.measures().bodySize(), m.measures().pcaBodySize()),
                    List.of(count(compiler.support(r, KG.complete())), count(compiler.bodySize(r, KG.complete())),
                            count(compiler.pcaBodySize(r, KG.complete(), m.measures().functionalVariable()))),
                    r.toAmie());
        }
    }

    @Test
    void seededSampleIsTheSameInJenaAndInRdf4j() {
        SparqlRuleRunner runner = new SparqlRuleRunner(rdf4j, KG);
        int compared = 0;
        for (MinedRule m : rules) {
            if (compared == 12) {
                break;
            }
            if (m.measures().support() < 60) {
                continue;
            }
            Rule r = m.rule();
            List<List<String>> inJena = select(compiler.sampledGroundings(r, KG.complete(), 30, 2026));
            List<List<String>> inRdf4j = new ArrayList<>();
            for (Grounding g : runner.sampleGroundings(r, KG.complete(), 30, 2026, SparqlRuleRunner.Sampling.IN_STORE)) {
                inRdf4j.add(g.bindings().stream().map(IRI::stringValue).toList());
            }
            List<List<String>> inJava = new ArrayList<>();
            for (Grounding g : runner.sampleGroundings(r, KG.complete(), 30, 2026, SparqlRuleRunner.Sampling.IN_JAVA)) {
                inJava.add(g.bindings().stream().map(IRI::stringValue).toList());
            }
            assertEquals(30, inJena.size());
            assertEquals(inRdf4j, inJena, r.toAmie());
            assertEquals(inJava, inJena, r.toAmie());
            compared++;
        }
        assertEquals(12, compared);
    }

    @Test
    void predictionsAndAnswersAgreeBetweenJenaAndRdf4j() {
        SparqlRuleRunner runner = new SparqlRuleRunner(rdf4j, KG);
        for (MinedRule m : rules.subList(0, 8)) {
            Rule r = m.rule();
            List<List<String>> inJena = select(compiler.predictions(r, KG.complete()));
            inJena.sort(Comparator.comparing((List<String> x) -> x.get(0)).thenComparing(x -> x.get(1)));
            List<List<String>> inRdf4j = runner.predictions(r, KG.complete()).stream()
                    .map(s -> List.of(s.getSubject().stringValue(), s.getObject().stringValue())).toList();
            assertEquals(inRdf4j, inJena, r.toAmie());
        }
        IRI topic = KG.entity(1143);
        List<String> fromJena = select(compiler.answers(KG.complete(), "father", topic, Side.HEAD)).stream()
                .map(row -> row.get(0)).toList();
        assertTrue(!fromJena.isEmpty());
        assertEquals(runner.answers(KG.complete(), "father", topic, Side.HEAD).stream().map(IRI::stringValue).toList(),
                fromJena);
    }
}
