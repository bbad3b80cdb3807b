package dev.lacuna.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.eclipse.rdf4j.repository.Repository;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.lacuna.cli.CliRunner;
import dev.lacuna.questions.Question;
import dev.lacuna.serve.Exposure;
import dev.lacuna.view.KgView;
import dev.lacuna.view.LabelMode;
import dev.lacuna.serve.LacunaEndpoint;
import dev.lacuna.view.Shape;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.testing.FreebaseClient;
import dev.lacuna.testing.Virtuoso;

/**
 * The freebase export of the Family benchmark bulk-loaded into a real OpenLink Virtuoso (Debian's
 * virtuoso-opensource 7.2, {@link Virtuoso}: bulk loaded with ld_dir + rdf_loader_run), and ToG's and PoG's query templates (ToG/utils/freebase_func.py) replayed against it and against
 * {@code lacuna serve --shape freebase --labels source} on the store the benchmark was built from: the same
 * answers.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class VirtuosoExportTest {
    private static final String HEAD_RELATIONS = "\nPREFIX ns: <http://rdf.freebase.com/ns/>\nSELECT ?relation\nWHERE {\n  ns:%s ?relation ?x .\n}";
    private static final String TAIL_RELATIONS = "\nPREFIX ns: <http://rdf.freebase.com/ns/>\nSELECT ?relation\nWHERE {\n  ?x ?relation ns:%s .\n}";
    private static final String POG_HEAD_RELATIONS = "\nPREFIX ns: <http://rdf.freebase.com/ns/>\nSELECT DISTINCT ?relation\nWHERE {\n  ns:%s ?relation ?x .\n}";
    private static final String TAIL_ENTITIES = "PREFIX ns: <http://rdf.freebase.com/ns/>\nSELECT ?tailEntity\nWHERE {\nns:%s ns:%s ?tailEntity .\n}";
    private static final String HEAD_ENTITIES = "PREFIX ns: <http://rdf.freebase.com/ns/>\nSELECT ?tailEntity\nWHERE {\n?tailEntity ns:%s ns:%s  .\n}";
    private static final String NAME = "PREFIX ns: <http://rdf.freebase.com/ns/>\nSELECT DISTINCT ?tailEntity\nWHERE {\n  {\n"
            + "    ?entity ns:type.object.name ?tailEntity .\n    FILTER(?entity = ns:%s)\n  }\n  UNION\n  {\n"
            + "    ?entity <http://www.w3.org/2002/07/owl#sameAs> ?tailEntity .\n    FILTER(?entity = ns:%s)\n  }\n}";

    @TempDir
    static Path tmp;
    private Virtuoso virtuoso;
    private String virtuosoSparql;
    private Repository store;
    private LacunaEndpoint lacuna;
    private JsonNode questions;

    @BeforeAll
    void start() throws Exception {
        Path bench = FamilyExport.benchmark();
        Path out = tmp.resolve("freebase");
        CliRunner.Run run = CliRunner.run("export", "--benchmark", bench.toString(), "--format", "freebase",
                "--labels", "source", "--out", out.toString());
        assertEquals(0, run.code(), run.toString());
        questions = new ObjectMapper().readTree(out.resolve("questions/test.json").toFile());

        virtuoso = Virtuoso.start(tmp.resolve("virtuoso"));
        virtuoso.bulkLoad(out.resolve("incomplete.freebase.nt"), "https://lacuna.dev/freebase");
        virtuosoSparql = virtuoso.sparqlUrl();

        store = FamilyExport.store();
        lacuna = LacunaEndpoint.builder().repository(store).kg(KgGraphs.of("default")).port(0)
                .expose(Exposure.parse("complete,incomplete")) // the test compares both graphs
                .labels(LabelMode.SOURCE).shape(Shape.FREEBASE).compat(true).build().start();
    }

    @AfterAll
    void stop() throws InterruptedException {
        if (lacuna != null) {
            lacuna.stop();
        }
        if (virtuoso != null) {
            virtuoso.close();
        }
    }

    private static List<String> select(String endpoint, String query, String var) {
        List<String> out = new ArrayList<>(FreebaseClient.select(endpoint, query, var));
        out.sort(null);
        return out;
    }

    private void same(String query, String var, Set<String> seen) {
        List<String> fromVirtuoso = select(virtuosoSparql, query, var);
        List<String> fromLacuna = select(lacuna.url() + "sparql/incomplete", query, var);
        assertEquals(fromLacuna, fromVirtuoso, query);
        seen.addAll(fromVirtuoso);
    }

    @Test
    void togAndPogTemplatesGiveTheSameAnswersAsServe() {
        Set<String> seen = new HashSet<>();
        int asked = 0;
        for (JsonNode q : questions) {
            if (asked++ == 25) {
                break;
            }
            String mid = q.get("topic_entity").fieldNames().next();
            same(String.format(HEAD_RELATIONS, mid), "relation", seen);
            same(String.format(TAIL_RELATIONS, mid), "relation", seen);
            same(String.format(POG_HEAD_RELATIONS, mid), "relation", seen);
            same(String.format(NAME, mid, mid), "tailEntity", seen);
            for (String relation : select(virtuosoSparql, String.format(POG_HEAD_RELATIONS, mid), "relation")) {
                same(String.format(TAIL_ENTITIES, mid, relation), "tailEntity", seen);
                same(String.format(HEAD_ENTITIES, relation, mid), "tailEntity", seen);
            }
            // The topic's name in Virtuoso is the one the exported question uses.
            assertEquals(List.of(q.get("topic_entity").get(mid).asText()),
                    select(virtuosoSparql, String.format(NAME, mid, mid), "tailEntity"));
        }
        assertTrue(seen.size() > 100, "the templates returned something to compare: " + seen.size());
    }

    @Test
    void theDeletedTriplesAreNotInVirtuosoAndEveryEntityHasOneName() throws IOException {
        int checked = 0;
        for (Question q : FamilyExport.questions(FamilyExport.benchmark())) {
            List<String> head = q.grounding().head();
            String relation = KgView.dottedName(head.get(1));
            List<String> tails = select(virtuosoSparql, String.format(TAIL_ENTITIES, "m." + head.get(0), relation), "tailEntity");
            assertFalse(tails.contains("m." + head.get(2)), "deleted triple " + head + " is in Virtuoso");
            List<String> complete = select(lacuna.url() + "sparql/complete",
                    String.format(TAIL_ENTITIES, "m." + head.get(0), relation), "tailEntity");
            assertTrue(complete.contains("m." + head.get(2)), "and it is in the complete graph: " + head);
            if (++checked == 40) {
                break;
            }
        }
        assertEquals(List.of("2920"), select(virtuosoSparql,
                "SELECT (COUNT(*) AS ?n) WHERE { ?s <http://rdf.freebase.com/ns/type.object.name> ?o }", "n"));
    }
}
