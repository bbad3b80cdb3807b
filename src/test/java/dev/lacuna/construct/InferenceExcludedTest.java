package dev.lacuna.construct;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.model.vocabulary.RDFS;
import org.eclipse.rdf4j.query.TupleQueryResult;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.RepositoryResult;
import org.eclipse.rdf4j.repository.http.HTTPRepository;
import org.eclipse.rdf4j.repository.sparql.SPARQLRepository;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.cli.CliRunner;
import dev.lacuna.rules.AmieRules;
import dev.lacuna.serve.Exposure;
import dev.lacuna.serve.LacunaEndpoint;
import dev.lacuna.store.InferenceCheck;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.testing.GraphDb;
import dev.lacuna.testing.Rdf4jServer;

/**
 * A store that infers never reaches what Lacuna builds, verifies or serves. On GraphDB with ruleset
 * owl-horst-optimized and on an RDF4J Server repository with RDF4J's RDFS inferencer, a schema triple planted in a
 * graph of its own ({@code father rdfs:subPropertyOf husband}) makes every father triple an inferable husband triple
 * (RDF4J's inferencer even puts it in the complete and incomplete graphs themselves); the benchmark is still byte for
 * byte the one built in LMDB, verify passes, the endpoint serves the explicit incomplete graph only, and load and
 * build warn that the repository infers.
 */
@ExtendWith({GraphDb.class, Rdf4jServer.class})
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class InferenceExcludedTest {
    private static final KgGraphs KG = FamilyBuild.KG;
    private static final IRI SCHEMA_GRAPH = SimpleValueFactory.getInstance().createIRI("http://example.org/schema");

    private Path tmp;
    private Path family;
    private Path rules;
    private Path lmdbOut;

    @BeforeAll
    void lmdbBenchmark(@TempDir Path dir) throws IOException {
        tmp = dir;
        family = FamilyBuild.bundledFamily(tmp);
        rules = tmp.resolve("rules.tsv");
        AmieRules.write(FamilyBuild.referenceRules().subList(0, 30), rules);
        lmdbOut = tmp.resolve("lmdb-out");
        String store = "lmdb:" + tmp.resolve("lmdb");
        assertEquals(0, CliRunner.run("load", "--store", store, "--kg", "family", family.toString()).code());
        CliRunner.Run build = CliRunner.run("build", "--store", store, "--kg", "family", "--rules", rules.toString(),
                "--out", lmdbOut.toString());
        assertEquals(0, build.code(), build.toString());
        assertFalse(build.err().contains("infers"), build.err());
    }

    @Test
    void graphDbWithOwlHorst(GraphDb graphDb) throws Exception {
        String id = graphDb.createRepository("owl-horst", "owl-horst-optimized");
        HTTPRepository repository = graphDb.repository(id);
        try {
            inferenceNeverReachesTheBenchmark(graphDb.storeArgs(id), repository, "graphdb-out");
        } finally {
            repository.shutDown();
            graphDb.deleteRepository(id);
        }
    }

    @Test
    void rdf4jWithRdfsInferencer(Rdf4jServer server) throws Exception {
        String id = server.createRepository("rdfs", Rdf4jServer.StoreKind.RDFS_MEMORY);
        HTTPRepository repository = server.repository(id);
        try {
            inferenceNeverReachesTheBenchmark(new String[] {"--repository", server.repositoryUrl(id)}, repository, "rdfs-out");
        } finally {
            repository.shutDown();
            server.deleteRepository(id);
        }
    }

    private void inferenceNeverReachesTheBenchmark(String[] store, Repository repository, String outName) throws Exception {
        CliRunner.Run load = CliRunner.run(CliRunner.with("load", store, "--kg", "family", family.toString()));
        assertEquals(0, load.code(), load.toString());
        assertTrue(load.err().contains("infers statements") && load.err().contains("ruleset \"empty\""), load.err());

        IRI father = KG.relation("father");
        IRI husband = KG.relation("husband");
        try (RepositoryConnection c = repository.getConnection()) {
            c.add(father, RDFS.SUBPROPERTYOF, husband, SCHEMA_GRAPH);
        }
        long explicitBefore = explicitSize(repository);
        assertTrue(InferenceCheck.infers(repository));
        assertEquals(explicitBefore, explicitSize(repository), "the inference probe left statements behind");
        Statement planted = inferableHusband(repository, father, husband);
        assertNotNull(planted, "the store should infer a husband triple from a father triple");

        Path out = tmp.resolve(outName);
        CliRunner.Run build = CliRunner.run(CliRunner.with("build", store, "--kg", "family", "--rules", rules.toString(),
                "--out", out.toString()));
        assertEquals(0, build.code(), build.toString());
        assertTrue(build.err().contains("infers statements"), build.err());
        CliRunner.Run verify = CliRunner.run(CliRunner.with("verify", store, out.toString()));
        assertEquals(0, verify.code(), verify.toString());
        List<Path> files = files(lmdbOut);
        assertEquals(files, files(out));
        for (Path f : files) {
            assertArrayEquals(Files.readAllBytes(lmdbOut.resolve(f)), Files.readAllBytes(out.resolve(f)), f.toString());
        }

        long explicitIncomplete;
        try (RepositoryConnection c = repository.getConnection();
                RepositoryResult<Statement> it = c.getStatements(null, null, null, false, KG.incomplete())) {
            explicitIncomplete = it.stream().count();
            assertTrue(c.hasStatement(planted.getSubject(), husband, planted.getObject(), true),
                    "the store still infers the planted triple after the build");
        }
        LacunaEndpoint endpoint = LacunaEndpoint.builder().repository(repository).kg(KG).port(0)
                .expose(Exposure.parse("incomplete")).build().start();
        SPARQLRepository client = new SPARQLRepository(endpoint.url() + "sparql");
        try (RepositoryConnection c = client.getConnection()) {
            assertFalse(c.prepareBooleanQuery("ASK { <" + planted.getSubject() + "> <" + husband + "> <"
                    + planted.getObject() + "> }").evaluate(), "the endpoint served an inferred triple");
            try (TupleQueryResult r = c.prepareTupleQuery("SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }").evaluate()) {
                assertEquals(explicitIncomplete, Long.parseLong(r.next().getValue("n").stringValue()));
            }
        } finally {
            client.shutDown();
            endpoint.stop();
        }
    }

    private static long explicitSize(Repository repository) {
        try (RepositoryConnection c = repository.getConnection();
                RepositoryResult<Statement> all = c.getStatements(null, null, null, false)) {
            return all.stream().count();
        }
    }

    /** A father triple of complete whose husband triple is not in the KG but is inferred by the store. */
    private static Statement inferableHusband(Repository repository, IRI father, IRI husband) {
        try (RepositoryConnection c = repository.getConnection();
                RepositoryResult<Statement> fathers = c.getStatements(null, father, null, false, KG.complete())) {
            for (Statement st : fathers) {
                if (!c.hasStatement(st.getSubject(), husband, st.getObject(), false)
                        && c.hasStatement(st.getSubject(), husband, st.getObject(), true)) {
                    return st;
                }
            }
        }
        return null;
    }

    private static List<Path> files(Path root) throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(Files::isRegularFile).map(root::relativize).sorted().toList();
        }
    }
}
