package dev.lacuna.construct;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Literal;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.query.QueryLanguage;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.RepositoryResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;


import dev.lacuna.BadInputException;
import dev.lacuna.Json;
import dev.lacuna.LacunaException;
import dev.lacuna.folder.BenchmarkFolder;
import dev.lacuna.store.CommitGuard;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.LacunaVocab;
import dev.lacuna.store.SparqlFiles;

/**
 * How a build replaces a KG's graphs incomplete and benchmark without ever leaving them out of step with a
 * folder: the new graphs are written under staging names beside the old ones, the output folder is written
 * from them, and only then one transaction moves them to their canonical names (which serve and verify use)
 * and records the folder they belong to. A build that fails or is killed before that leaves the published
 * graphs, and so the previous benchmark folder, as they were. The folder records its graphs in graphs.json.
 */
final class BuildPublication {
    private static final Logger LOG = LoggerFactory.getLogger(BuildPublication.class);
    private static final IRI BENCHMARK_FOLDER = LacunaVocab.iri("benchmarkFolder");

    private BuildPublication() {
    }

    static IRI stagingIncomplete(KgGraphs kg) {
        return org.eclipse.rdf4j.model.util.Values.iri(kg.prefix() + "staging/incomplete");
    }

    static IRI stagingBenchmark(KgGraphs kg) {
        return org.eclipse.rdf4j.model.util.Values.iri(kg.prefix() + "staging/benchmark");
    }

    /** Which graph records the folder of the published build: not exported, so folders stay byte-identical. */
    static IRI buildsGraph(KgGraphs kg) {
        return org.eclipse.rdf4j.model.util.Values.iri(kg.prefix() + "builds");
    }

    /**
     * Before anything is written: the folder's parent can be created and written to, so that a read-only or
     * missing location fails now rather than after the store has been changed.
     */
    static void checkWritable(Path out) {
        Path parent = out.toAbsolutePath().normalize().getParent();
        try {
            Files.createDirectories(parent);
            Path probe = Files.createTempFile(parent, ".lacuna-write-check", "");
            Files.delete(probe);
        } catch (IOException e) {
            throw new BadInputException(out.toString(), -1, -1, "cannot write the output folder here: " + e);
        }
    }

    /**
     * Refuses, without force, a build that would replace the published benchmark of a KG whose folder is
     * elsewhere and still exists: that folder would no longer verify against the store.
     */
    static void refuseToOrphan(Repository repository, KgGraphs kg, Path out, boolean force) {
        String current = publishedFolder(repository, kg);
        if (current == null || force) {
            return;
        }
        Path folder = Path.of(current);
        if (!folder.equals(out.toAbsolutePath().normalize()) && Files.isDirectory(folder)) {
            throw new BadInputException(out.toString(), -1, -1, "the store already holds the benchmark of KG '"
                    + kg.name() + "' written to " + folder + "; a new build replaces its graphs incomplete and benchmark,"
                    + " so that folder would no longer verify. Use --force to replace it, or build into " + folder);
        }
    }

    /** The folder the store's published build was written to, or null. */
    static String publishedFolder(Repository repository, KgGraphs kg) {
        try (RepositoryConnection c = repository.getConnection();
             RepositoryResult<Statement> it = c.getStatements(kg.kg(), BENCHMARK_FOLDER, null, false, buildsGraph(kg))) {
            for (Statement st : it) {
                if (st.getObject() instanceof Literal l) {
                    return l.getLabel();
                }
            }
        }
        return null;
    }

    /** The folder's record of the graphs it was built from. Deterministic: names only, no paths. */
    static void writeGraphsFile(Path dir, KgGraphs kg) throws IOException {
        Map<String, String> graphs = new LinkedHashMap<>();
        graphs.put("kg", kg.name());
        graphs.put("complete", kg.complete().stringValue());
        graphs.put("incomplete", kg.incomplete().stringValue());
        graphs.put("labels", kg.labels().stringValue());
        graphs.put("benchmark", kg.benchmark().stringValue());
        Json.pretty().writeValue(BenchmarkFolder.at(dir).graphsFile().toFile(), graphs);
    }

    /** Moves the staged graphs to their canonical names and records the folder, in one transaction. */
    static void publish(Repository repository, KgGraphs kg, Path out) {
        try (RepositoryConnection conn = repository.getConnection()) {
            IncompleteGraph.beginSingleWriter(conn);
            try {
                move(conn, stagingIncomplete(kg), kg.incomplete());
                move(conn, stagingBenchmark(kg), kg.benchmark());
                conn.clear(buildsGraph(kg));
                conn.add(kg.kg(), BENCHMARK_FOLDER,
                        conn.getValueFactory().createLiteral(out.toAbsolutePath().normalize().toString()), buildsGraph(kg));
                CommitGuard.commit(conn);
            } catch (RuntimeException e) {
                if (conn.isActive()) {
                    conn.rollback();
                }
                throw new LacunaException("could not switch the store to the new build (its graphs are left as they were;"
                        + " the folder " + out + " was written but does not match the store): " + e.getMessage(), e);
            }
        }
        LOG.info("graphs {} and {} switched to the new build", kg.incomplete(), kg.benchmark());
    }

    /** Removes staged graphs of a build that failed; best effort, since the next build replaces them anyway. */
    static void discardStaging(Repository repository, KgGraphs kg) {
        try (RepositoryConnection conn = repository.getConnection()) {
            conn.clear(stagingIncomplete(kg), stagingBenchmark(kg));
        } catch (RuntimeException e) {
            LOG.warn("could not remove the staged graphs of the failed build: {}", e.getMessage());
        }
    }

    private static void move(RepositoryConnection conn, IRI from, IRI to) {
        conn.prepareUpdate(QueryLanguage.SPARQL, SparqlFiles.render("move-graph.ru", Map.of("source", from, "target", to)))
                .execute();
    }
}
