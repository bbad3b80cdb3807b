package dev.lacuna.grounding;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;

import org.eclipse.rdf4j.model.IRI;

import dev.lacuna.LacunaException;
import dev.lacuna.Progress;
import dev.lacuna.Seeds;
import dev.lacuna.questions.GenerationBatch;
import dev.lacuna.questions.GenerationStats;
import dev.lacuna.questions.GiveAway;
import dev.lacuna.questions.Question;
import dev.lacuna.questions.QuestionGenerator;
import dev.lacuna.questions.QuestionRequest;
import dev.lacuna.questions.QuestionResult;
import dev.lacuna.rules.RuleType;
import dev.lacuna.rules.sparql.Side;
import dev.lacuna.rules.sparql.SparqlRuleRunner;
import dev.lacuna.store.KgGraphs;

/**
 * From selected groundings to questions (paper section 3.2, "Question Generation" and "Answer Set
 * Completion"):
 * <ol>
 * <li>one question per (rule, deleted triple), as the authors' released code does: a triple that several
 *     rules infer gets one question per rule; of several groundings of one rule with the same head, the
 *     first in selection order is kept as the question's grounding;</li>
 * <li>the topic entity is drawn from head or tail with the seed, in that fixed order;</li>
 * <li>exact duplicates (same topic, relation and direction, hence the same question and answer set) are
 *     merged into the first, whose {@code other_rules} keep every other rule as provenance;</li>
 * <li>the answer set is every answer of (topic, relation) in complete in the question's direction; the
 *     deleted triple's other entity is the hard answer;</li>
 * <li>a question that gives its answer away ({@link GiveAway}) is not asked: a self-loop's triple is still
 *     deleted when selected, but asks nothing.</li>
 * </ol>
 */
public final class QuestionAssembler {

    /** What happened on the way from groundings to questions. */
    public record Outcome(List<Question> questions, int candidates, int duplicatesMerged, GenerationStats generation,
                   Map<String, Long> giveAway) {
    }

    private record Candidate(Grounding grounding, Side topicSide) {
    }

    private QuestionAssembler() {
    }

    public static Outcome assemble(List<Grounding> selected, QuestionGenerator generator, CompleteSnapshot complete,
                            KgGraphs kg, long seed, GiveAway giveAway) {
        Map<String, Grounding> perRuleAndHead = new LinkedHashMap<>();
        for (Grounding g : selected) {
            perRuleAndHead.putIfAbsent(g.ruleIndex() + " " + g.head().tsv(), g);
        }
        // A stream of its own, so that changing how groundings are sampled does not shift topic draws.
        SplittableRandom random = Seeds.stream(seed, Seeds.Stage.QUESTIONS);
        List<Candidate> candidates = new ArrayList<>();
        List<QuestionRequest> requests = new ArrayList<>();
        Map<String, Long> excluded = GiveAway.zeroCounts();
        // Counted as questions would be after merging: one per topic, relation, side and hard answer.
        Set<String> givenAway = new HashSet<>();
        for (Grounding g : perRuleAndHead.values()) {
            Side side = random.nextBoolean() ? Side.HEAD : Side.TAIL;
            if (GiveAway.answerIsTopic(Long.toString(g.head().head()), Long.toString(g.head().tail()))) {
                // Drawn all the same, so that the topic draws of every other question stay as they were.
                if (givenAway.add(g.head().head() + " " + g.head().relation() + " " + side.label() + " " + g.head().tail())) {
                    excluded.merge(GiveAway.Reason.ANSWER_IS_TOPIC.key(), 1L, Long::sum);
                }
                continue;
            }
            candidates.add(new Candidate(g, side));
            requests.add(QuestionRequest.of(Long.toString(g.head().head()), g.head().relation(),
                    Long.toString(g.head().tail()), side));
        }
        GenerationBatch batch;
        try (Progress progress = Progress.start("questions", requests.size(), "questions")) {
            batch = generator.generate(requests, progress::set);
        }
        Map<String, List<String>> answerSets = answerSets(complete, candidates, batch.results());
        Map<String, Question> byKey = new LinkedHashMap<>();
        int merged = 0;
        for (int i = 0; i < candidates.size(); i++) {
            QuestionResult result = batch.results().get(i);
            if (result.isDropped()) {
                continue;
            }
            Candidate c = candidates.get(i);
            Triple head = c.grounding().head();
            boolean topicIsHead = c.topicSide() == Side.HEAD;
            long topic = topicIsHead ? head.head() : head.tail();
            long hard = topicIsHead ? head.tail() : head.head();
            String key = topic + " " + head.relation() + " " + c.topicSide().label();
            Question existing = byKey.get(key);
            Optional<GiveAway.Reason> reason = existing != null ? Optional.empty()
                    : giveAway.reason(result.question(), Long.toString(topic), Long.toString(hard));
            if (reason.isPresent()) {
                // Another candidate of the same key may still be asked; one question text is counted once.
                if (givenAway.add(key + " " + hard)) {
                    excluded.merge(reason.get().key(), 1L, Long::sum);
                }
                continue;
            }
            String ruleText = c.grounding().rule().rule().toAmie();
            if (existing != null) {
                merged++;
                List<String> others = new ArrayList<>(existing.otherRules() == null ? List.of() : existing.otherRules());
                if (!existing.rule().equals(ruleText) && !others.contains(ruleText)) {
                    others.add(ruleText);
                }
                byKey.put(key, withOtherRules(existing, others));
                continue;
            }
            List<String> answers = answerSets.get(key);
            if (!answers.contains(Long.toString(hard))) {
                throw new LacunaException("answer completion for " + head.tsv() + " misses its hard answer " + hard
                        + ": the graph complete changed during the build?");
            }
            List<List<String>> body = new ArrayList<>();
            for (Triple b : c.grounding().body()) {
                body.add(b.asList());
            }
            byKey.put(key, new Question(null, result.question(), Long.toString(topic), head.relation(),
                    c.topicSide().label(), answers, Long.toString(hard), ruleText,
                    RuleType.of(c.grounding().rule().rule()).label(),
                    new Question.Grounding(body, head.asList()), null, null));
        }
        List<Question> questions = new ArrayList<>(byKey.size());
        int n = 0;
        for (Question q : byKey.values()) {
            questions.add(withId(q, String.format("q%05d", n++)));
        }
        return new Outcome(questions, candidates.size(), merged, batch.stats(), excluded);
    }

    /**
     * The answer set of every kept candidate, keyed as the questions are (topic, relation, side): from complete's
     * integer index, or one batched query per relation, side and {@link SparqlRuleRunner#BATCH} topics.
     */
    private static Map<String, List<String>> answerSets(CompleteSnapshot complete, List<Candidate> candidates,
                                                        List<QuestionResult> results) {
        List<AnswerKey> keys = new ArrayList<>();
        for (int i = 0; i < candidates.size(); i++) {
            if (results.get(i).isDropped()) {
                continue;
            }
            Candidate c = candidates.get(i);
            Triple head = c.grounding().head();
            boolean topicIsHead = c.topicSide() == Side.HEAD;
            keys.add(new AnswerKey(head.relation(), topicIsHead ? head.head() : head.tail(), topicIsHead));
        }
        Map<AnswerKey, List<String>> sets = complete.answers(keys);
        Map<String, List<String>> out = new HashMap<>();
        sets.forEach((k, v) -> out.put(k.topic() + " " + k.relation() + " " + (k.topicIsHead() ? Side.HEAD : Side.TAIL).label(), v));
        return out;
    }

    /** One answer-set lookup: (topic, relation) with the topic on the head side or not. */
    public record AnswerKey(String relation, long topic, boolean topicIsHead) {
    }

    /**
     * Every key's answers in complete as sorted private ids, fetched in batches grouped by relation and side;
     * the result is the same as one {@link #answers(SparqlRuleRunner, KgGraphs, String, long, boolean)} per key.
     */
    public static Map<AnswerKey, List<String>> answers(SparqlRuleRunner runner, KgGraphs kg, Collection<AnswerKey> keys) {
        Map<String, Set<Long>> groups = new TreeMap<>();
        for (AnswerKey k : keys) {
            groups.computeIfAbsent(k.relation() + "\t" + k.topicIsHead(), g -> new TreeSet<>()).add(k.topic());
        }
        Map<AnswerKey, List<String>> out = new HashMap<>();
        try (Progress progress = Progress.start("answer sets", new HashSet<>(keys).size(), "questions")) {
            for (Map.Entry<String, Set<Long>> g : groups.entrySet()) {
                String relation = g.getKey().substring(0, g.getKey().lastIndexOf('\t'));
                boolean topicIsHead = g.getKey().endsWith("\ttrue");
                List<IRI> topics = new ArrayList<>(g.getValue().size());
                g.getValue().forEach(t -> topics.add(kg.entity(t)));
                Map<IRI, List<IRI>> found = runner.answers(kg.complete(), relation, topics, topicIsHead ? Side.HEAD : Side.TAIL);
                for (long t : g.getValue()) {
                    out.put(new AnswerKey(relation, t, topicIsHead), privateIds(kg, found.get(kg.entity(t))));
                }
                progress.step(g.getValue().size());
            }
        }
        return out;
    }

    static List<String> answers(SparqlRuleRunner runner, KgGraphs kg, String relation, long topic, boolean topicIsHead) {
        return privateIds(kg, runner.answers(kg.complete(), relation, kg.entity(topic), topicIsHead ? Side.HEAD : Side.TAIL));
    }

    private static List<String> privateIds(KgGraphs kg, List<IRI> iris) {
        List<Long> ids = new ArrayList<>(iris.size());
        for (IRI iri : iris) {
            ids.add(kg.privateId(iri));
        }
        ids.sort(Long::compare);
        List<String> out = new ArrayList<>(ids.size());
        ids.forEach(id -> out.add(Long.toString(id)));
        return out;
    }

    private static Question withId(Question q, String id) {
        return new Question(id, q.question(), q.topicEntity(), q.relation(), q.direction(), q.answers(), q.hardAnswer(),
                q.rule(), q.ruleType(), q.grounding(), q.otherRules(), q.split());
    }

    private static Question withOtherRules(Question q, List<String> others) {
        return new Question(q.id(), q.question(), q.topicEntity(), q.relation(), q.direction(), q.answers(),
                q.hardAnswer(), q.rule(), q.ruleType(), q.grounding(), others.isEmpty() ? null : List.copyOf(others), q.split());
    }
}
