package dev.lacuna.verify;

import java.nio.file.Path;
import java.util.Objects;

import org.eclipse.rdf4j.repository.Repository;

import dev.lacuna.Progress;

/**
 * What one verify is given: the store, the folder, where the store's graphs come from, and where progress goes.
 * {@code lacuna verify} reads the store's graphs itself ({@link #fromStore}); the build that has just written the
 * folder holds the store's graphs against what it wrote them from ({@link #justWritten}) instead of writing every file
 * out of the store again.
 */
public record VerifyInput(Repository repository, Path dir, Graphs graphs, Progress.Channel progress) {
    public VerifyInput {
        Objects.requireNonNull(repository, "repository");
        Objects.requireNonNull(dir, "dir");
        Objects.requireNonNull(graphs, "graphs");
        Objects.requireNonNull(progress, "progress");
    }

    /** Where the store's graphs that the folder is compared with come from. */
    public sealed interface Graphs permits FromStore, Scanned, Written {
    }

    /** Read from the store here, in one scan of an embedded store or graph by graph from a server. */
    record FromStore() implements Graphs {
    }

    /** Already read, by the scan that {@link VerifyOperation} shares with the store's index check. */
    record Scanned(GraphScan.Result result) implements Graphs {
        Scanned {
            Objects.requireNonNull(result, "result");
        }
    }

    /** Streamed past what the build wrote the folder's graph files from; the files are not written again. */
    record Written(WrittenGraphs written) implements Graphs {
        Written {
            Objects.requireNonNull(written, "written");
        }
    }

    /** {@code lacuna verify}: every file of the folder written again from the store and compared. */
    public static VerifyInput fromStore(Repository repository, Path dir) {
        return new VerifyInput(repository, dir, new FromStore(), Progress.Channel.CONSOLE);
    }

    /** The build's own verify of the folder it has just written from {@code written}. */
    public static VerifyInput justWritten(Repository repository, Path dir, WrittenGraphs written) {
        return new VerifyInput(repository, dir, new Written(written), Progress.Channel.CONSOLE);
    }

    /** As {@link #fromStore}, the store's graphs as one scan of the store gave them. */
    static VerifyInput scanned(Repository repository, Path dir, GraphScan.Result result) {
        return new VerifyInput(repository, dir, new Scanned(result), Progress.Channel.CONSOLE);
    }

    /** The same input, progress shown on {@code channel}. */
    public VerifyInput withProgress(Progress.Channel channel) {
        return new VerifyInput(repository, dir, graphs, channel);
    }
}
