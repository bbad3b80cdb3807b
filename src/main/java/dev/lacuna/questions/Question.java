package dev.lacuna.questions;

import dev.lacuna.rules.sparql.Side;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * One benchmark question, as written to {@code questions/<split>.jsonl}: it asks about one deleted
 * head triple r(h, t). Entities are private ids (strings of digits), as in the paper.
 *
 * @param id          stable id, e.g. "q000123"
 * @param question    the natural-language question
 * @param topicEntity the entity named in the question (h or t of the deleted triple)
 * @param relation    source name of r
 * @param direction   "head" when the topic is the head h of the deleted triple (answers are tails), else "tail"
 * @param answers     every answer in the complete graph for the topic and relation in this direction, sorted
 * @param hardAnswer  the answer whose supporting triple was deleted
 * @param rule        the rule that infers the deleted triple, in AMIE3's printed form
 * @param ruleType    symmetry, inversion, hierarchy, composition or other
 * @param grounding   the body and head triples of the grounding that keeps the hard answer inferable
 * @param otherRules  further rules whose selected groundings infer the same triple (exact duplicates merged)
 * @param split       train, valid or test
 * @param depth       rule applications the hard answer needs at least (written by {@code build --depth} 2 or more;
 *                    absent means 1)
 * @param proof       for depth 2 and more, the steps that recover the hard answer, each a rule and its grounding;
 *                    {@code rule} and {@code grounding} are then the last step's
 * @param trap        the wrong answer of the graph {@code replaced} ({@code build --break replace}): its triple stands
 *                    there in place of the hard answer's; absent without that option, or where no trap was found
 * @param noiseLost   the answers other than the hard one whose triple the graph {@code noisy} lost to
 *                    {@code build --noise}, sorted (empty when none); absent without that option
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({"id", "question", "topic_entity", "relation", "direction", "answers", "hard_answer",
        "trap", "noise_lost", "rule", "rule_type", "depth", "grounding", "proof", "other_rules", "split"})
public record Question(
        @JsonProperty("id") String id,
        @JsonProperty("question") String question,
        @JsonProperty("topic_entity") String topicEntity,
        @JsonProperty("relation") String relation,
        @JsonProperty("direction") String direction,
        @JsonProperty("answers") List<String> answers,
        @JsonProperty("hard_answer") String hardAnswer,
        @JsonProperty("rule") String rule,
        @JsonProperty("rule_type") String ruleType,
        @JsonProperty("grounding") Grounding grounding,
        @JsonProperty("other_rules") List<String> otherRules,
        @JsonProperty("split") String split,
        @JsonProperty("depth") Integer depth,
        @JsonProperty("proof") List<ProofStep> proof,
        @JsonProperty("trap") String trap,
        @JsonProperty("noise_lost") List<String> noiseLost) {

    /** A question without the broken graphs' fields. */
    public Question(String id, String question, String topicEntity, String relation, String direction,
                    List<String> answers, String hardAnswer, String rule, String ruleType, Grounding grounding,
                    List<String> otherRules, String split, Integer depth, List<ProofStep> proof) {
        this(id, question, topicEntity, relation, direction, answers, hardAnswer, rule, ruleType, grounding, otherRules,
                split, depth, proof, null, null);
    }

    /** A question of depth 1 as every build writes it by default, without {@code depth} and {@code proof}. */
    public Question(String id, String question, String topicEntity, String relation, String direction,
                    List<String> answers, String hardAnswer, String rule, String ruleType, Grounding grounding,
                    List<String> otherRules, String split) {
        this(id, question, topicEntity, relation, direction, answers, hardAnswer, rule, ruleType, grounding, otherRules,
                split, null, null);
    }

    /** One step of a proof: a rule of the benchmark's rule set in AMIE3's printed form, and its grounding. */
    @JsonPropertyOrder({"rule", "grounding"})
    public record ProofStep(@JsonProperty("rule") String rule, @JsonProperty("grounding") Grounding grounding) {
    }

    /** Rule applications the hard answer needs: {@code depth}, or 1 when the question has none. */
    @com.fasterxml.jackson.annotation.JsonIgnore
    public int depthOrOne() {
        return depth == null ? 1 : depth;
    }

    /**
     * Whether the text names the topic entity: its private id as a whole token (not inside a longer run of letters
     * or digits). Templates and LLM questions both name it so.
     */
    @com.fasterxml.jackson.annotation.JsonIgnore
    public boolean namesTopic() {
        return topicToken(topicEntity).matcher(question).find();
    }

    /**
     * The text with its topic named {@code name}: every whole-token occurrence of the topic's private id replaced
     * (the text itself when it does not name the topic). The one renaming that {@code lacuna export} writes,
     * {@code lacuna tog} asks, and {@code evaluate --from tog} matches records by.
     */
    public String textNamingTopic(String name) {
        if (name == null || name.equals(topicEntity)) {
            return question;
        }
        return topicToken(topicEntity).matcher(question).replaceAll(Matcher.quoteReplacement(name));
    }

    private static final Map<String, Pattern> TOPIC_TOKENS = new ConcurrentHashMap<>();

    private static Pattern topicToken(String id) {
        return TOPIC_TOKENS.computeIfAbsent(id,
                k -> Pattern.compile("(?<![\\p{L}\\p{N}])" + Pattern.quote(k) + "(?![\\p{L}\\p{N}])"));
    }

    public Question withId(String newId) {
        return new Question(newId, question, topicEntity, relation, direction, answers, hardAnswer, rule, ruleType,
                grounding, otherRules, split, depth, proof, trap, noiseLost);
    }

    public Question withDepth(int newDepth) {
        return new Question(id, question, topicEntity, relation, direction, answers, hardAnswer, rule, ruleType,
                grounding, otherRules, split, newDepth, proof, trap, noiseLost);
    }

    public Question withTrap(String newTrap) {
        return new Question(id, question, topicEntity, relation, direction, answers, hardAnswer, rule, ruleType,
                grounding, otherRules, split, depth, proof, newTrap, noiseLost);
    }

    public Question withNoiseLost(List<String> lost) {
        return new Question(id, question, topicEntity, relation, direction, answers, hardAnswer, rule, ruleType,
                grounding, otherRules, split, depth, proof, trap, lost);
    }

    public static final String HEAD = "head";
    public static final String TAIL = "tail";

    /** Body and head triples of a grounding, each as [head, relation, tail] with private ids. */
    @JsonPropertyOrder({"body", "head"})
    public record Grounding(
            @JsonProperty("body") List<List<String>> body,
            @JsonProperty("head") List<String> head) {
    }

    /** The direction as a type; question files are checked on reading ({@link QuestionFiles}), so it parses. */
    @com.fasterxml.jackson.annotation.JsonIgnore
    public Side side() {
        return Side.parse(direction);
    }

    /**
     * The question's text with its topic named {@code name} wherever the text names the topic's private id as a whole
     * token (templates and LLM questions both name it so), as a system that names entities that way is asked it.
     */
    public String textWithTopic(String name) {
        if (name == null || name.equals(topicEntity)) {
            return question;
        }
        return java.util.regex.Pattern.compile("(?<![\\p{L}\\p{N}])" + java.util.regex.Pattern.quote(topicEntity)
                + "(?![\\p{L}\\p{N}])").matcher(question).replaceAll(java.util.regex.Matcher.quoteReplacement(name));
    }

    public Question withSplit(SplitName newSplit) {
        return new Question(id, question, topicEntity, relation, direction, answers, hardAnswer, rule, ruleType,
                grounding, otherRules, newSplit.label(), depth, proof, trap, noiseLost);
    }
}
