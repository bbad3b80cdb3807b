package dev.lacuna.rules;

import java.util.Objects;

/**
 * One atom {@code relation(subject, object)} of a Horn rule. Arguments are variables numbered from 0:
 * 0 is {@code ?a} and 1 is {@code ?b} (the head's subject and object in a canonical {@link Rule}),
 * 2.. are {@code ?c}, {@code ?d}, ... Constants are not modelled.
 */
public record Atom(int subject, String relation, int object) implements Comparable<Atom> {

    public Atom {
        Objects.requireNonNull(relation, "relation");
        if (subject < 0 || object < 0) {
            throw new IllegalArgumentException("variables are numbered from 0: " + subject + ", " + object);
        }
    }

    /** True if {@code v} is the subject or the object. */
    public boolean uses(int v) {
        return subject == v || object == v;
    }

    /** The atom in AMIE3's printed form, e.g. {@code ?a  wife  ?b}. */
    public String toAmie() {
        return Rule.variableName(subject) + "  " + relation + "  " + Rule.variableName(object);
    }

    /** Relation, then subject, then object: the order of a canonical rule's body. */
    @Override
    public int compareTo(Atom o) {
        int c = relation.compareTo(o.relation);
        if (c != 0) {
            return c;
        }
        c = Integer.compare(subject, o.subject);
        return c != 0 ? c : Integer.compare(object, o.object);
    }

    @Override
    public String toString() {
        return toAmie();
    }
}
