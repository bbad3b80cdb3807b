package dev.lacuna.construct;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import dev.lacuna.folder.BenchmarkFolder;
import dev.lacuna.folder.GraphFiles;
import dev.lacuna.folder.TrigFile;
import dev.lacuna.questions.QuestionFiles;
import dev.lacuna.questions.Splitter;
import dev.lacuna.rules.AmieRules;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.store.GraphRole;
import dev.lacuna.store.KgGraphs;

/** Writes a build's benchmark folder from the build's own data. */
final class FolderWriter {
    private FolderWriter() {
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
            Future<Void> trig = pool.submit(() -> {
                try (Writer w = GraphFiles.newWriter(folder.trigFile())) {
                    TrigFile.writeTrig(graphs.named(kg), w);
                }
                return null;
            });
            try (Writer w = GraphFiles.newWriter(folder.graphFile(GraphRole.COMPLETE))) {
                GraphFiles.writeGraphTsv(kg, graphs.complete(), w);
            }
            try (Writer w = GraphFiles.newWriter(folder.graphFile(GraphRole.INCOMPLETE))) {
                GraphFiles.writeGraphTsv(kg, graphs.incomplete(), w);
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
            BuildPublication.writeGraphsFile(dir, kg);
            BenchmarkFolder.writeSummary(dir, report.summary());
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
