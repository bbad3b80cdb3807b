package dev.lacuna.rules.chain;

/** A triple r(s, o) of entity numbers (a KG's private ids), as rule chaining sees it. */
public record Fact(long s, String relation, long o) {
}
