package dev.lacuna.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.eclipse.rdf4j.query.BindingSet;
import org.eclipse.rdf4j.query.TupleQueryResult;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.sparql.SPARQLRepository;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.lacuna.cli.CliRunner;
import dev.lacuna.questions.Question;
import dev.lacuna.serve.KgView;
import dev.lacuna.serve.LabelMode;
import dev.lacuna.serve.LacunaEndpoint;
import dev.lacuna.serve.Shape;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.StoreConfig;
import dev.lacuna.store.Stores;

/**
 * The freebase export of the Family benchmark bulk-loaded into a real OpenLink Virtuoso (Debian's
 * virtuoso-opensource 7.2: virtuoso-t on free ports in a temporary folder, ld_dir + rdf_loader_run through
 * isql-vt), and ToG's and PoG's query templates (ToG/utils/freebase_func.py) replayed against it and against
 * {@code lacuna serve --shape freebase --labels source} on the store the benchmark was built from: the same
 * answers. Skipped, with the reason, where Virtuoso is not installed.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class VirtuosoExportTest {
    private static final Path VIRTUOSO = Path.of("/usr/bin/virtuoso-t");
    private static final Path ISQL = Path.of("/usr/bin/isql-vt");
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
    private Process virtuoso;
    private String virtuosoSparql;
    private Repository store;
    private LacunaEndpoint lacuna;
    private JsonNode questions;

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @BeforeAll
    void start() throws Exception {
        assumeTrue(Files.isExecutable(VIRTUOSO) && Files.isExecutable(ISQL),
                "needs Debian's virtuoso-opensource (virtuoso-t, isql-vt): apt-get install virtuoso-opensource");
        Path bench = FamilyExport.benchmark();
        Path out = tmp.resolve("freebase");
        CliRunner.Run run = CliRunner.run("export", "--benchmark", bench.toString(), "--format", "freebase",
                "--labels", "source", "--out", out.toString());
        assertEquals(0, run.code(), run.toString());
        questions = new ObjectMapper().readTree(out.resolve("questions/test.json").toFile());

        Path db = Files.createDirectories(tmp.resolve("virtuoso"));
        int sqlPort = freePort();
        int httpPort = freePort();
        String d = db.toAbsolutePath().toString();
        Files.writeString(db.resolve("virtuoso.ini"), String.join("\n",
                "[Database]", "DatabaseFile = " + d + "/virtuoso.db", "ErrorLogFile = " + d + "/virtuoso.log",
                "LockFile = " + d + "/virtuoso.lck", "TransactionFile = " + d + "/virtuoso.trx",
                "xa_persistent_file = " + d + "/virtuoso.pxa", "Striping = 0", "TempStorage = TempDatabase",
                "[TempDatabase]", "DatabaseFile = " + d + "/virtuoso-temp.db", "TransactionFile = " + d + "/virtuoso-temp.trx",
                "[Parameters]", "ServerPort = 127.0.0.1:" + sqlPort, "DisableUnixSocket = 1",
                "DirsAllowed = ., " + out.toAbsolutePath(), "NumberOfBuffers = 10000", "MaxDirtyBuffers = 6000",
                "[HTTPServer]", "ServerPort = 127.0.0.1:" + httpPort, "ServerRoot = " + d,
                "MaxClientConnections = 4", "ServerThreads = 4",
                "[SPARQL]", "ResultSetMaxRows = 100000", "MaxQueryExecutionTime = 60", ""), StandardCharsets.UTF_8);
        virtuoso = new ProcessBuilder(VIRTUOSO.toString(), "+foreground", "+configfile", "virtuoso.ini")
                .directory(db.toFile()).redirectErrorStream(true).redirectOutput(db.resolve("stdout.log").toFile()).start();
        Path log = db.resolve("stdout.log"); // with +foreground the server logs to standard output
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (!(Files.exists(log) && Files.readString(log).contains("Server online"))) {
            assertTrue(virtuoso.isAlive(), () -> "virtuoso-t exited: " + read(log));
            assertTrue(System.nanoTime() < deadline, () -> "virtuoso-t not online after 120 s: " + read(log));
            Thread.sleep(200);
        }
        Process load = new ProcessBuilder(ISQL.toString(), "127.0.0.1:" + sqlPort, "dba", "dba",
                "exec=ld_dir('" + out.toAbsolutePath() + "', 'incomplete.freebase.nt', 'https://lacuna.dev/freebase');"
                        + " rdf_loader_run(); checkpoint;")
                .redirectErrorStream(true).start();
        String loadOutput = new String(load.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(load.waitFor(120, TimeUnit.SECONDS) && load.exitValue() == 0, loadOutput);
        virtuosoSparql = "http://127.0.0.1:" + httpPort + "/sparql";

        store = Stores.open(new StoreConfig.NativeStoreConfig(FamilyExport.store()));
        lacuna = LacunaEndpoint.builder().repository(store).kg(KgGraphs.of("default")).port(0)
                .labels(LabelMode.SOURCE).shape(Shape.FREEBASE).compat(true).build().start();
    }

    private static String read(Path log) {
        try {
            return Files.exists(log) ? Files.readString(log) : "(no log)";
        } catch (IOException e) {
            return e.toString();
        }
    }

    @AfterAll
    void stop() throws InterruptedException {
        if (lacuna != null) {
            lacuna.stop();
        }
        if (store != null) {
            store.shutDown();
        }
        if (virtuoso != null) {
            virtuoso.destroy();
            if (!virtuoso.waitFor(30, TimeUnit.SECONDS)) {
                virtuoso.destroyForcibly();
            }
        }
    }

    private static List<String> select(String endpoint, String query, String var) {
        SPARQLRepository client = new SPARQLRepository(endpoint);
        List<String> out = new ArrayList<>();
        try (RepositoryConnection c = client.getConnection(); TupleQueryResult r = c.prepareTupleQuery(query).evaluate()) {
            for (BindingSet b : r) {
                out.add(b.getValue(var).stringValue().replace(KgView.FREEBASE_NS, ""));
            }
        } finally {
            client.shutDown();
        }
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
