package dev.lacuna.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.query.TupleQueryResult;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.RepositoryResult;
import org.eclipse.rdf4j.repository.sparql.SPARQLRepository;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.cli.CliRunner;
import dev.lacuna.cli.Main;
import dev.lacuna.serve.LacunaEndpoint;
import dev.lacuna.testing.FreebaseClient;
import dev.lacuna.testing.TestData;
import dev.lacuna.testing.Virtuoso;

/**
 * {@code --sparql URL} against a real Virtuoso 7.2 set up as a lab runs it ({@link Virtuoso}: the anonymous user
 * only reads, updates go to {@code /sparql-auth} with HTTP Digest as a user granted SPARQL_UPDATE): load, build,
 * verify and serve work end to end with the user's credentials and write the same benchmark as an embedded store.
 * Virtuoso answers ASK with a table and runs out of memory on large INSERT DATA requests;
 * {@link SparqlEndpointRepository} handles both.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class VirtuosoStoreTest {
    private static final SimpleValueFactory VF = SimpleValueFactory.getInstance();
    private Virtuoso virtuoso;
    private Path dir;
    private Path credentials;
    private Path rules;
    private String facts;

    @BeforeAll
    void start(@TempDir Path dir) throws Exception {
        this.dir = dir;
        virtuoso = Virtuoso.start(dir.resolve("virtuoso"));
        credentials = virtuoso.credentialsFile(dir.resolve("virtuoso.credentials"));
        // The first 12 of AMIE3's Family rules keep a build to seconds; every stage still runs.
        List<String> lines = Files.readAllLines(TestData.amie3("family-maxad3.tsv"));
        rules = Files.write(dir.resolve("rules.tsv"), lines.subList(0, 13));
        facts = TestData.kg("family", "facts.txt").toString();
    }

    @AfterAll
    void stop() throws Exception {
        virtuoso.close();
    }

    /** {@code lacuna COMMAND --sparql ... --sparql-update .../sparql-auth --credentials FILE ARGS...}. */
    private CliRunner.Run lacuna(String command, String... args) {
        return lacunaAs(credentials, command, args);
    }

    private CliRunner.Run lacunaAs(Path credentialsFile, String command, String... args) {
        List<String> line = new ArrayList<>(List.of(command, "--sparql", virtuoso.sparqlUrl(),
                "--sparql-update", virtuoso.updateUrl()));
        if (credentialsFile != null) {
            line.addAll(List.of("--credentials", credentialsFile.toString()));
        }
        line.addAll(List.of(args));
        return CliRunner.run(line.toArray(String[]::new));
    }

    private SparqlCredentials user() {
        return SparqlCredentials.fromFile(credentials);
    }

    @Test
    void askIsReadFromVirtuosoTablesAndLargeAddsArriveWhole() {
        Repository repo = new SparqlEndpointRepository(virtuoso.sparqlUrl(), virtuoso.updateUrl(), user());
        IRI graph = VF.createIRI("urn:lacuna:test:ask");
        try (RepositoryConnection c = repo.getConnection()) {
            assertFalse(c.hasStatement(null, null, null, false, graph), "empty graph");
            List<Statement> many = Stream.iterate(0, i -> i + 1).limit(25_000)
                    .map(i -> VF.createStatement(VF.createIRI("urn:s:" + i), VF.createIRI("urn:p"), VF.createIRI("urn:o:" + i)))
                    .collect(Collectors.toList());
            c.begin();
            c.add(many, graph);
            c.commit();
            assertTrue(c.hasStatement(VF.createIRI("urn:s:24999"), null, null, false, graph));
            assertEquals(25_000, c.size(graph));
            assertTrue(c.prepareBooleanQuery("ASK { GRAPH <urn:lacuna:test:ask> { <urn:s:7> ?p ?o } }").evaluate());
            assertFalse(c.prepareBooleanQuery("ASK { GRAPH <urn:lacuna:test:ask> { <urn:s:7> ?p <urn:o:8> } }").evaluate());
            try (RepositoryResult<Statement> r = c.getStatements(VF.createIRI("urn:s:3"), null, null, false, graph)) {
                assertEquals(graph, r.next().getContext(), "statements of a named graph carry it");
            }
            c.clear(graph);
        } finally {
            repo.shutDown();
        }
    }

    @Test
    void familyBuildsVerifiesAndServesAsOnAnEmbeddedStore() throws Exception {
        CliRunner.Run load = lacuna("load", "--kg", "family", facts);
        assertEquals(0, load.code(), load.toString());
        CliRunner.Run again = lacuna("load", "--kg", "family", facts);
        assertEquals(2, again.code(), "a second load without --replace is refused: " + again);
        CliRunner.Run stats = lacuna("stats", "--kg", "family");
        assertEquals(0, stats.code(), stats.toString());
        // benchmark.trig included: Virtuoso prints the rules' xsd:double measures as decimals, which the store
        // adapter reads back as the doubles Lacuna wrote.
        Path onVirtuoso = sameBuildAsOnANativeStore("family", List.of("--rules", rules.toString()),
                List.of("kg/complete.tsv", "kg/incomplete.tsv", "kg/removed.tsv", "entities.tsv", "rules.tsv",
                        "questions/train.jsonl", "questions/valid.jsonl", "questions/test.jsonl", "summary.json",
                        "benchmark.trig"));
        assertTrue(Files.size(onVirtuoso.resolve("kg/removed.tsv")) > 0, "the build removed triples");

        // serve in front of the secured Virtuoso shows the incomplete graph, as built.
        Repository repo = new SparqlEndpointRepository(virtuoso.sparqlUrl(), virtuoso.updateUrl(), user());
        LacunaEndpoint endpoint = LacunaEndpoint.builder().repository(repo).kg(KgGraphs.of("family")).port(0).build().start();
        try {
            long incomplete;
            try (Stream<String> tsv = Files.lines(onVirtuoso.resolve("kg/incomplete.tsv"))) {
                incomplete = tsv.count();
            }
            assertEquals(List.of(Long.toString(incomplete)), FreebaseClient.select(endpoint.url() + "sparql",
                    "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }", "n"));
        } finally {
            endpoint.stop();
            repo.shutDown();
        }
    }

    /**
     * The ladder to depth 3 with both broken graphs composes with Virtuoso as with an embedded store: the build passes
     * its own verify and {@code lacuna verify}, and its files, proofs, traps and noisy graph included, are the
     * embedded store's.
     */
    @Test
    void theLadderWithBrokenGraphsIsTheSameAsOnAnEmbeddedStore() throws Exception {
        List<String> options = List.of("--rules", rules.toString(), "--depth", "3", "--break", "replace", "--noise",
                "0.2", "--seed", "2");
        assertEquals(0, lacuna("load", "--kg", "ladder", facts).code());
        Path onVirtuoso = sameBuildAsOnANativeStore("ladder", options, List.of("kg/complete.tsv",
                "kg/incomplete.tsv", "kg/removed.tsv", "kg/replaced.tsv", "kg/noisy.tsv", "entities.tsv", "rules.tsv",
                "questions/train.jsonl", "questions/valid.jsonl", "questions/test.jsonl", "summary.json", "benchmark.trig"));
        assertTrue(Files.readString(onVirtuoso.resolve("questions/train.jsonl")).contains("\"depth\":3"),
                "the ladder reached depth 3");
    }

    @Test
    void otherGraphsOfTheStoreStayByteForByteTheSame() throws Exception {
        // A lab's Virtuoso holds Freebase in a graph of its own; and triples loaded without a graph land in one too.
        Path freebase = Files.writeString(dir.resolve("virtuoso").resolve("freebase.nt"), String.join("\n",
                "<http://rdf.freebase.com/ns/m.0abc> <http://rdf.freebase.com/ns/type.object.name> \"Ada\"@en .",
                "<http://rdf.freebase.com/ns/m.0abc> <http://rdf.freebase.com/ns/people.person.sibling_s> <http://rdf.freebase.com/ns/m.0def> .",
                "<http://rdf.freebase.com/ns/m.0def> <http://rdf.freebase.com/ns/type.object.name> \"Ben\"@en .", ""));
        virtuoso.bulkLoad(freebase, "http://freebase.com");
        virtuoso.sql("SPARQL INSERT INTO GRAPH <http://localhost:8890/DAV> { <urn:lab:note> <urn:lab:says> \"keep me\" };");
        String freebaseBefore = dump("http://freebase.com");
        String defaultBefore = dump("http://localhost:8890/DAV");
        List<String> graphsBefore = graphs();
        assertTrue(freebaseBefore.contains("Ada") && defaultBefore.contains("keep me"), freebaseBefore + defaultBefore);

        assertEquals(0, lacuna("load", "--kg", "kept", facts).code());
        Path out = dir.resolve("kept-out");
        CliRunner.Run build = lacuna("build", "--kg", "kept", "--rules", rules.toString(), "--out", out.toString());
        assertEquals(0, build.code(), build.toString());
        CliRunner.Run replace = lacuna("load", "--kg", "kept", "--replace", facts);
        assertEquals(0, replace.code(), replace.toString());

        assertEquals(freebaseBefore, dump("http://freebase.com"));
        assertEquals(defaultBefore, dump("http://localhost:8890/DAV"));
        List<String> added = graphs();
        added.removeAll(graphsBefore);
        assertFalse(added.isEmpty());
        for (String graph : added) {
            assertTrue(graph.startsWith(KgGraphs.of("kept").prefix()), "Lacuna wrote only its own graphs: " + graph);
        }
    }

    @Test
    void aWrongPasswordIsRefusedWithNothingWritten() throws Exception {
        assertEquals(0, lacuna("load", "--kg", "guarded", facts).code());
        String wrongPassword = "not-" + virtuoso.password();
        Path wrong = Files.writeString(dir.resolve("wrong.credentials"), "user=" + Virtuoso.USER + "\npassword="
                + wrongPassword + "\n");
        Files.setPosixFilePermissions(wrong, PosixFilePermissions.fromString("rw-------"));
        List<String> graphsBefore = graphs();

        CliRunner.Run load = lacunaAs(wrong, "load", "--kg", "refused", facts);
        assertEquals(2, load.code(), load.toString());
        assertTrue(load.err().contains("refused the credentials of user 'lacuna'"), load.toString());
        CliRunner.Run build = lacunaAs(wrong, "build", "--kg", "guarded", "--rules", rules.toString(), "--out",
                dir.resolve("refused-out").toString());
        assertEquals(2, build.code(), build.toString());
        assertTrue(build.err().contains("refused the credentials"), build.toString());
        assertFalse((load + build.toString()).contains(wrongPassword), "the password is not repeated");

        assertEquals(graphsBefore, graphs(), "nothing was written");
        assertFalse(Files.exists(dir.resolve("refused-out")));
    }

    @Test
    void missingCredentialsAreNamedAsSuch() throws Exception {
        List<String> graphsBefore = graphs();
        CliRunner.Run auth = lacunaAs(null, "load", "--kg", "anonymous", facts);
        assertEquals(2, auth.code(), auth.toString());
        assertTrue(auth.err().contains("/sparql-auth answered 401 Unauthorized: it needs credentials: set "
                + "LACUNA_SPARQL_USER/LACUNA_SPARQL_PASSWORD or --credentials FILE"), auth.toString());
        // Updates sent where Virtuoso's anonymous user only reads.
        CliRunner.Run open = CliRunner.run("load", "--sparql", virtuoso.sparqlUrl(), "--kg", "anonymous", facts);
        assertEquals(2, open.code(), open.toString());
        assertTrue(open.err().contains("has no permission to update") && open.err().contains("/sparql-auth"),
                open.toString());
        assertEquals(graphsBefore, graphs(), "nothing was written");
    }

    @Test
    void aCredentialsFileOthersCanReadIsRefused() throws Exception {
        Path shared = Files.copy(credentials, dir.resolve("shared.credentials"));
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rw-r-----"));
        CliRunner.Run load = lacunaAs(shared, "load", "--kg", "shared", facts);
        assertEquals(2, load.code(), load.toString());
        assertTrue(load.err().contains("chmod 600"), load.toString());
        assertFalse(load.toString().contains(virtuoso.password()));
        CliRunner.Run inUrl = CliRunner.run("stats", "--sparql", "http://lacuna:" + virtuoso.password() + "@127.0.0.1:1/sparql");
        assertEquals(2, inUrl.code(), inUrl.toString());
        assertFalse(inUrl.toString().contains(virtuoso.password()), "a URL with a password is refused unquoted");
    }

    /**
     * The way a user runs it: {@code lacuna} in its own process, the credentials in the environment; with RDF4J's and
     * HttpClient's DEBUG logging (headers and wire) for the load and a stack trace for a refusal, the password is in
     * no line printed, no file of the folder and no graph of the store.
     */
    @Test
    void credentialsFromTheEnvironmentAppearInNoOutput() throws Exception {
        String password = virtuoso.password();
        Map<String, String> env = Map.of("LACUNA_SPARQL_USER", Virtuoso.USER, "LACUNA_SPARQL_PASSWORD", password,
                "LACUNA_DEBUG", "1");
        List<String> debug = List.of("-Dorg.slf4j.simpleLogger.defaultLogLevel=debug",
                "-Dorg.slf4j.simpleLogger.log.org.apache.http=debug", "-Dorg.slf4j.simpleLogger.log.org.eclipse.rdf4j=debug");
        String[] store = {"--sparql", virtuoso.sparqlUrl(), "--sparql-update", virtuoso.updateUrl()};
        Path out = dir.resolve("env-out");
        StringBuilder printed = new StringBuilder();

        Child load = child(env, debug, "load", store, "--kg", "env", facts);
        assertEquals(0, load.code(), load.output());
        assertTrue(load.output().contains("Authorization: Digest"), "HttpClient's headers were logged: the test can see");
        assertTrue(load.output().contains("writing only the graphs https://lacuna.dev/kg/env/complete and "
                + "https://lacuna.dev/kg/env/labels"), load.output().lines().limit(40).collect(Collectors.joining("\n")));
        printed.append(load.output());
        Child build = child(env, List.of(), "build", store, "--kg", "env", "--rules", rules.toString(), "--out",
                out.toString());
        assertEquals(0, build.code(), build.output());
        assertTrue(build.output().contains("writing only the graphs https://lacuna.dev/kg/env/incomplete"), build.output());
        printed.append(build.output());
        Child verify = child(env, List.of(), "verify", store, out.toString());
        assertEquals(0, verify.code(), verify.output());
        printed.append(verify.output());
        Map<String, String> wrong = new HashMap<>(env);
        wrong.put("LACUNA_SPARQL_PASSWORD", password + "x");
        Child refused = child(wrong, debug, "load", store, "--kg", "env-refused", facts);
        assertEquals(2, refused.code(), refused.output());
        printed.append(refused.output());

        assertFalse(printed.toString().contains(password), "a password in what lacuna printed");
        String basic = Base64.getEncoder().encodeToString((Virtuoso.USER + ":" + password)
                .getBytes(StandardCharsets.UTF_8));
        assertFalse(printed.toString().contains(basic), "a Basic Authorization header, which holds the password");
        try (Stream<Path> files = Files.walk(out)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                assertFalse(new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1)
                        .contains(password), "a password in " + f);
            }
        }
        assertEquals(List.of("0"), FreebaseClient.select(virtuoso.sparqlUrl(), "SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g "
                + "{ ?s ?p ?o FILTER(CONTAINS(STR(?s), \"" + password + "\") || CONTAINS(STR(?o), \"" + password
                + "\")) } }", "n"), "a password in the store");
    }

    private record Child(int code, String output) {
    }

    /** {@code lacuna COMMAND STORE... ARGS...} in a JVM of its own with this environment; stdout and stderr together. */
    private static Child child(Map<String, String> env, List<String> jvm, String command, String[] store, String... args)
            throws Exception {
        List<String> line = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-Xmx1g", "-XX:TieredStopAtLevel=1"));
        line.addAll(jvm);
        line.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName(), command));
        line.addAll(List.of(store));
        line.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(line).redirectErrorStream(true);
        pb.environment().putAll(env);
        Process p = pb.start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Child(p.waitFor(), output);
    }

    /** One graph's triples, each value as RDF4J writes it (language and datatype included), sorted. */
    private String dump(String graph) {
        SPARQLRepository client =
                new SPARQLRepository(virtuoso.sparqlUrl());
        List<String> triples = new ArrayList<>();
        try (RepositoryConnection c = client.getConnection();
             TupleQueryResult r = c.prepareTupleQuery(
                     "SELECT ?s ?p ?o WHERE { GRAPH <" + graph + "> { ?s ?p ?o } }").evaluate()) {
            r.forEach(b -> triples.add(b.getValue("s") + " " + b.getValue("p") + " " + b.getValue("o")));
        } finally {
            client.shutDown();
        }
        triples.sort(null);
        return String.join("\n", triples);
    }

    private List<String> graphs() {
        List<String> graphs = new ArrayList<>(FreebaseClient.select(virtuoso.sparqlUrl(),
                "SELECT DISTINCT ?g WHERE { GRAPH ?g { ?s ?p ?o } }", "g"));
        graphs.sort(null);
        return graphs;
    }

    /**
     * Builds the loaded KG on Virtuoso (the build's own verify and {@code lacuna verify} passing), then the same KG and
     * options on a native store, and compares the two folders' {@code files} byte for byte. Returns Virtuoso's folder.
     */
    private Path sameBuildAsOnANativeStore(String kg, List<String> options, List<String> files)
            throws Exception {
        Path onVirtuoso = dir.resolve(kg + "-virtuoso");
        List<String> build = new ArrayList<>(List.of("--kg", kg, "--out", onVirtuoso.toString()));
        build.addAll(options);
        CliRunner.Run built = lacuna("build", build.toArray(String[]::new));
        assertEquals(0, built.code(), built.toString());
        CliRunner.Run verify = lacuna("verify", onVirtuoso.toString());
        assertEquals(0, verify.code(), verify.toString());

        String store = "native:" + dir.resolve(kg + "-native");
        assertEquals(0, CliRunner.run("load", "--store", store, "--kg", kg, facts).code());
        Path embedded = dir.resolve(kg + "-native-out");
        List<String> reference = new ArrayList<>(List.of("build", "--store", store, "--kg", kg, "--out",
                embedded.toString()));
        reference.addAll(options);
        CliRunner.Run ref = CliRunner.run(reference.toArray(String[]::new));
        assertEquals(0, ref.code(), ref.toString());
        for (String file : files) {
            assertArrayEquals(Files.readAllBytes(embedded.resolve(file)), Files.readAllBytes(onVirtuoso.resolve(file)), file);
        }
        return onVirtuoso;
    }

}
