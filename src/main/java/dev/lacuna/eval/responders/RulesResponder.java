package dev.lacuna.eval.responders;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import dev.lacuna.questions.Question;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.Rule;
import dev.lacuna.rules.sparql.RuleCompiler;
import dev.lacuna.rules.sparql.Side;

/**
 * A symbolic reasoner: answers with every entity that some mined rule for the question's relation derives
 * for the topic, by running the rule's compiled derivation query ({@link RuleCompiler#derivations}) over
 * the graph. It never reads the question's relation directly, so on the incomplete graph it recovers the
 * hard answer exactly when a rule grounding for it survived (the guarantee of the paper's section 3.2 and
 * appendix H, measured as its Hits@Hard).
 *
 * <p>Rules with a constant in the head (mine --const, e.g. {@code ?a speaks french => ?a nationality france})
 * are not used: their derivation has no answer variable to project. Constants in the body are fine.
 */
public final class RulesResponder implements Responder {
    private final GraphAccess access;
    private final RuleCompiler compiler;
    private final Map<String, List<Rule>> byHeadRelation = new HashMap<>();

    public RulesResponder(GraphAccess access, List<MinedRule> rules) {
        this.access = access;
        this.compiler = new RuleCompiler(access.kg());
        for (MinedRule m : rules) {
            if (m.rule().head().hasConstant()) {
                continue; // see the class comment
            }
            byHeadRelation.computeIfAbsent(m.rule().head().relation(), r -> new ArrayList<>()).add(m.rule());
        }
    }

    @Override
    public String name() {
        return "rules";
    }

    /** Rules whose head is the relation: what this responder can reason with for it. */
    public int rulesFor(String relation) {
        return byHeadRelation.getOrDefault(relation, List.of()).size();
    }

    @Override
    public Answer answer(Question q) {
        Side side = Side.parse(q.direction());
        String variable = Rule.variableName(side.answerVariable()).substring(1);
        TreeSet<Long> ids = new TreeSet<>();
        for (Rule rule : byHeadRelation.getOrDefault(q.relation(), List.of())) {
            String query = compiler.derivations(rule, access.graph(), access.entity(q.topicEntity()), side);
            for (String id : access.privateIds(query, variable)) {
                ids.add(Long.parseLong(id));
            }
        }
        List<String> out = new ArrayList<>(ids.size());
        ids.forEach(id -> out.add(Long.toString(id)));
        return Answer.of(q.id(), out);
    }
}
