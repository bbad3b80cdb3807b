package dev.lacuna.answer;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.langchain4j.model.chat.ChatModel;
import dev.lacuna.evidence.AlternativePath;
import dev.lacuna.evidence.AlternativePaths;
import dev.lacuna.evidence.QuestionPaths;
import dev.lacuna.folder.BenchmarkFolder;
import dev.lacuna.grounding.Triple;
import dev.lacuna.questions.Question;
import dev.lacuna.rules.AmieRules;
import dev.lacuna.rules.Atom;
import dev.lacuna.rules.Rule;
import dev.lacuna.view.KgView;
import dev.lacuna.view.LabelMode;

/**
 * Guided reasoning (the paper's appendix H, Table 6): a chat model is given the question, its alternative paths in
 * the graph it is asked over and the rules that turn them into the answer, and nothing else, "a perfect retriever with
 * guided reasoning". Its Hits@Hard is the paper's Table 6 measure: whether the questions can be answered when the
 * evidence is there; the {@code rules} responder, which applies the rules symbolically, is its upper bound. The paths
 * come from the benchmark folder's files ({@link AlternativePaths}), so no store is read. Each record's
 * {@code retrieved} lists the paths given, so {@code evaluate} counts every miss as a Reasoning Failure.
 */
public final class GuidedResponder implements Responder {
    private final AlternativePaths paths;
    private final ChatModel model;
    private final Map<String, BenchmarkFolder.Entity> entities;
    private final LabelMode labels;

    /**
     * @param paths    the questions' paths in the graph the answers are for
     * @param model    the chat model
     * @param entities the entity table, to name entities
     * @param labels   how entities are named in the prompt (and so in the answers)
     */
    public GuidedResponder(AlternativePaths paths, ChatModel model, Map<String, BenchmarkFolder.Entity> entities,
            LabelMode labels) {
        this.paths = paths;
        this.model = model;
        this.entities = entities;
        this.labels = labels;
    }

    @Override
    public String name() {
        return "guided";
    }

    @Override
    public Answer answer(Question q) {
        QuestionPaths found = paths.of(q);
        String reply = model.chat(prompt(q, found));
        List<List<String>> given = new ArrayList<>();
        for (AlternativePath p : found.paths()) {
            for (Triple t : p.triples()) {
                given.add(List.of(name(t.head()), t.relation(), name(t.tail())));
            }
        }
        return Answer.raw(q.id(), reply == null ? "" : reply).withRetrieved(given);
    }

    /** An entity's name in the prompt's label setting, as {@code serve --labels} and {@code export --labels} name it. */
    String name(long privateId) {
        String id = Long.toString(privateId);
        BenchmarkFolder.Entity e = entities.get(id);
        return e == null ? id : KgView.entityName(labels, id, e.sourceId(), e.label());
    }

    /**
     * The prompt: each alternative path as facts {@code relation(head, tail)}, one a line, under the rules that derive
     * the answer from it (written {@code body ∧ body ⇒ head}, AMIE3's variables kept), then the question with its topic
     * named as the facts name it, and the answer form. Nothing else of the graph.
     */
    String prompt(Question q, QuestionPaths found) {
        StringBuilder p = new StringBuilder();
        p.append("Answer the question using the reasoning paths below, which come from a knowledge graph. Each path is")
                .append(" a set of facts; the rule given with it says how those facts imply the answer.\n");
        int n = 0;
        for (AlternativePath path : found.paths()) {
            p.append("\nPath ").append(++n).append(", rule: ");
            List<String> rules = new ArrayList<>();
            path.rules().forEach(r -> rules.add(readable(r)));
            p.append(String.join("; then ", rules)).append('\n');
            for (Triple t : path.triples()) {
                p.append(t.relation()).append('(').append(name(t.head())).append(", ").append(name(t.tail())).append(")\n");
            }
        }
        if (n == 0) {
            p.append("\n(no path: the graph holds none for this question)\n");
        }
        String topic = name(Long.parseLong(q.topicEntity()));
        p.append("\nQuestion: ").append(q.textWithTopic(topic)).append('\n');
        p.append("Reply with the answer entities, named as in the facts, separated by commas, and nothing else.\n");
        return p.toString();
    }

    /** A rule of AMIE3's printed form as {@code r1(?a, ?c) ∧ r2(?c, ?b) ⇒ r(?a, ?b)}. */
    static String readable(String amie) {
        Rule rule = AmieRules.parseRule(amie, "rule", 0);
        List<String> body = new ArrayList<>();
        for (Atom a : rule.body()) {
            body.add(atom(a));
        }
        return String.join(" ∧ ", body) + " ⇒ " + atom(rule.head());
    }

    private static String atom(Atom a) {
        return a.relation() + "(" + a.subjectToken() + ", " + a.objectToken() + ")";
    }
}
