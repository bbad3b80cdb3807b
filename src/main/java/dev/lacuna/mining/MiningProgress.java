package dev.lacuna.mining;

/** What the miner reports while it works; the CLI turns it into a progress bar or log lines. */
public interface MiningProgress {
    MiningProgress NONE = new MiningProgress() {
    };

    /**
     * Refinement into rules of {@code atoms} atoms starts with {@code queued} rules to refine; {@code queued} 0
     * means mining is done.
     */
    default void generation(int atoms, long queued, long output, long elapsedNanos) {
    }

    /** {@code done} of {@code total} queued rules of this generation refined. */
    default void refined(long done, long total) {
    }

    /** {@code done} of {@code total} closed refinements measured. */
    default void measured(long done, long total) {
    }
}
