package dev.lacuna.tog;

import dev.lacuna.Choice;

/**
 * What ended a question's walk, as the trace and run.json record it (the label: {@code depth_limit}, ...). Implements
 * {@link Choice} for its one way of writing a constant as a word; it is never parsed from the command line.
 */
public enum TogStop implements Choice {
    /** The chat model read the chains at a depth and said {@code {Yes}}: its reply is the answer. */
    READER_YES,
    /** No relation of the current entities led to a candidate entity at this depth. */
    NO_CANDIDATES,
    /** Every chain this depth kept scored 0 (ToG's early stop), so no entity is left to walk from. */
    ZERO_SCORES,
    /** The walk searched every depth asked ({@code --depth}). */
    DEPTH_LIMIT
}
