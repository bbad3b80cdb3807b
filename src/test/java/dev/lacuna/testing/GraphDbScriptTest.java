package dev.lacuna.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.cli.CliRunner;
import dev.lacuna.store.SparqlCredentials;

/**
 * What {@code scripts/graphdb.sh} leaves to other local users and to the outside: its data owner-only, a server
 * that answers only its admin (password generated into an owner-only file that lacuna reads with --credentials),
 * no stop key in any process's arguments, a stop that signals only its own GraphDB, no statistics sent and no
 * connection attempted with the network cut (every outbound connection goes to a SOCKS proxy that refuses it, so
 * an attempt would be logged), and a log that survives a restart; its data folder's path passed to the JVM as it is.
 */
class GraphDbScriptTest {
    @TempDir
    Path tmp;

    @Test
    void ownerOnlyAuthenticatedQuietAndCarefulWithPids() throws Exception {
        // a '"' and a space in the folder: a '"' broke the JVM's argument file, and start waited 60 s for nothing
        Path data = tmp.resolve("graph\"db data");
        int port = freePort();
        Map<String, String> cut = Map.of("LACUNA_GRAPHDB_JAVA_OPTS",
                "-DsocksProxyHost=127.0.0.1 -DsocksProxyPort=" + freePort() + " -Djava.net.useSystemProxies=false");
        String url = start(data, port, cut);
        Path credentials = data.resolve("graphdb.credentials");
        try {
            // no group or other permission on anything the script made
            try (Stream<Path> walk = Files.walk(data)) {
                for (Path p : walk.toList()) {
                    Set<PosixFilePermission> perms = Files.getPosixFilePermissions(p);
                    assertTrue(perms.stream().allMatch(x -> x.name().startsWith("OWNER")), p + " is " + perms);
                }
            }
            // the stop key in no process's arguments
            String key = Files.readString(data.resolve("stop.key")).strip();
            long pid = Long.parseLong(Files.readString(data.resolve("graphdb.pid")).strip());
            String cmdline = new String(Files.readAllBytes(Path.of("/proc/" + pid + "/cmdline")), StandardCharsets.UTF_8);
            assertFalse(cmdline.contains(key), cmdline);
            // only the admin, with the generated password that lacuna reads as credentials
            HttpClient http = HttpClient.newHttpClient();
            assertEquals(401, http.send(HttpRequest.newBuilder(URI.create(url + "/size")).build(),
                    HttpResponse.BodyHandlers.ofString()).statusCode());
            SparqlCredentials admin = SparqlCredentials.fromFile(credentials);
            String basic = "Basic " + Base64.getEncoder().encodeToString((admin.user() + ":" + admin.password())
                    .getBytes(StandardCharsets.UTF_8));
            HttpResponse<String> size = http.send(HttpRequest.newBuilder(URI.create(url + "/size"))
                    .header("Authorization", basic).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, size.statusCode(), size.body());
            assertEquals(401, http.send(HttpRequest.newBuilder(URI.create(url + "/size")).header("Authorization",
                    "Basic " + Base64.getEncoder().encodeToString("admin:guess".getBytes(StandardCharsets.UTF_8))).build(),
                    HttpResponse.BodyHandlers.ofString()).statusCode());
            // lacuna: without credentials a 401 named with the way out; with the script's file, in
            CliRunner.Run anonymous = CliRunner.run("stats", "--repository", url);
            assertEquals(2, anonymous.code(), anonymous.toString());
            assertTrue(anonymous.err().contains("401") && anonymous.err().contains("graphdb.credentials"), anonymous.err());
            // and a load and queries that use the repository, which is when GraphDB would collect and send statistics
            Path kg = Files.writeString(tmp.resolve("kg.tsv"), "a\tr\tb\nb\tr\tc\n");
            CliRunner.Run load = CliRunner.run("load", "--repository", url, "--credentials", credentials.toString(),
                    kg.toString());
            assertEquals(0, load.code(), load.toString());
            CliRunner.Run stats = CliRunner.run("stats", "--repository", url, "--credentials", credentials.toString());
            assertEquals(0, stats.code(), stats.toString());
        } finally {
            script(Map.of(), "stop", "--data", data.toString());
        }
        Path log = data.resolve("graphdb.log");
        Files.writeString(log, "first run's last line\n", java.nio.file.StandardOpenOption.APPEND);
        start(data, port, cut);
        script(Map.of(), "stop", "--data", data.toString());
        String logged = Files.readString(log);
        assertTrue(logged.contains("first run's last line"), "a restart dropped the earlier log:\n" + logged);
        // (GraphDB's own "predicate statistics" lines are about its indexes, not about sending anything)
        for (String attempt : List.of("StatisticsSender", "anonymous statistics", "UnknownHost", "ConnectException",
                "SocketException", "NoRouteToHost", "ontotext.com")) {
            assertFalse(logged.contains(attempt), "an outbound attempt (" + attempt + ") in the log:\n" + logged);
        }

        // A PID file left by a crash that names another process: stop signals nothing.
        Process bystander = new ProcessBuilder("sleep", "300").start();
        try {
            Files.writeString(data.resolve("graphdb.pid"), bystander.pid() + "\n");
            script(Map.of(), "stop", "--data", data.toString());
            assertFalse(bystander.waitFor(2, TimeUnit.SECONDS), "stop signalled a process that is not its GraphDB");
        } finally {
            bystander.destroy();
        }
    }

    private static String start(Path data, int port, Map<String, String> env) throws Exception {
        String out = script(env, "start", "--port", Integer.toString(port), "--data", data.toString(), "--heap", "512m");
        String[] lines = out.strip().split("\n");
        return lines[lines.length - 1].strip();
    }

    private static String script(Map<String, String> env, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("bash", Path.of("scripts", "graphdb.sh").toAbsolutePath().toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(5, TimeUnit.MINUTES) && p.exitValue() == 0, "scripts/graphdb.sh " + String.join(" ", args)
                + " failed:\n" + out);
        return out;
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
