package dev.lacuna.eval;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.lacuna.evidence.AlternativePath;
import dev.lacuna.evidence.QuestionPaths;
import dev.lacuna.grounding.Triple;
import dev.lacuna.view.KgView;

/**
 * One question's retrieval held against its alternative paths. A chain's step {@code a -> r -> b} stands for r(a, b)
 * or r(b, a): the systems write chains in the order they walked them (ToG from the entity it stood on, RoG across an
 * undirected graph), so the direction of a step says nothing of its triple's. Entities are compared by their names
 * in the system's form, normalised as answers are (so entities that share a text label are one name, as they are to
 * the system); relations by their source name or the Freebase-shaped name {@code lacuna serve --shape freebase} gives
 * them. The fetched triples of a trace carry the endpoint's ids and their direction, and are compared exactly.
 *
 * @param evidence whether a whole supporting path was retrieved
 * @param partial  the largest share of one supporting path's triples retrieved
 * @param best     the supporting path with that share (-1: the hard-answer triple itself, where the graph states it)
 * @param fetched  whether a whole supporting path was fetched; null without fetched triples
 */
record EvidenceMatch(boolean evidence, double partial, int best, Boolean fetched) {

    /** Entities' keys as the system names them: normalised names, by private id. */
    interface Names {
        String key(long privateId);
    }

    static EvidenceMatch of(QuestionPaths paths, Retrieval r, Names names) {
        Set<String> chains = chainKeys(r.chains());
        double partial = 0;
        int best = 0;
        boolean evidence = false;
        List<AlternativePath> list = paths.paths();
        for (int i = 0; i < list.size(); i++) {
            List<Triple> triples = list.get(i).triples();
            int found = 0;
            for (Triple t : triples) {
                found += holds(chains, t, names.key(t.head()), names.key(t.tail())) ? 1 : 0;
            }
            double share = (double) found / triples.size();
            if (share > partial) {
                partial = share;
                best = i;
            }
            evidence |= found == triples.size();
        }
        Triple hard = paths.hard();
        if (paths.direct() && holds(chains, hard, names.key(hard.head()), names.key(hard.tail()))) {
            evidence = true;
            if (partial < 1) {
                partial = 1;
                best = -1;
            }
        }
        Boolean fetched = null;
        if (r.fetched() != null) {
            Set<String> ids = fetchedKeys(r.fetched());
            fetched = paths.direct() && holds(ids, hard, Long.toString(hard.head()), Long.toString(hard.tail()));
            for (AlternativePath p : list) {
                fetched |= p.triples().stream().allMatch(t -> holds(ids, t, Long.toString(t.head()), Long.toString(t.tail())));
            }
        }
        return new EvidenceMatch(evidence, list.isEmpty() && !paths.direct() ? 0 : partial, best, fetched);
    }

    /** Whether one of the chains' steps names the triple (by the system's names), either way round. */
    static boolean names(List<String> chain, Triple t, Names names) {
        Set<String> keys = chainKeys(List.of(chain));
        return holds(keys, t, names.key(t.head()), names.key(t.tail()));
    }

    private static boolean holds(Set<String> keys, Triple t, String head, String tail) {
        for (String relation : spellings(t.relation())) {
            if (keys.contains(head + '\t' + relation + '\t' + tail)) {
                return true;
            }
        }
        return false;
    }

    /** A relation's names: its source name, and its name in the Freebase shape. */
    static List<String> spellings(String relation) {
        String dotted = KgView.dottedName(relation);
        return dotted.equals(relation) ? List.of(relation) : List.of(relation, dotted);
    }

    /** Every step of the chains, both ways round, as "a TAB r TAB b" with normalised entity names. */
    private static Set<String> chainKeys(List<List<String>> chains) {
        Set<String> keys = new HashSet<>();
        for (List<String> c : chains) {
            for (int i = 0; i + 2 < c.size(); i += 2) {
                String a = AnswerNormalizer.strict(c.get(i));
                String rel = c.get(i + 1).strip();
                String b = AnswerNormalizer.strict(c.get(i + 2));
                keys.add(a + '\t' + rel + '\t' + b);
                keys.add(b + '\t' + rel + '\t' + a);
            }
        }
        return keys;
    }

    /** Fetched triples as "s TAB r TAB o" in private ids: Freebase-shaped ids ({@code m.123}) lose their prefix. */
    private static Set<String> fetchedKeys(List<List<String>> triples) {
        Set<String> keys = new HashSet<>();
        for (List<String> t : triples) {
            keys.add(privateId(t.get(0)) + '\t' + t.get(1) + '\t' + privateId(t.get(2)));
        }
        return keys;
    }

    private static String privateId(String endpointId) {
        return endpointId.startsWith("m.") ? endpointId.substring(2) : endpointId;
    }

    /** Names from a table of keys by private id; an entity missing from it is keyed by its id. */
    static Names of(Map<Long, String> keys) {
        return id -> keys.getOrDefault(id, Long.toString(id));
    }
}
