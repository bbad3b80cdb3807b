package dev.lacuna.testing;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real OpenLink Virtuoso 7.2 (Debian's {@code virtuoso-opensource-7-bin}: {@code virtuoso-t} and {@code isql-vt}),
 * the store ToG, PoG and GoG query, started in a temporary folder on free loopback ports. Its SPARQL endpoint is
 * {@link #sparqlUrl()}. It is set up as a lab runs one: the anonymous {@code SPARQL} user may only read, updates are
 * taken only on {@link #updateUrl()} ({@code /sparql-auth}, HTTP Digest, realm SPARQL) from {@link #USER}, a user
 * granted SPARQL_UPDATE, and dba's password is not the default. Both passwords are drawn at random per server.
 */
public final class Virtuoso implements AutoCloseable {
    public static final String SERVER = "/usr/bin/virtuoso-t";
    public static final String ISQL = "/usr/bin/isql-vt";
    /** The user that may update, as a lab would create it for Lacuna. */
    public static final String USER = "lacuna";
    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Process process;
    private final Path dir;
    private final int sqlPort;
    private final int httpPort;
    /** Given to isql-vt as an argument, as its only way; drawn per server and never used outside the test. */
    private String dbaPassword = "dba";
    private final String password = secret();

    private Virtuoso(Process process, Path dir, int sqlPort, int httpPort) {
        this.process = process;
        this.dir = dir;
        this.sqlPort = sqlPort;
        this.httpPort = httpPort;
    }

    /** Starts a fresh, empty server whose database lives in {@code dir}. */
    public static Virtuoso start(Path dir) throws IOException, InterruptedException {
        if (!Files.isExecutable(Path.of(SERVER)) || !Files.isExecutable(Path.of(ISQL))) {
            throw new IllegalStateException(SERVER + " and " + ISQL + " are needed: apt-get install virtuoso-opensource-7-bin"
                    + " (scripts/test.sh installs it)");
        }
        Files.createDirectories(dir);
        int sql = freePort();
        int http = freePort();
        String d = dir.toAbsolutePath().toString();
        String ini = String.join("\n",
                "[Database]", "DatabaseFile = " + d + "/virtuoso.db", "ErrorLogFile = " + d + "/virtuoso.log",
                "LockFile = " + d + "/virtuoso.lck", "TransactionFile = " + d + "/virtuoso.trx",
                "xa_persistent_file = " + d + "/virtuoso.pxa",
                "[TempDatabase]", "DatabaseFile = " + d + "/virtuoso-temp.db", "TransactionFile = " + d + "/virtuoso-temp.trx",
                "[Parameters]", "ServerPort = 127.0.0.1:" + sql, "DirsAllowed = " + d,
                "NumberOfBuffers = 20000", "MaxDirtyBuffers = 15000",
                "[HTTPServer]", "ServerPort = 127.0.0.1:" + http, "ServerRoot = " + d,
                "[SPARQL]", "ResultSetMaxRows = 1000000", "MaxQueryExecutionTime = 300", "");
        Path iniFile = dir.resolve("virtuoso.ini");
        Files.writeString(iniFile, ini);
        Process p = new ProcessBuilder(SERVER, "-c", iniFile.toString(), "+foreground")
                .directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("server.out").toFile()).start();
        Virtuoso v = new Virtuoso(p, dir, sql, http);
        Runtime.getRuntime().addShutdownHook(new Thread(p::destroyForcibly, "virtuoso-kill"));
        v.awaitHttp();
        String dba = secret();
        v.sql("DB.DBA.USER_CREATE('" + USER + "', '" + v.password + "'); GRANT SPARQL_UPDATE TO \"" + USER + "\";"
                + " USER_SET_PASSWORD('dba', '" + dba + "');");
        v.dbaPassword = dba;
        return v;
    }

    private static String secret() {
        byte[] bytes = new byte[12];
        RANDOM.nextBytes(bytes);
        return "pw-" + HexFormat.of().formatHex(bytes);
    }

    /** Where anyone may query; an update sent here is refused (Virtuoso's SR186). */
    public String sparqlUrl() {
        return "http://127.0.0.1:" + httpPort + "/sparql";
    }

    /** Where {@link #USER} updates, after a Digest challenge. */
    public String updateUrl() {
        return "http://127.0.0.1:" + httpPort + "/sparql-auth";
    }

    /** {@link #USER}'s password. */
    public String password() {
        return password;
    }

    /** A credentials file for {@link #USER} as {@code lacuna --credentials FILE} reads it, readable by its owner only. */
    public Path credentialsFile(Path file) throws IOException {
        Files.writeString(file, "# Virtuoso user for lacuna\nuser=" + USER + "\npassword=" + password + "\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        return file;
    }

    /** Lets the anonymous SPARQL user update on {@link #sparqlUrl()}: only for a test about an open endpoint. */
    public void openToAnonymousUpdates() throws IOException, InterruptedException {
        sql("GRANT SPARQL_UPDATE TO \"SPARQL\";");
    }

    /** The folder the server may read files from (for {@link #bulkLoad}). */
    public Path dir() {
        return dir;
    }

    /** Runs SQL through isql-vt as dba and returns its output; a non-zero exit or an error line fails. */
    public String sql(String statements) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(ISQL, Integer.toString(sqlPort), "dba", dbaPassword, "exec=" + statements)
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(300, TimeUnit.SECONDS) || p.exitValue() != 0 || out.contains("*** Error")) {
            // The statements may set a password (all drawn by secret()): a failing test shows them without it.
            throw new IOException("isql-vt failed on " + statements.replaceAll("pw-[0-9a-f]{24}", "***") + ":\n" + out);
        }
        return out;
    }

    /** Virtuoso's own bulk loader, as ToG's and PoG's Freebase set-up uses it: a file in {@link #dir()} into a graph. */
    public void bulkLoad(Path file, String graph) throws IOException, InterruptedException {
        Path inside = dir.resolve(file.getFileName());
        if (!inside.toAbsolutePath().equals(file.toAbsolutePath())) {
            Files.copy(file, inside);
        }
        sql("ld_dir('" + dir.toAbsolutePath() + "', '" + file.getFileName() + "', '" + graph + "'); rdf_loader_run(); checkpoint;");
    }

    private void awaitHttp() throws IOException, InterruptedException {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        String probe = sparqlUrl() + "?query=" + URLEncoder.encode("SELECT (1 AS ?x) WHERE {}", StandardCharsets.UTF_8);
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IOException("virtuoso-t exited with " + process.exitValue() + ": " + log());
            }
            try {
                HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create(probe))
                        .timeout(Duration.ofSeconds(5)).GET().build(), HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // still starting
            }
            Thread.sleep(250);
        }
        throw new IOException("virtuoso-t did not answer within " + START_TIMEOUT + ": " + log());
    }

    private String log() throws IOException {
        List<String> parts = new ArrayList<>();
        for (String name : List.of("server.out", "virtuoso.log")) {
            Path f = dir.resolve(name);
            if (Files.exists(f)) {
                parts.add(Files.readString(f));
            }
        }
        return String.join("\n", parts);
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
