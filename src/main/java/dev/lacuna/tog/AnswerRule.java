package dev.lacuna.tog;

import java.util.Locale;

import dev.lacuna.Choice;

/**
 * How the walk answers without a chat model ({@code --pruning embedding} or {@code bm25}), where ToG's reading steps
 * have no reader: which of the entities its kept chains reached it names. Either way the names come best chain first
 * within a depth, each once, and the walk itself is the same.
 */
public enum AnswerRule implements Choice {
    /**
     * The entities the first depth's chains kept: one hop from the topic, a one-hop baseline. On a graph that lacks
     * the hard answer's triple it can name that answer only where another triple of the topic leads there directly.
     */
    FIRST_DEPTH,
    /**
     * Every entity the kept chains of every depth reached, depth by depth, but the topic: what the walk brought within
     * a reader's reach, so a hard answer at the end of a two- or three-step path counts when the walk followed it.
     */
    ALL_DEPTHS;

    @Override
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public static AnswerRule parse(String word) {
        return Choice.parse(AnswerRule.class, "--answer-rule", word);
    }
}
