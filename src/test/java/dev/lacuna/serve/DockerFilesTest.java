package dev.lacuna.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.eclipse.rdf4j.model.Literal;
import org.eclipse.rdf4j.model.Model;
import org.eclipse.rdf4j.model.util.Models;
import org.eclipse.rdf4j.model.util.Values;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.http.HTTPRepository;
import org.eclipse.rdf4j.rio.RDFFormat;
import org.eclipse.rdf4j.rio.Rio;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.lacuna.testing.Rdf4jServer;

/**
 * No Docker engine runs here, so the docker/ files are checked for what can go wrong without one: the compose
 * files parse as YAML (python3's yaml) and wire Lacuna to the repository the configs create, the repository
 * configs parse as Turtle and switch inference off, the RDF4J config is accepted by a real RDF4J Server, and
 * every path the Dockerfile copies exists.
 */
@ExtendWith(Rdf4jServer.class)
class DockerFilesTest {
    private static final Path DOCKER = Path.of("docker");
    private static final String GRAPHDB = "http://www.ontotext.com/config/graphdb#";

    @Test
    void graphdbConfigHasTheEmptyRulesetAndSameAsDisabled() throws IOException {
        Model m = turtle("graphdb-repository.ttl");
        assertEquals("empty", literal(m, GRAPHDB + "ruleset"));
        assertEquals("true", literal(m, GRAPHDB + "disable-sameAs"));
        assertEquals("graphdb:Sail", literal(m, "http://www.openrdf.org/config/sail#sailType"));
        assertEquals("lacuna", literal(m, "http://www.openrdf.org/config/repository#repositoryID"));
    }

    @Test
    void rdf4jConfigIsANativeStoreWithoutInferenceAndTheServerAcceptsIt(Rdf4jServer server) throws IOException {
        Model m = turtle("rdf4j-repository.ttl");
        assertEquals("openrdf:NativeStore", literal(m, "tag:rdf4j.org,2023:config/sail.type"));
        assertEquals("lacuna", literal(m, "tag:rdf4j.org,2023:config/rep.id"));
        assertFalse(Files.readString(DOCKER.resolve("rdf4j-repository.ttl")).contains("Inferencer"));
        String id = "docker-config-check";
        String config = Files.readString(DOCKER.resolve("rdf4j-repository.ttl")).replace("\"lacuna\"", "\"" + id + "\"");
        server.createRepository(id, config);
        HTTPRepository repository = server.repository(id);
        try (RepositoryConnection c = repository.getConnection()) {
            c.add(Values.iri("urn:a"), Values.iri("urn:p"), Values.iri("urn:b"), Values.iri("urn:g"));
            assertEquals(1, c.size());
        } finally {
            repository.shutDown();
            server.deleteRepository(id);
        }
    }

    @Test
    void composeFilesWireLacunaToTheConfiguredRepository() throws Exception {
        check("compose.graphdb.yml", "graphdb", "ontotext/graphdb", "http://graphdb:7200/repositories/lacuna",
                "graphdb-repository.ttl");
        check("compose.rdf4j.yml", "rdf4j", "eclipse/rdf4j-workbench",
                "http://rdf4j:8080/rdf4j-server/repositories/lacuna", "rdf4j-repository.ttl");
    }

    private void check(String file, String store, String image, String repositoryUrl, String config) throws Exception {
        JsonNode compose = yaml(DOCKER.resolve(file));
        JsonNode services = compose.get("services");
        assertTrue(services.get(store).get("image").asText().startsWith(image), file);
        JsonNode lacuna = services.get("lacuna");
        assertEquals("docker/Dockerfile", lacuna.get("build").get("dockerfile").asText());
        assertEquals("..", lacuna.get("build").get("context").asText());
        List<String> command = new ArrayList<>();
        lacuna.get("command").forEach(n -> command.add(n.asText()));
        assertEquals("serve", command.get(0));
        assertEquals(repositoryUrl, command.get(command.indexOf("--repository") + 1), file);
        // the seal: the store behind the endpoint is not reachable from the host, the endpoint serves incomplete
        assertTrue(services.get(store).get("ports") == null, file + " publishes the raw store port");
        assertEquals("incomplete", command.get(command.indexOf("--expose") + 1), file);
        for (JsonNode service : services) {
            JsonNode ports = service.get("ports");
            if (ports != null) {
                ports.forEach(p -> assertTrue(p.asText().startsWith("127.0.0.1:"), file + " publishes " + p.asText()));
            }
        }
        // the init service mounts the config that the README tells users to edit
        String init = services.get(store + "-init").toString();
        assertTrue(init.contains("./" + config), file + " mounts " + config);
        assertTrue(Files.isRegularFile(DOCKER.resolve(config)));
    }

    @Test
    void dockerfileCopiesPathsThatExist() throws IOException {
        List<String> lines = Files.readAllLines(DOCKER.resolve("Dockerfile"));
        int froms = 0;
        for (String line : lines) {
            String l = line.trim();
            if (l.startsWith("FROM ")) {
                froms++;
            }
            if (l.startsWith("COPY ") && !l.contains("--from=")) {
                String source = l.split("\\s+")[1];
                assertTrue(Files.exists(Path.of(source)), "Dockerfile copies missing " + source);
            }
        }
        assertEquals(2, froms);
        String text = String.join("\n", lines);
        assertFalse(text.contains("sun.net.httpserver"), "the endpoint runs on Jetty; no JDK server property");
        assertTrue(text.contains("EXPOSE 7878"));
        assertTrue(text.contains("USER lacuna"));
    }

    private static Model turtle(String file) throws IOException {
        try (InputStream in = Files.newInputStream(DOCKER.resolve(file))) {
            return Rio.parse(in, "", RDFFormat.TURTLE);
        }
    }

    private static String literal(Model m, String property) {
        return Models.objectLiteral(m.filter(null, Values.iri(property), null)).map(Literal::stringValue)
                .orElseThrow(() -> new AssertionError("no " + property));
    }

    private static JsonNode yaml(Path file) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("/usr/bin/python3", "-c",
                "import json, sys, yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1]))))", file.toString()).start();
        byte[] out;
        byte[] err;
        try (InputStream o = p.getInputStream(); InputStream e = p.getErrorStream()) {
            out = o.readAllBytes();
            err = e.readAllBytes();
        }
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), file + " is not valid YAML: " + new String(err, StandardCharsets.UTF_8));
        return new ObjectMapper().readTree(out);
    }
}
