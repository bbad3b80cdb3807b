package dev.lacuna.verify;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

import org.eclipse.rdf4j.model.IRI;

import dev.lacuna.questions.Question;
import dev.lacuna.rules.AmieRules;
import dev.lacuna.rules.Rule;
import dev.lacuna.rules.sparql.SparqlRuleRunner;
import dev.lacuna.store.KgGraphs;

/**
 * verify's check that each question's hard answer is inferable in incomplete by its rule, through the rule's
 * compiled body query (not the question's own grounding, which {@code bodiesHold} checks triple by triple): one
 * batched query per rule and {@link SparqlRuleRunner#BATCH} head pairs rather than one ASK per question. With
 * thousands of rules (FB15k-237 at maxad 4) these queries are most of verify's store work after the graphs are
 * read, and each is an independent read on its own connection, so they run at once ({@link CheckRunner#all}).
 */
final class RuleInferenceCheck {
    static final String NAME = "hard answer inferable in incomplete by its rule (SPARQL)";

    private RuleInferenceCheck() {
    }

    static Verifier.Check check(SparqlRuleRunner runner, KgGraphs kg, List<Question> questions) {
        Map<String, List<List<IRI>>> pairsByRule = new LinkedHashMap<>();
        Map<String, Rule> rules = new HashMap<>();
        for (Question q : questions) {
            // Parsed in question order, so that a rule that is not one is named by its first question, as before.
            rules.computeIfAbsent(q.rule(), r -> AmieRules.parseRule(r, "question " + q.id(), -1));
            pairsByRule.computeIfAbsent(q.rule(), r -> new ArrayList<>()).add(pair(kg, q));
        }
        Map<String, Set<List<IRI>>> holding = holding(runner, kg, rules, pairsByRule);
        List<String> failures = new ArrayList<>();
        for (Question q : questions) {
            if (!holding.get(q.rule()).contains(pair(kg, q))) {
                failures.add(q.id() + ": rule body does not hold in incomplete for " + String.join(" ", q.grounding().head()));
            }
        }
        return new Verifier.Check(NAME, questions.size(), failures);
    }

    private static Map<String, Set<List<IRI>>> holding(SparqlRuleRunner runner, KgGraphs kg, Map<String, Rule> rules,
                                                      Map<String, List<List<IRI>>> pairsByRule) {
        List<String> texts = new ArrayList<>(pairsByRule.keySet());
        List<Callable<Set<List<IRI>>>> queries = new ArrayList<>();
        for (String text : texts) {
            queries.add(() -> runner.bodiesHold(rules.get(text), kg.incomplete(), pairsByRule.get(text)));
        }
        List<Set<List<IRI>>> held = CheckRunner.all(queries);
        Map<String, Set<List<IRI>>> out = new HashMap<>();
        for (int i = 0; i < texts.size(); i++) {
            out.put(texts.get(i), held.get(i));
        }
        return out;
    }

    private static List<IRI> pair(KgGraphs kg, Question q) {
        List<String> head = q.grounding().head();
        return List.of(kg.entity(Long.parseLong(head.get(0))), kg.entity(Long.parseLong(head.get(2))));
    }
}
