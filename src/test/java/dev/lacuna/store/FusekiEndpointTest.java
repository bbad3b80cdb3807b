package dev.lacuna.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.apache.jena.atlas.web.AuthScheme;
import org.apache.jena.fuseki.auth.Auth;
import org.apache.jena.fuseki.main.FusekiServer;
import org.apache.jena.fuseki.server.Operation;
import org.apache.jena.sparql.core.DatasetGraphFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.cli.CliRunner;
import dev.lacuna.testing.TestData;

/**
 * {@code --sparql URL} on an endpoint that is not Virtuoso: Apache Jena Fuseki on 127.0.0.1, whose query endpoint is
 * open and whose update endpoint takes only a known user with HTTP Basic authentication. Family loads, builds and
 * verifies in it byte-identical to an embedded store (every file: Jena keeps doubles as written); a wrong password
 * and missing credentials are refused with exit 2 and nothing written.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FusekiEndpointTest {
    private static final String PASSWORD = "fuseki-" + Long.toHexString(Double.doubleToLongBits(Math.random()));
    private FusekiServer server;
    private Path dir;
    private String query;
    private String update;

    @BeforeAll
    void start(@TempDir Path dir) throws Exception {
        this.dir = dir;
        Path users = Files.writeString(dir.resolve("users.properties"), "lacuna: " + PASSWORD + "\n");
        server = FusekiServer.create().loopback(true).port(0).passwordFile(users.toString()).auth(AuthScheme.BASIC)
                .add("/kg", DatasetGraphFactory.createTxnMem(), false)
                .addEndpoint("/kg", "update", Operation.Update, Auth.policyAllowSpecific("lacuna"))
                .build().start();
        query = "http://127.0.0.1:" + server.getHttpPort() + "/kg/query";
        update = "http://127.0.0.1:" + server.getHttpPort() + "/kg/update";
    }

    @AfterAll
    void stop() {
        if (server != null) {
            server.stop();
        }
    }

    private Path credentials(String name, String password) throws Exception {
        Path f = Files.writeString(dir.resolve(name), "user=lacuna\npassword=" + password + "\n");
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-------"));
        return f;
    }

    private CliRunner.Run lacuna(Path credentials, String... args) {
        List<String> line = new ArrayList<>(List.of(args));
        line.addAll(List.of("--sparql", query, "--sparql-update", update));
        if (credentials != null) {
            line.addAll(List.of("--credentials", credentials.toString()));
        }
        return CliRunner.run(line.toArray(String[]::new));
    }

    @Test
    void familyBuildsWithBasicCredentialsAsOnAnEmbeddedStore() throws Exception {
        List<String> lines = Files.readAllLines(TestData.amie3("family-maxad3.tsv"));
        Path rules = Files.write(dir.resolve("rules.tsv"), lines.subList(0, 13));
        String facts = TestData.kg("family", "facts.txt").toString();
        Path right = credentials("right.credentials", PASSWORD);

        CliRunner.Run wrong = lacuna(credentials("wrong.credentials", PASSWORD + "x"), "load", "--kg", "family", facts);
        assertEquals(2, wrong.code(), wrong.toString());
        assertTrue(wrong.err().contains("refused the credentials of user 'lacuna'"), wrong.toString());
        CliRunner.Run none = lacuna(null, "load", "--kg", "family", facts);
        assertEquals(2, none.code(), none.toString());
        assertTrue(none.err().contains("it needs credentials: set LACUNA_SPARQL_USER/LACUNA_SPARQL_PASSWORD or "
                + "--credentials FILE"), none.toString());
        assertFalse(server.getDataAccessPointRegistry().get("/kg").getDataService().getDataset().listGraphNodes()
                .hasNext(), "nothing was written");

        CliRunner.Run load = lacuna(right, "load", "--kg", "family", facts);
        assertEquals(0, load.code(), load.toString());
        Path remote = dir.resolve("fuseki-out");
        CliRunner.Run build = lacuna(right, "build", "--kg", "family", "--rules", rules.toString(), "--out",
                remote.toString());
        assertEquals(0, build.code(), build.toString());
        CliRunner.Run verify = lacuna(right, "verify", remote.toString());
        assertEquals(0, verify.code(), verify.toString());

        String store = "lmdb:" + dir.resolve("lmdb");
        assertEquals(0, CliRunner.run("load", "--store", store, "--kg", "family", facts).code());
        Path embedded = dir.resolve("lmdb-out");
        assertEquals(0, CliRunner.run("build", "--store", store, "--kg", "family", "--rules", rules.toString(), "--out",
                embedded.toString()).code());
        List<Path> files;
        try (Stream<Path> walk = Files.walk(embedded)) {
            files = walk.filter(Files::isRegularFile).map(embedded::relativize).sorted().toList();
        }
        assertTrue(files.size() > 8, files.toString());
        for (Path file : files) {
            assertArrayEquals(Files.readAllBytes(embedded.resolve(file)), Files.readAllBytes(remote.resolve(file)),
                    file.toString());
        }
        for (CliRunner.Run run : List.of(wrong, none, load, build, verify)) {
            assertFalse(run.toString().contains(PASSWORD), run.toString());
        }
    }
}
