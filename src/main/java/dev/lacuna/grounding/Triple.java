package dev.lacuna.grounding;

import java.util.List;

import dev.lacuna.rules.chain.Fact;

/** A triple of the KG by private ids and the relation's source name: r(head, tail). */
public record Triple(long head, String relation, long tail) implements Comparable<Triple> {

    public static Triple of(Fact f) {
        return new Triple(f.s(), f.relation(), f.o());
    }

    public Fact fact() {
        return new Fact(head, relation, tail);
    }

    /** As written in output files and questions: [head, relation, tail] with ids as decimal strings. */
    public List<String> asList() {
        return List.of(Long.toString(head), relation, Long.toString(tail));
    }

    /** {@code head<TAB>relation<TAB>tail}. */
    public String tsv() {
        return head + "\t" + relation + "\t" + tail;
    }

    @Override
    public int compareTo(Triple o) {
        int c = Long.compare(head, o.head);
        if (c == 0) {
            c = relation.compareTo(o.relation);
        }
        return c != 0 ? c : Long.compare(tail, o.tail);
    }
}
