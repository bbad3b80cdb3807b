package dev.lacuna.depth;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Statement;

import dev.lacuna.grounding.Triple;
import dev.lacuna.rules.chain.Facts;
import dev.lacuna.store.KgGraphs;

/**
 * The graph complete in memory for proof search: adjacency by relation and entity, both ways. The incomplete graph
 * is a {@link #without} view that leaves out the removed triples, so removing one more during the search costs a
 * set insertion, not an index rebuild.
 */
public final class FactIndex implements Facts {
    private final Map<String, Map<Long, long[]>> out = new HashMap<>();
    private final Map<String, Map<Long, long[]>> in = new HashMap<>();
    private final Set<Triple> all = new HashSet<>();
    private final Map<String, List<Triple>> byRelation = new HashMap<>();

    private FactIndex(Collection<Triple> triples) {
        Map<String, Map<Long, List<Long>>> o = new HashMap<>();
        Map<String, Map<Long, List<Long>>> i = new HashMap<>();
        for (Triple t : triples) {
            if (all.add(t)) {
                o.computeIfAbsent(t.relation(), k -> new HashMap<>()).computeIfAbsent(t.head(), k -> new ArrayList<>()).add(t.tail());
                i.computeIfAbsent(t.relation(), k -> new HashMap<>()).computeIfAbsent(t.tail(), k -> new ArrayList<>()).add(t.head());
                byRelation.computeIfAbsent(t.relation(), k -> new ArrayList<>()).add(t);
            }
        }
        freeze(o, out);
        freeze(i, in);
        byRelation.values().forEach(l -> l.sort(null));
    }

    private static void freeze(Map<String, Map<Long, List<Long>>> from, Map<String, Map<Long, long[]>> to) {
        from.forEach((r, m) -> {
            Map<Long, long[]> frozen = new HashMap<>(m.size() * 2);
            m.forEach((e, l) -> frozen.put(e, l.stream().mapToLong(Long::longValue).sorted().toArray()));
            to.put(r, frozen);
        });
    }

    public static FactIndex of(Collection<Triple> triples) {
        return new FactIndex(triples);
    }

    /** complete's statements as triples of private ids (entity-to-entity statements only). */
    public static FactIndex of(KgGraphs kg, Collection<Statement> complete) {
        List<Triple> triples = new ArrayList<>(complete.size());
        for (Statement st : complete) {
            if (st.getSubject() instanceof IRI s && st.getObject() instanceof IRI o) {
                long h = kg.privateId(s);
                long t = kg.privateId(o);
                if (h >= 0 && t >= 0) {
                    triples.add(new Triple(h, kg.relationName(st.getPredicate()), t));
                }
            }
        }
        return new FactIndex(triples);
    }

    @Override
    public boolean holds(long s, String relation, long o) {
        return all.contains(new Triple(s, relation, o));
    }

    public boolean holds(Triple t) {
        return all.contains(t);
    }

    @Override
    public long[] objects(String relation, long s) {
        Map<Long, long[]> m = out.get(relation);
        long[] a = m == null ? null : m.get(s);
        return a == null ? NONE : a;
    }

    @Override
    public long[] subjects(String relation, long o) {
        Map<Long, long[]> m = in.get(relation);
        long[] a = m == null ? null : m.get(o);
        return a == null ? NONE : a;
    }

    /** Every triple of a relation, sorted. */
    public List<Triple> triples(String relation) {
        return byRelation.getOrDefault(relation, List.of());
    }

    /** This graph without the given triples (a live view: later additions to {@code removed} count). */
    public Facts without(Set<Triple> removed) {
        return new Facts() {
            @Override
            public boolean holds(long s, String relation, long o) {
                Triple t = new Triple(s, relation, o);
                return all.contains(t) && !removed.contains(t);
            }

            @Override
            public long[] objects(String relation, long s) {
                return filter(FactIndex.this.objects(relation, s), o -> new Triple(s, relation, o), removed);
            }

            @Override
            public long[] subjects(String relation, long o) {
                return filter(FactIndex.this.subjects(relation, o), s -> new Triple(s, relation, o), removed);
            }
        };
    }

    private static long[] filter(long[] ids, Function<Long, Triple> triple, Set<Triple> removed) {
        if (removed.isEmpty() || ids.length == 0) {
            return ids;
        }
        int kept = 0;
        long[] out = new long[ids.length];
        for (long id : ids) {
            if (!removed.contains(triple.apply(id))) {
                out[kept++] = id;
            }
        }
        return kept == ids.length ? ids : Arrays.copyOf(out, kept);
    }
}
