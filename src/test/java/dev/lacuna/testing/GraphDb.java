package dev.lacuna.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
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

import dev.lacuna.store.SparqlCredentials;
import dev.lacuna.store.StoreConfig;
import dev.lacuna.store.StoreSpec;

/**
 * A real GraphDB (10.8.9 Lite behind RDF4J Server's REST protocol), started in its own JVM by
 * {@code scripts/graphdb.sh} exactly as a user without Docker starts it, on a free loopback port.
 *
 * <p>Use it as a JUnit 5 extension like {@link Rdf4jServer}: {@code @ExtendWith(GraphDb.class)} and a {@code GraphDb}
 * parameter. One server serves the whole test JVM; JUnit stops it (through the script's {@code stop}) when the test
 * plan ends. {@link #createRepository(String, String)} makes a fresh GraphDB repository with a given ruleset.
 */
@SuppressWarnings("deprecation") // CloseableResource: JUnit 5.14 did not close a plain AutoCloseable here
public final class GraphDb implements ParameterResolver, AutoCloseable, ExtensionContext.Store.CloseableResource {
    /** The ruleset of docker/graphdb-repository.ttl: no inference. */
    public static final String NO_INFERENCE = "empty";
    /** The file in the data folder where scripts/graphdb.sh keeps the admin's user and password. */
    private static final String CREDENTIALS = "graphdb.credentials";

    private final Path dataDir;
    private final String url;
    private final RepositoryRest rest;
    private final AtomicInteger nextId = new AtomicInteger();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final Thread shutdownHook;

    /** Only JUnit creates the extension instance this way; the server itself is made by {@link #start()}. */
    public GraphDb() {
        this.dataDir = null;
        this.url = null;
        this.rest = null;
        this.shutdownHook = null;
    }

    private GraphDb(Path dataDir, String repositoryUrl) {
        this.dataDir = dataDir;
        this.url = repositoryUrl.substring(0, repositoryUrl.indexOf("/repositories/"));
        this.rest = new RepositoryRest(url, SparqlCredentials.fromFile(dataDir.resolve(CREDENTIALS)));
        this.shutdownHook = new Thread(this::stop, "graphdb-stop");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == GraphDb.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        ExtensionContext.Store store = context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL);
        try {
            return store.getOrComputeIfAbsent(GraphDb.class, k -> start(), GraphDb.class);
        } catch (RuntimeException e) {
            throw new ParameterResolutionException("cannot start GraphDB: " + e.getMessage(), e);
        }
    }

    /** Starts GraphDB through scripts/graphdb.sh (which builds graphdb/ on first use). */
    public static GraphDb start() {
        try {
            Path data = Files.createTempDirectory("lacuna-graphdb-");
            int port = freePort();
            // -Dlacuna.graphdb.heap=2g for benchmarks on large KGs; the script's default (1g) suits the tests.
            Process p = script("start", "--port", Integer.toString(port), "--data", data.toString(),
                    "--heap", System.getProperty("lacuna.graphdb.heap", "1g"));
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!p.waitFor(5, TimeUnit.MINUTES) || p.exitValue() != 0) {
                String log = Files.exists(data.resolve("graphdb.log")) ? Files.readString(data.resolve("graphdb.log")) : "";
                throw new IllegalStateException("scripts/graphdb.sh start failed:\n" + out + "\n" + tail(log));
            }
            String[] lines = out.split("\n");
            return new GraphDb(data, lines[lines.length - 1].strip());
        } catch (IOException e) {
            throw new IllegalStateException("cannot start GraphDB: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting GraphDB", e);
        }
    }

    private static Process script(String... args) throws IOException {
        Path script = Path.of("scripts", "graphdb.sh").toAbsolutePath();
        List<String> command = new ArrayList<>(List.of("bash", script.toString()));
        command.addAll(List.of(args));
        // stderr (the build's and the script's messages) joins stdout; the URL is the last line printed.
        return new ProcessBuilder(command).redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect.PIPE).start();
    }

    /** Stops GraphDB and deletes its data. Called by JUnit at the end of the test plan. */
    @Override
    public void close() {
        if (dataDir == null) {
            return;
        }
        stop();
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException e) {
            // the JVM is already shutting down
        }
        deleteTree(dataDir);
    }

    private void stop() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        try {
            Process p = script("stop", "--data", dataDir.toString());
            p.getInputStream().readAllBytes();
            p.waitFor(90, TimeUnit.SECONDS);
        } catch (IOException e) {
            // nothing more to do: the script's own fallback kills a GraphDB that does not stop
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The server's base URL, e.g. http://127.0.0.1:PORT/rdf4j-server. */
    public String url() {
        return url;
    }

    /** The URL of a repository for {@code --repository URL}. */
    public String repositoryUrl(String id) {
        return rest.repositoryUrl(id);
    }

    /** The owner-only credentials file the script wrote, for {@code --credentials FILE}. */
    public Path credentialsFile() {
        return dataDir.resolve(CREDENTIALS);
    }

    /** The store options of lacuna for a repository: {@code --repository URL --credentials FILE}. */
    public String[] storeArgs(String id) {
        return new String[] {"--repository", repositoryUrl(id), "--credentials", credentialsFile().toString()};
    }

    /** The store for {@code Stores.open}: the repository and the admin's credentials. */
    public StoreConfig storeConfig(String id) {
        return StoreSpec.repository(repositoryUrl(id), SparqlCredentials.fromFile(credentialsFile()));
    }

    /** The repository the script created from docker/graphdb-repository.ttl. */
    public String lacunaRepositoryUrl() {
        return repositoryUrl("lacuna");
    }

    /** A fresh repository configured as docker/graphdb-repository.ttl but with the given ruleset; returns its id. */
    public String createRepository(String prefix, String ruleset) {
        String id = prefix.replaceAll("[^A-Za-z0-9_-]", "-") + "-" + nextId.incrementAndGet();
        rest.create(id, config(id, ruleset), Duration.ofSeconds(120));
        return id;
    }

    /** A fresh repository without inference. */
    public String createRepository(String prefix) {
        return createRepository(prefix, NO_INFERENCE);
    }

    /**
     * docker/graphdb-repository.ttl with another id and ruleset: the configuration users are told to create, except
     * a smaller initial entity index (the tests' KGs are small, and each open repository holds its index in the
     * server's heap: at the file's 10M entries a few dozen test repositories exhaust a 1 GB heap).
     */
    public static String config(String id, String ruleset) {
        try {
            String ttl = Files.readString(Path.of("docker", "graphdb-repository.ttl"), StandardCharsets.UTF_8);
            String out = ttl.replace("rep:repositoryID \"lacuna\"", "rep:repositoryID \"" + id + "\"")
                    .replace("graphdb:ruleset \"empty\"", "graphdb:ruleset \"" + ruleset + "\"")
                    .replace("graphdb:entity-index-size \"10000000\"", "graphdb:entity-index-size \"100000\"");
            if (!out.contains("\"" + id + "\"") || !out.contains("graphdb:ruleset \"" + ruleset + "\"")
                    || !out.contains("entity-index-size \"100000\"")) {
                throw new IllegalStateException("docker/graphdb-repository.ttl no longer has the id, ruleset and entity-index-size lines");
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** An initialised client for a repository; the caller shuts it down. */
    public HTTPRepository repository(String id) {
        return rest.open(id);
    }

    /** Deletes a repository and its data. */
    public void deleteRepository(String id) {
        rest.delete(id);
    }

    private static String tail(String log) {
        String[] lines = log.split("\n");
        return String.join("\n", List.of(lines).subList(Math.max(0, lines.length - 40), lines.length));
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            // a temp folder left behind is harmless
        }
    }
}
