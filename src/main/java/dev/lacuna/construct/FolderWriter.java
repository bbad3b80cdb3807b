package dev.lacuna.construct;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Statement;

import dev.lacuna.folder.BenchmarkFolder;
import dev.lacuna.folder.BenchmarkIdentity;
import dev.lacuna.folder.GraphFiles;
import dev.lacuna.folder.TrigFile;
import dev.lacuna.grounding.Triple;
import dev.lacuna.questions.QuestionFiles;
import dev.lacuna.questions.Splitter;
import dev.lacuna.rules.AmieRules;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.store.GraphRole;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.verify.StoreGraph;

/** Writes a build's benchmark folder from the build's own data. */
final class FolderWriter {
    private FolderWriter() {
    }

    /**
     * The TriG file of the graphs: complete and incomplete in their packed order, labels, benchmark and any broken
     * graphs sorted as statements; the same bytes as {@link TrigFile#writeTrig} of them all.
     */
    static void writeTrig(KgGraphs kg, StoreGraph complete, StoreGraph incomplete, FolderGraphs graphs, Writer w)
            throws IOException {
        Map<IRI, Iterable<Statement>> named = new LinkedHashMap<>();
        named.put(kg.complete(), complete.trigOrder());
        named.put(kg.incomplete(), incomplete.trigOrder());
        named.put(kg.labels(), TrigFile.trigOrder(graphs.labels()));
        named.put(kg.benchmark(), TrigFile.trigOrder(graphs.benchmark()));
        graphs.broken().forEach((graph, statements) -> named.put(graph, TrigFile.trigOrder(statements)));
        TrigFile.writeTrigInOrder(named, w);
    }

    /**
     * The folder's files from the build's own data: the graph files and the TriG file from the statements the
     * store is being given (not read back), written on two threads, the large TriG file beside the rest.
     */
    static void write(Path dir, KgGraphs kg, List<MinedRule> rules, List<Triple> deleted, Splitter.Split split,
                             BuildReport report, FolderGraphs graphs) throws IOException {
        BenchmarkFolder folder = BenchmarkFolder.at(dir);
        Files.createDirectories(folder.kgFolder());
        ExecutorService pool = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "lacuna-folder");
            t.setDaemon(true);
            return t;
        });
        try {
            // complete and incomplete packed as verify reads them (StoreGraph): 8 bytes a triple, written by the same
            // code verify compares the folder with; sorting their statements for the TriG file and the TSV needed
            // 60 bytes a triple more at the build's peak of memory.
            StoreGraph complete = StoreGraph.of(graphs.complete(), kg);
            StoreGraph incomplete = StoreGraph.of(graphs.incomplete(), kg);
            Future<Void> trig = pool.submit(() -> {
                try (Writer w = GraphFiles.newWriter(folder.trigFile())) {
                    writeTrig(kg, complete, incomplete, graphs, w);
                }
                return null;
            });
            try (Writer w = GraphFiles.newWriter(folder.graphFile(GraphRole.COMPLETE))) {
                complete.writeTsv(w);
            }
            try (Writer w = GraphFiles.newWriter(folder.graphFile(GraphRole.INCOMPLETE))) {
                incomplete.writeTsv(w);
            }
            for (GraphRole role : GraphRole.values()) {
                if (role.broken() && graphs.broken().containsKey(kg.graph(role))) {
                    try (Writer w = GraphFiles.newWriter(folder.graphFile(role))) {
                        GraphFiles.writeGraphTsv(kg, graphs.broken().get(kg.graph(role)), w);
                    }
                }
            }
            StringBuilder removed = new StringBuilder();
            for (Triple t : deleted) {
                removed.append(t.tsv()).append('\n');
            }
            Files.writeString(folder.removedFile(), removed.toString());
            try (Writer w = GraphFiles.newWriter(folder.entitiesFile())) {
                GraphFiles.writeEntities(kg, graphs.labels(), w);
            }
            AmieRules.write(rules, folder.rulesFile());
            QuestionFiles.write(dir, split);
            BenchmarkFolder.at(dir).writeGraphsFile(kg);
            // the identity is the question files' digest, so it is taken once they are written
            BenchmarkFolder.writeSummary(dir, report.summary().withBenchmarkId(BenchmarkIdentity.of(dir)));
            trig.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while writing the folder", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IOException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }
}
