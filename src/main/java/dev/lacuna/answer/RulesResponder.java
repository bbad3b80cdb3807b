package dev.lacuna.answer;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.util.Values;

import dev.lacuna.questions.Question;
import dev.lacuna.rules.Atom;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.Rule;
import dev.lacuna.rules.chain.DepthSearch;
import dev.lacuna.rules.chain.RuleMatcher;
import dev.lacuna.rules.sparql.RuleCompiler;
import dev.lacuna.rules.sparql.Side;
import dev.lacuna.store.Explicit;

/**
 * A symbolic reasoner: answers with every entity that some mined rule for the question's relation derives
 * for the topic, by running the rule's compiled derivation query ({@link RuleCompiler#derivations}) over
 * the graph. It never reads the question's relation directly, so on the incomplete graph it recovers the
 * hard answer exactly when a rule grounding for it survived (the guarantee of the paper's section 3.2 and
 * appendix H, measured as its Hits@Hard).
 *
 * <p>A question of depth d (built with {@code build --depth}) is answered by chaining: every entity that follows
 * for the topic within d rule applications ({@link DepthSearch}, over the graph read through SPARQL), less what
 * the graph states outright. A question of depth 1 is answered as always, one rule application.
 *
 * <p>A rule with a constant in the head (mine --const, e.g. {@code ?a speaks french => ?a nationality france})
 * derives the constant for a topic on its variable's side whose body holds, and, for the constant itself as
 * topic, every value of its variable whose body holds.
 */
public final class RulesResponder implements Responder {
    private final GraphAccess access;
    private final RuleCompiler compiler;
    private final Map<String, List<Rule>> byHeadRelation = new HashMap<>();
    private final SparqlFacts graph;
    private final DepthSearch chaining;

    public RulesResponder(GraphAccess access, List<MinedRule> rules) {
        this.access = access;
        this.compiler = new RuleCompiler(access.kg());
        for (MinedRule m : rules) {
            byHeadRelation.computeIfAbsent(m.rule().head().relation(), r -> new ArrayList<>()).add(m.rule());
        }
        this.graph = new SparqlFacts(access);
        this.chaining = new DepthSearch(RuleMatcher.compile(rules, access.kg()), graph);
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
        if (q.depthOrOne() > 1) {
            return chained(q);
        }
        Side side = q.side();
        String variable = Rule.variableName(side.answerVariable()).substring(1);
        TreeSet<Long> ids = new TreeSet<>();
        for (Rule rule : byHeadRelation.getOrDefault(q.relation(), List.of())) {
            if (rule.head().hasConstant()) {
                deriveWithConstantHead(rule, side, access.entity(q.topicEntity()), ids);
                continue;
            }
            String query = compiler.derivations(rule, access.graph(), access.entity(q.topicEntity()), side);
            for (String id : access.privateIds(query, variable)) {
                ids.add(Long.parseLong(id));
            }
        }
        List<String> out = new ArrayList<>(ids.size());
        ids.forEach(id -> out.add(Long.toString(id)));
        return Answer.of(q.id(), out);
    }

    private Answer chained(Question q) {
        long topic = Long.parseLong(q.topicEntity());
        boolean topicIsHead = q.side() == Side.HEAD;
        TreeSet<Long> ids = new TreeSet<>();
        for (long v : chaining.within(q.relation(), topic, topicIsHead, q.depthOrOne())) {
            ids.add(v);
        }
        for (long v : topicIsHead ? graph.objects(q.relation(), topic) : graph.subjects(q.relation(), topic)) {
            ids.remove(v);
        }
        List<String> out = new ArrayList<>(ids.size());
        ids.forEach(id -> out.add(Long.toString(id)));
        return Answer.of(q.id(), out);
    }

    /** Head {@code ?a r C} or {@code C r ?a}: the topic on ?a's side may get C; C as topic gets every such ?a. */
    private void deriveWithConstantHead(Rule rule, Side side, IRI topic, TreeSet<Long> ids) {
        Atom head = rule.head();
        boolean variableIsSubject = head.subjectConstant() == null;
        IRI constant = Values.iri(variableIsSubject ? head.objectConstant() : head.subjectConstant());
        boolean topicIsSubject = side == Side.HEAD;
        if (topicIsSubject == variableIsSubject) {
            String ask = compiler.bodyCheck(rule, access.graph(), topicIsSubject ? topic : null,
                    topicIsSubject ? null : topic);
            long id = access.kg().privateId(constant);
            if (id >= 0 && Explicit.booleanQuery(access.connection(), ask).evaluate()) {
                ids.add(id);
            }
        } else if (topic.equals(constant)) {
            for (String id : access.privateIds(compiler.headVariableValues(rule, access.graph()), "a")) {
                ids.add(Long.parseLong(id));
            }
        }
    }
}
