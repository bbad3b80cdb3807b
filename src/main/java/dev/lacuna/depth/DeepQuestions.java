package dev.lacuna.depth;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;

import dev.lacuna.Seeds;
import dev.lacuna.LacunaException;
import dev.lacuna.grounding.CompleteSnapshot;
import dev.lacuna.grounding.Grounding;
import dev.lacuna.grounding.QuestionAssembler;
import dev.lacuna.grounding.Triple;
import dev.lacuna.questions.GenerationBatch;
import dev.lacuna.questions.GiveAway;
import dev.lacuna.questions.Question;
import dev.lacuna.questions.QuestionGenerator;
import dev.lacuna.questions.QuestionRequest;
import dev.lacuna.questions.QuestionResult;
import dev.lacuna.rules.RuleType;
import dev.lacuna.rules.sparql.Side;

/**
 * Questions about the hard triples of proofs of depth 2 and more, written as depth-1 questions are
 * ({@link QuestionAssembler}): the topic side drawn with the seed (a stream of its own, so depth 1 is untouched),
 * the generator's text, the answer set from complete, give-aways left out. The side drawn is turned round when
 * its hard answer already has {@code limit} questions and the other side's fewer: balancing (Algorithm 1) keeps at
 * most about that many per hard answer, so the question would likely be cut. A proof whose question would read
 * exactly as one already asked (same topic, relation and direction) is asked from its other side, and not at all
 * when that reads as one already asked too.
 */
public final class DeepQuestions {
    /** The questions of each depth, numbered on from {@code firstNumber}; and what was left out. */
    public record Outcome(Map<Integer, List<Question>> byDepth, Map<String, Long> giveAway, int duplicates, int dropped) {
    }

    private DeepQuestions() {
    }

    public static Outcome assemble(List<Proof> proofs, QuestionGenerator generator, CompleteSnapshot complete,
                            GiveAway giveAway, long seed, Set<String> askedKeys, Map<String, Integer> hardAnswers,
                            long limit, int firstNumber) {
        SplittableRandom random = Seeds.stream(seed, Seeds.Stage.DEEP_QUESTIONS);
        Map<String, Long> excluded = GiveAway.zeroCounts();
        List<Proof> asked = new ArrayList<>();
        List<Side> sides = new ArrayList<>();
        List<QuestionRequest> requests = new ArrayList<>();
        List<QuestionAssembler.AnswerKey> keys = new ArrayList<>();
        for (Proof p : proofs) {
            Side side = random.nextBoolean() ? Side.HEAD : Side.TAIL;
            Triple h = p.hard();
            int drawn = hardAnswers.getOrDefault(answer(h, side), 0);
            if (drawn >= limit && hardAnswers.getOrDefault(answer(h, other(side)), 0) < drawn) {
                side = other(side);
            }
            // A side whose question reads as one already asked is turned round: the other may be new.
            if (askedKeys.contains(key(h, side))) {
                side = other(side);
            }
            if (GiveAway.answerIsTopic(Long.toString(h.head()), Long.toString(h.tail()))) {
                excluded.merge(GiveAway.Reason.ANSWER_IS_TOPIC.key(), 1L, Long::sum);
                continue;
            }
            asked.add(p);
            sides.add(side);
            hardAnswers.merge(answer(h, side), 1, Integer::sum);
            requests.add(QuestionRequest.of(Long.toString(h.head()), h.relation(), Long.toString(h.tail()), side));
            keys.add(new QuestionAssembler.AnswerKey(h.relation(), side == Side.HEAD ? h.head() : h.tail(), side == Side.HEAD));
        }
        GenerationBatch batch = generator.generate(requests, n -> { });
        Map<QuestionAssembler.AnswerKey, List<String>> answers = complete.answers(keys);
        Map<Integer, List<Question>> byDepth = new TreeMap<>();
        int duplicates = 0;
        int dropped = 0;
        int number = firstNumber;
        for (int i = 0; i < asked.size(); i++) {
            QuestionResult result = batch.results().get(i);
            if (result.isDropped()) {
                dropped++;
                continue;
            }
            Proof p = asked.get(i);
            Triple h = p.hard();
            boolean topicIsHead = sides.get(i) == Side.HEAD;
            long topic = topicIsHead ? h.head() : h.tail();
            long hard = topicIsHead ? h.tail() : h.head();
            if (!askedKeys.add(key(h, sides.get(i)))) {
                duplicates++;
                continue;
            }
            var reason = giveAway.reason(result.question(), Long.toString(topic), Long.toString(hard));
            if (reason.isPresent()) {
                excluded.merge(reason.get().key(), 1L, Long::sum);
                continue;
            }
            List<String> answerSet = answers.get(keys.get(i));
            if (answerSet == null || !answerSet.contains(Long.toString(hard))) {
                throw new LacunaException("answer completion for " + h.tsv() + " misses its hard answer " + hard);
            }
            List<Question.ProofStep> steps = new ArrayList<>();
            for (Grounding g : p.steps()) {
                steps.add(new Question.ProofStep(g.rule().rule().toAmie(), grounding(g)));
            }
            Grounding last = p.last();
            byDepth.computeIfAbsent(p.depth(), d -> new ArrayList<>()).add(new Question(
                    String.format("q%05d", number++), result.question(), Long.toString(topic), h.relation(),
                    sides.get(i).label(), answerSet, Long.toString(hard), last.rule().rule().toAmie(),
                    RuleType.of(last.rule().rule()).label(), grounding(last), null, null, p.depth(), steps));
        }
        return new Outcome(byDepth, excluded, duplicates, dropped);
    }

    private static Side other(Side side) {
        return side == Side.HEAD ? Side.TAIL : Side.HEAD;
    }

    /** The hard answer of a question about {@code h} asked from {@code side}. */
    private static String answer(Triple h, Side side) {
        return Long.toString(side == Side.HEAD ? h.tail() : h.head());
    }

    /** The key a question about {@code h} asked from {@code side} is known by: topic, relation, direction. */
    static String key(Triple h, Side side) {
        return key(Long.toString(side == Side.HEAD ? h.head() : h.tail()), h.relation(), side.label());
    }

    /** The key of a question with this topic, relation and direction, whichever stage asks it. */
    static String key(String topic, String relation, String direction) {
        return topic + " " + relation + " " + direction;
    }

    static Question.Grounding grounding(Grounding g) {
        List<List<String>> body = new ArrayList<>();
        g.body().forEach(t -> body.add(t.asList()));
        return new Question.Grounding(body, g.head().asList());
    }
}
