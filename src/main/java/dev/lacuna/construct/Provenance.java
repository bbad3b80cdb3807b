package dev.lacuna.construct;

import java.util.List;
import java.util.Map;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Model;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.LinkedHashModel;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.model.vocabulary.RDF;
import org.eclipse.rdf4j.repository.RepositoryConnection;

import dev.lacuna.grounding.Grounding;
import dev.lacuna.grounding.Triple;
import dev.lacuna.grounding.TripleRef;
import dev.lacuna.mining.RelationChoice;
import dev.lacuna.questions.Question;
import dev.lacuna.rules.AmieRules;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.RuleGraph;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.LacunaVocab;

/**
 * A build's provenance as RDF in the KG's benchmark graph (vocabulary {@code ontologies/lacuna.ttl}): the
 * run and its parameters, the rules with their measures, every selected grounding with its body and head
 * triples, and every question with its answers and split. Replaced as a whole, inside the build's transaction
 * ({@link BuildPublication}).
 */
final class Provenance {
    private static final ValueFactory VF = SimpleValueFactory.getInstance();

    private Provenance() {
    }

    static Model model(KgGraphs kg, List<MinedRule> rules, String minedBy, List<Grounding> selected,
                       List<Question> questions, Map<String, String> parameters, String generator) {
        Model m = RuleGraph.toModel(kg, rules, minedBy);
        IRI run = kg.buildRun();
        m.add(run, RDF.TYPE, LacunaVocab.BENCHMARK_RUN);
        parameters.forEach((k, v) -> m.add(run, LacunaVocab.PARAMETER, VF.createLiteral(k + "=" + v)));
        for (int i = 0; i < selected.size(); i++) {
            Grounding g = selected.get(i);
            IRI node = kg.grounding(i);
            m.add(node, RDF.TYPE, LacunaVocab.GROUNDING);
            m.add(node, LacunaVocab.OF_RULE, RuleGraph.ruleIri(kg, g.rule().rule()));
            m.add(node, LacunaVocab.SELECTED, VF.createLiteral(true));
            m.add(node, LacunaVocab.HEAD_TRIPLE, TripleRef.add(m, kg, g.head(), true));
            for (Triple b : g.body()) {
                m.add(node, LacunaVocab.BODY_TRIPLE, TripleRef.add(m, kg, b, false));
            }
        }
        for (Question q : questions) {
            IRI node = kg.question(q.id());
            m.add(node, RDF.TYPE, LacunaVocab.QUESTION);
            m.add(node, LacunaVocab.QUESTION_ID, VF.createLiteral(q.id()));
            m.add(node, LacunaVocab.QUESTION_TEXT, VF.createLiteral(q.question()));
            m.add(node, LacunaVocab.TOPIC_ENTITY, kg.entity(Long.parseLong(q.topicEntity())));
            m.add(node, LacunaVocab.RELATION, kg.relation(q.relation()));
            m.add(node, LacunaVocab.DIRECTION, VF.createLiteral(q.direction()));
            for (String a : q.answers()) {
                m.add(node, LacunaVocab.ANSWER, kg.entity(Long.parseLong(a)));
            }
            m.add(node, LacunaVocab.HARD_ANSWER, kg.entity(Long.parseLong(q.hardAnswer())));
            m.add(node, LacunaVocab.SPLIT, VF.createLiteral(q.split()));
            m.add(node, LacunaVocab.GENERATOR, VF.createLiteral(generator));
            m.add(node, LacunaVocab.OF_RULE, RuleGraph.ruleIri(kg, AmieRules.parseRule(q.rule(), "question " + q.id(), -1)));
        }
        return m;
    }

    /**
     * The relations of the KG that the relation choice kept out of heads and out of bodies, on the run: nothing for
     * a KG the choice leaves whole (the paper's three with the default), so their benchmark graphs stay as they were.
     */
    static void addRelationChoice(Model m, KgGraphs kg, RelationChoice choice, List<String> relations) {
        IRI run = kg.buildRun();
        for (String r : choice.notHeads(relations)) {
            m.add(run, LacunaVocab.EXCLUDED_AS_HEAD, kg.relation(r));
        }
        for (String r : choice.notInBodies(relations)) {
            m.add(run, LacunaVocab.EXCLUDED_FROM_BODIES, kg.relation(r));
        }
    }

    /** Inside the caller's open transaction: replaces the graph (benchmark, or a staged one) with the model. */
    static void write(RepositoryConnection conn, IRI graph, Model model) {
        conn.clear(graph);
        conn.add(model, graph);
    }
}
