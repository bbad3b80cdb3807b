package dev.lacuna.store;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.sun.net.httpserver.HttpServer;

import dev.lacuna.cli.Main;

/**
 * Basic authentication sends the password in every Authorization header (base64 is no encryption). Against a
 * Basic-auth endpoint on loopback that also echoes the request's headers in its error answers, {@code lacuna} in a
 * process of its own, with RDF4J's and HttpClient's DEBUG logging on (headers and wire), prints neither the
 * password nor the header that holds it, on any line.
 */
class BasicCredentialsLogTest {
    private static final String USER = "lacuna";
    private static final String PASSWORD = "hpu-secret-Pa55word";

    @TempDir
    Path dir;
    private HttpServer server;

    @BeforeEach
    void start() throws Exception {
        String expected = "Basic " + basic();
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            String auth = exchange.getRequestHeaders().getFirst("Authorization");
            byte[] body;
            int status;
            if (!expected.equals(auth)) {
                exchange.getResponseHeaders().set("WWW-Authenticate", "Basic realm=\"stub\"");
                status = 401;
                body = "who are you?\n".getBytes(StandardCharsets.UTF_8);
            } else {
                // A server error that repeats the request, headers included, as some endpoints do.
                StringBuilder echo = new StringBuilder("internal error for request:\n");
                exchange.getRequestHeaders().forEach((k, v) -> echo.append(k).append(": ").append(String.join(",", v)).append('\n'));
                status = 500;
                body = echo.toString().getBytes(StandardCharsets.UTF_8);
            }
            exchange.getRequestBody().readAllBytes();
            exchange.getResponseHeaders().set("Content-Type", "text/plain");
            exchange.sendResponseHeaders(status, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void basicCredentialsAppearInNoLineAtDebugLevel() throws Exception {
        Path credentials = Files.writeString(dir.resolve("store.credentials"), "user=" + USER + "\npassword=" + PASSWORD + "\n");
        Files.setPosixFilePermissions(credentials, PosixFilePermissions.fromString("rw-------"));
        String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/sparql";
        List<String> debug = List.of("-Dorg.slf4j.simpleLogger.defaultLogLevel=debug",
                "-Dorg.slf4j.simpleLogger.log.org.apache.http=debug", "-Dorg.slf4j.simpleLogger.log.org.eclipse.rdf4j=debug");
        StringBuilder printed = new StringBuilder();
        for (String[] command : List.of(new String[] {"stats", "--sparql", url, "--credentials", credentials.toString()},
                new String[] {"stats", "--sparql", url, "--sparql-update", url, "--credentials", credentials.toString()})) {
            Child run = child(Map.of("LACUNA_DEBUG", "1"), debug, command);
            assertNotEquals(0, run.code(), run.output());
            assertTrue(run.output().contains("http-outgoing"), "HttpClient's DEBUG logging is on: the test can see\n" + run.output());
            assertTrue(run.output().contains("Authorization: Basic"), "the header was sent and logged, redacted\n" + run.output());
            printed.append(run.output());
        }
        String all = printed.toString();
        assertFalse(all.contains(basic()), "a Basic Authorization header, which holds the password:\n" + all);
        assertFalse(all.contains(PASSWORD), "the password:\n" + all);
    }

    private static String basic() {
        return Base64.getEncoder().encodeToString((USER + ":" + PASSWORD).getBytes(StandardCharsets.UTF_8));
    }

    private record Child(int code, String output) {
    }

    /** {@code lacuna ARGS...} in a JVM of its own with this environment and JVM options; stdout and stderr together. */
    private static Child child(Map<String, String> env, List<String> jvm, String... args) throws Exception {
        List<String> line = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-XX:TieredStopAtLevel=1"));
        line.addAll(jvm);
        line.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
        line.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(line).redirectErrorStream(true);
        pb.environment().putAll(env);
        Process p = pb.start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Child(p.waitFor(), output);
    }
}
