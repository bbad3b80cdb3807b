package dev.lacuna.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import org.eclipse.rdf4j.repository.http.HTTPRepository;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * A real RDF4J Server (the 5.0.3 WAR under jetty-runner, both copied to target/rdf4j-server by the pom's
 * generate-test-resources step) for tests of the remote store path ({@code --repository URL}).
 *
 * <p>Use it as a JUnit 5 extension: annotate the class with {@code @ExtendWith(Rdf4jServer.class)} and take an
 * {@code Rdf4jServer} parameter in a test, constructor or {@code @BeforeAll} method. The first request starts one
 * server for the whole test JVM (kept in JUnit's root store, so every test class shares it); JUnit stops it when the
 * test plan ends, and a shutdown hook kills it if the JVM dies first. Create a fresh repository per test with
 * {@link #createRepository(String, StoreKind)} (ids are made unique) and talk to it with {@link #repository(String)}.
 */
@SuppressWarnings("deprecation") // CloseableResource: JUnit 5.14 did not close a plain AutoCloseable here
public final class Rdf4jServer implements ParameterResolver, AutoCloseable, ExtensionContext.Store.CloseableResource {

    /** The store behind a repository: NATIVE and MEMORY infer nothing, RDFS_MEMORY is RDF4J's RDFS inferencer. */
    public enum StoreKind {
        NATIVE, MEMORY, RDFS_MEMORY
    }

    private static final Duration START_TIMEOUT = Duration.ofSeconds(180);

    private final Process process;
    private final Path dataDir;
    private final int port;
    private final RepositoryRest rest;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final AtomicInteger nextId = new AtomicInteger();
    private final Thread shutdownHook;
    private final AtomicBoolean closed = new AtomicBoolean();

    /** Only JUnit creates the extension instance this way; the server itself is made by {@link #start()}. */
    public Rdf4jServer() {
        this.process = null;
        this.dataDir = null;
        this.port = -1;
        this.rest = null;
        this.shutdownHook = null;
    }

    private Rdf4jServer(Process process, Path dataDir, int port) {
        this.process = process;
        this.dataDir = dataDir;
        this.port = port;
        this.rest = new RepositoryRest(url());
        this.shutdownHook = new Thread(process::destroyForcibly, "rdf4j-server-kill");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    // ------------------------------------------------------------------ JUnit extension

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == Rdf4jServer.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        ExtensionContext.Store store = context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL);
        try {
            return store.getOrComputeIfAbsent(Rdf4jServer.class, k -> start(), Rdf4jServer.class);
        } catch (RuntimeException e) {
            throw new ParameterResolutionException("cannot start the RDF4J Server: " + e.getMessage(), e);
        }
    }

    // ------------------------------------------------------------------ server life cycle

    /** Starts a server on a free loopback port and waits until it answers. Prefer the extension, which shares one. */
    public static Rdf4jServer start() {
        Path dir = Path.of(System.getProperty("lacuna.rdf4j.server.dir", "target/rdf4j-server"));
        Path war = dir.resolve("rdf4j-server.war");
        Path runner = dir.resolve("jetty-runner.jar");
        if (!Files.isRegularFile(war) || !Files.isRegularFile(runner)) {
            throw new IllegalStateException("missing " + war + " or " + runner
                    + ": run `mvn generate-test-resources` (the pom copies both there)");
        }
        try {
            Path data = Files.createTempDirectory("lacuna-rdf4j-server-");
            int port = freePort();
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            List<String> command = List.of(java, "-Xmx768m", "-XX:+UseSerialGC",
                    "-Dorg.eclipse.rdf4j.appdata.basedir=" + data.resolve("appdata"),
                    "-Djava.io.tmpdir=" + Files.createDirectories(data.resolve("tmp")),
                    "-jar", runner.toAbsolutePath().toString(),
                    "--host", "127.0.0.1", "--port", Integer.toString(port),
                    "--path", "/rdf4j-server", war.toAbsolutePath().toString());
            Process process = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(data.resolve("server.log").toFile())
                    .start();
            Rdf4jServer server = new Rdf4jServer(process, data, port);
            server.awaitReady();
            return server;
        } catch (IOException e) {
            throw new IllegalStateException("cannot start the RDF4J Server: " + e.getMessage(), e);
        }
    }

    private void awaitReady() {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        HttpRequest probe = HttpRequest.newBuilder(URI.create(url() + "/protocol")).timeout(Duration.ofSeconds(5)).build();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                String log = logTail();
                close();
                throw new IllegalStateException("RDF4J Server exited with " + process.exitValue() + ":\n" + log);
            }
            try {
                HttpResponse<String> r = http.send(probe, HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                close();
                throw new IllegalStateException("interrupted while waiting for the RDF4J Server");
            }
            sleep(250);
        }
        String log = logTail();
        close();
        throw new IllegalStateException("RDF4J Server did not answer within " + START_TIMEOUT + ":\n" + log);
    }

    /** Stops the server and deletes its data. Called by JUnit at the end of the test plan. */
    @Override
    public void close() {
        if (process == null) {
            return;
        }
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(15, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException e) {
            // the JVM is already shutting down
        }
        deleteTree(dataDir);
    }

    // ------------------------------------------------------------------ repositories

    /** The server's base URL, e.g. http://127.0.0.1:PORT/rdf4j-server. */
    public String url() {
        return "http://127.0.0.1:" + port + "/rdf4j-server";
    }

    /** The URL of a repository for {@code --repository URL} or {@link HTTPRepository}. */
    public String repositoryUrl(String id) {
        return rest.repositoryUrl(id);
    }

    /** Creates a fresh native repository whose id starts with the prefix; returns its id. */
    public String createRepository(String prefix) {
        return createRepository(prefix, StoreKind.NATIVE);
    }

    /** Creates a fresh repository (PUT /repositories/ID with a Turtle config); returns its unique id. */
    public String createRepository(String prefix, StoreKind kind) {
        String id = prefix.replaceAll("[^A-Za-z0-9_-]", "-") + "-" + nextId.incrementAndGet();
        String sail = switch (kind) {
            case NATIVE -> "config:sail.type \"openrdf:NativeStore\" ; config:native.tripleIndexes \"spoc,posc\"";
            case MEMORY -> "config:sail.type \"openrdf:MemoryStore\" ; config:mem.persist false";
            case RDFS_MEMORY -> "config:sail.type \"rdf4j:SchemaCachingRDFSInferencer\" ;\n"
                    + "         config:delegate [ config:sail.type \"openrdf:MemoryStore\" ; config:mem.persist false ]";
        };
        String config = "@prefix config: <tag:rdf4j.org,2023:config/> .\n"
                + "@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n"
                + "[] a config:Repository ; config:rep.id \"" + id + "\" ; rdfs:label \"Lacuna test " + id + "\" ;\n"
                + "   config:rep.impl [ config:rep.type \"openrdf:SailRepository\" ;\n"
                + "       config:sail.impl [ " + sail + " ] ] .\n";
        createRepository(id, config);
        return id;
    }

    /** Creates a repository from a Turtle config as a user would with curl; the id must be unused. */
    public void createRepository(String id, String turtleConfig) {
        rest.create(id, turtleConfig, Duration.ofSeconds(60));
    }

    /** An initialised client for a repository; the caller shuts it down. */
    public HTTPRepository repository(String id) {
        return rest.open(id);
    }

    /** Deletes a repository and its data. */
    public void deleteRepository(String id) {
        rest.delete(id);
    }

    private String logTail() {
        try {
            List<String> lines = Files.readAllLines(dataDir.resolve("server.log"), StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void deleteTree(Path dir) {
        // Jetty may still be removing its unpacked WAR when we start: walk again until the folder is gone.
        for (int attempt = 0; attempt < 5 && dir != null && Files.exists(dir); attempt++) {
            try (Stream<Path> walk = Files.walk(dir)) {
                walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            } catch (IOException | UncheckedIOException e) {
                sleep(200);
            }
        }
    }
}
