package dev.lacuna.export;

import java.nio.file.Path;
import java.util.Objects;

import dev.lacuna.BadInputException;
import dev.lacuna.store.GraphRole;
import dev.lacuna.view.LabelMode;

/**
 * One export: which benchmark folder, which format, which graph (the incomplete one unless asked: that is the
 * graph a system under test may see), which label setting, and for per-question subgraphs the number of hops
 * around the topic entity and a cap on their size (applied with the seed, so the same input gives the same bytes).
 */
public record ExportSettings(Path benchmark, ExportFormat format, GraphRole graph, LabelMode labels, Path out,
        int hops, int maxTriples, long seed, boolean force) {
    public static final int DEFAULT_HOPS = 2;
    public static final int DEFAULT_MAX_TRIPLES = 2_000;

    public ExportSettings {
        Objects.requireNonNull(graph, "graph");
        if (hops < 1 || hops > 4) {
            throw new BadInputException("--hops must be between 1 and 4, got " + hops);
        }
        if (maxTriples < 1) {
            throw new BadInputException("--max-triples must be positive, got " + maxTriples);
        }
    }
}
