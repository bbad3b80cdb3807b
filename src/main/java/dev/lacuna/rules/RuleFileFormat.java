package dev.lacuna.rules;

import dev.lacuna.Choice;

/**
 * The rule file formats Lacuna reads and writes: AMIE3's TSV ({@link AmieRules}, also what {@code lacuna mine}
 * writes) and AnyBURL's ({@link AnyBurlRules}, also what SAFRAN and PyClause read).
 */
public enum RuleFileFormat implements Choice {
    AMIE3, ANYBURL;

    public static RuleFileFormat parse(String text) {
        return Choice.parse(RuleFileFormat.class, "rule file format", text);
    }
}
