package dev.lacuna.answer;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.query.BindingSet;
import org.eclipse.rdf4j.query.TupleQueryResult;

import dev.lacuna.BadInputException;
import dev.lacuna.store.Explicit;
import dev.lacuna.store.SparqlFiles;

/**
 * Retrieval for the llm responder: the k-hop neighbourhood of a topic entity, breadth first, one SPARQL
 * query per entity ({@code sparql/answer-neighbourhood.rq}), capped at a number of triples so that a hub
 * entity cannot flood the prompt. Triples are returned sorted, so the same graph gives the same prompt.
 */
public final class Neighbourhood {
    /** One triple with private ids and the relation's source name. */
    public record Fact(long head, String relation, long tail) {
        public String verbalise() {
            return head + " " + relation + " " + tail;
        }
    }

    private final GraphAccess access;
    private final int hops;
    private final int maxFacts;

    public Neighbourhood(GraphAccess access, int hops, int maxFacts) {
        if (hops < 1 || maxFacts < 1) {
            throw new BadInputException("hops and the triple cap must be at least 1");
        }
        this.access = access;
        this.hops = hops;
        this.maxFacts = maxFacts;
    }

    public List<Fact> around(String topicPrivateId) {
        Set<Fact> facts = new LinkedHashSet<>();
        Set<Long> seen = new HashSet<>();
        long topic = Long.parseLong(topicPrivateId);
        Deque<Long> frontier = new ArrayDeque<>(List.of(topic));
        seen.add(topic);
        for (int hop = 0; hop < hops && !frontier.isEmpty() && facts.size() < maxFacts; hop++) {
            Deque<Long> next = new ArrayDeque<>();
            while (!frontier.isEmpty() && facts.size() < maxFacts) {
                long e = frontier.poll();
                String query = SparqlFiles.render("answer-neighbourhood.rq",
                        Map.of("graph", access.graph(), "entity", access.kg().entity(e)));
                try (TupleQueryResult result = Explicit.tupleQuery(access.connection(), query).evaluate()) {
                    for (BindingSet b : result) {
                        Fact f = fact(b.getValue("s"), b.getValue("p"), b.getValue("o"));
                        if (f == null || !facts.add(f)) {
                            continue;
                        }
                        for (long n : new long[] {f.head(), f.tail()}) {
                            if (seen.add(n)) {
                                next.add(n);
                            }
                        }
                        if (facts.size() >= maxFacts) {
                            break;
                        }
                    }
                }
            }
            frontier = next;
        }
        List<Fact> sorted = new ArrayList<>(facts);
        sorted.sort(Comparator.comparingLong(Fact::head).thenComparing(Fact::relation).thenComparingLong(Fact::tail));
        return sorted;
    }

    private Fact fact(Value s, Value p, Value o) {
        if (!(s instanceof IRI si) || !(p instanceof IRI pi) || !(o instanceof IRI oi)) {
            return null;
        }
        long h = access.kg().privateId(si);
        long t = access.kg().privateId(oi);
        return h < 0 || t < 0 ? null : new Fact(h, access.kg().relationName(pi), t);
    }
}
