package dev.lacuna.grounding;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.rdf4j.model.util.Values;

import dev.lacuna.Progress;
import dev.lacuna.mining.KgIndex;
import dev.lacuna.store.KgGraphs;

/**
 * Answer-set completion (paper section 3.2) from the integer index of complete instead of SPARQL: the answers
 * of (topic, relation) with the topic as head are the objects of the topic's edges of that relation, as tail the
 * subjects. The index names entities by IRI ({@link KgIndex#fromRepository}, or the miner's index of the same
 * graph) and holds exactly complete's triples, so each list equals what the batched query
 * ({@code sparql/answers-*-batch.rq}, SELECT DISTINCT) returns, converted the same way: private ids (-1 for an
 * IRI that is not one of the KG's entities), sorted as numbers.
 */
final class IndexAnswers {
    private final KgIndex index;
    /** Index entity by private id (-1 where no entity of the index has that private id). */
    private final int[] entityByPrivateId;
    /** Private id by index entity. */
    private final long[] privateIds;

    IndexAnswers(KgIndex index, KgGraphs kg) {
        this.index = index;
        int n = index.entityCount();
        this.privateIds = new long[n];
        long max = -1;
        for (int e = 0; e < n; e++) {
            privateIds[e] = privateId(kg, index.entityName(e));
            max = Math.max(max, privateIds[e]);
        }
        if (max >= Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("private id " + max + " too large for an answer table");
        }
        this.entityByPrivateId = new int[(int) (max + 1)];
        Arrays.fill(entityByPrivateId, -1);
        for (int e = 0; e < n; e++) {
            if (privateIds[e] >= 0) {
                entityByPrivateId[(int) privateIds[e]] = e;
            }
        }
    }

    KgIndex index() {
        return index;
    }

    private static long privateId(KgGraphs kg, String name) {
        try {
            return kg.privateId(Values.iri(name));
        } catch (IllegalArgumentException notAnIri) {
            return -1;
        }
    }

    Map<QuestionAssembler.AnswerKey, List<String>> answers(Collection<QuestionAssembler.AnswerKey> keys) {
        Map<QuestionAssembler.AnswerKey, List<String>> out = new HashMap<>();
        Map<String, Integer> relations = new HashMap<>();
        try (Progress progress = Progress.start("answer sets", keys.size(), "questions")) {
            for (QuestionAssembler.AnswerKey k : keys) {
                if (!out.containsKey(k)) {
                    int r = relations.computeIfAbsent(k.relation(), index::relationId);
                    int topic = k.topic() >= 0 && k.topic() < entityByPrivateId.length ? entityByPrivateId[(int) k.topic()] : -1;
                    out.put(k, answers(topic, r, k.topicIsHead()));
                }
                progress.step(1);
            }
        }
        return out;
    }

    private List<String> answers(int topic, int relation, boolean topicIsHead) {
        if (topic < 0 || relation < 0) {
            return new ArrayList<>();
        }
        int[] ends = topicIsHead ? index.objectsOf(topic, relation) : index.subjectsOf(topic, relation);
        long[] ids = new long[ends.length];
        for (int i = 0; i < ends.length; i++) {
            ids[i] = privateIds[ends[i]];
        }
        Arrays.sort(ids);
        List<String> out = new ArrayList<>(ids.length);
        for (long id : ids) {
            out.add(Long.toString(id));
        }
        return out;
    }
}
