package dev.lacuna.answer;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.lacuna.rules.chain.Facts;
import dev.lacuna.store.SparqlFiles;

/**
 * The responder's graph as {@link Facts} for rule chaining, read through SPARQL as an outside system reads the
 * endpoint: one query per entity and relation asked about, each answer kept (the graph does not change while a
 * folder's questions are answered).
 */
final class SparqlFacts implements Facts {
    private final GraphAccess access;
    private final Map<String, long[]> cache = new HashMap<>();

    SparqlFacts(GraphAccess access) {
        this.access = access;
    }

    @Override
    public boolean holds(long s, String relation, long o) {
        for (long v : objects(relation, s)) {
            if (v == o) {
                return true;
            }
        }
        return false;
    }

    @Override
    public long[] objects(String relation, long s) {
        return cache.computeIfAbsent("o\t" + relation + "\t" + s, k -> ask("answers-tail.rq", relation, s));
    }

    @Override
    public long[] subjects(String relation, long o) {
        return cache.computeIfAbsent("s\t" + relation + "\t" + o, k -> ask("answers-head.rq", relation, o));
    }

    private long[] ask(String file, String relation, long topic) {
        String query = SparqlFiles.render(file, Map.of("graph", access.graph(),
                "relation", access.kg().relation(relation), "topic", access.kg().entity(topic)));
        List<String> ids = access.privateIds(query, "answer");
        long[] out = new long[ids.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = Long.parseLong(ids.get(i));
        }
        return out;
    }
}
