package dev.lacuna.rules.sparql;

import dev.lacuna.Choice;

/**
 * Where a question's topic entity sits in the head triple {@code ?a r ?b}: on the HEAD side (the subject
 * {@code ?a}; the answers are tails) or on the TAIL side (the object {@code ?b}; the answers are heads).
 */
public enum Side implements Choice {
    HEAD,
    TAIL;

    /** The variable number of the topic in a canonical rule's head: 0 ({@code ?a}) or 1 ({@code ?b}). */
    public int topicVariable() {
        return this == HEAD ? 0 : 1;
    }

    /** The variable number of the answer: the other head variable. */
    public int answerVariable() {
        return this == HEAD ? 1 : 0;
    }

    /** Parses "head" or "tail" (any case). */
    public static Side parse(String word) {
        return Choice.parse(Side.class, "side", word);
    }
}
