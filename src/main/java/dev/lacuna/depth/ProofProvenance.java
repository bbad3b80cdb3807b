package dev.lacuna.depth;

import java.util.Collection;
import java.util.List;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Model;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.model.vocabulary.RDF;

import dev.lacuna.grounding.Triple;
import dev.lacuna.grounding.TripleRef;
import dev.lacuna.questions.Question;
import dev.lacuna.rules.AmieRules;
import dev.lacuna.rules.RuleGraph;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.LacunaVocab;

/**
 * The proofs of {@code build --depth}'s deeper questions in the benchmark graph: each question's depth and its
 * steps as {@code lacuna:ProofStep} groundings (rule, body and head triples, index), next to the selected
 * groundings {@link dev.lacuna.construct.Provenance} writes. A depth-1 build adds nothing.
 */
public final class ProofProvenance {
    private static final ValueFactory VF = SimpleValueFactory.getInstance();

    private ProofProvenance() {
    }

    /**
     * Adds each deeper question's depth and proof steps, and marks every removed triple as removed: a proof kept
     * for the ladder removes its heads even when its question was then merged or balanced away.
     */
    public static void add(Model m, KgGraphs kg, List<Question> questions, Collection<Triple> removed) {
        for (Triple t : removed) {
            TripleRef.add(m, kg, t, true);
        }
        for (Question q : questions) {
            IRI node = kg.question(q.id());
            m.add(node, LacunaVocab.DEPTH, VF.createLiteral(q.depthOrOne()));
            for (int i = 0; i < q.proof().size(); i++) {
                Question.ProofStep step = q.proof().get(i);
                IRI s = VF.createIRI(node.stringValue() + "/step/" + i);
                m.add(node, LacunaVocab.PROOF_STEP, s);
                m.add(s, RDF.TYPE, LacunaVocab.PROOF_STEP_CLASS);
                m.add(s, LacunaVocab.INDEX, VF.createLiteral(i));
                m.add(s, LacunaVocab.OF_RULE, RuleGraph.ruleIri(kg, AmieRules.parseRule(step.rule(), "question " + q.id(), -1)));
                m.add(s, LacunaVocab.HEAD_TRIPLE, TripleRef.add(m, kg, triple(step.grounding().head()), true));
                for (List<String> b : step.grounding().body()) {
                    TripleRef.add(m, kg, triple(b), false);
                    m.add(s, LacunaVocab.BODY_TRIPLE, TripleRef.add(m, kg, triple(b), false));
                }
            }
        }
    }

    public static Triple triple(List<String> t) {
        return new Triple(Long.parseLong(t.get(0)), t.get(1), Long.parseLong(t.get(2)));
    }
}
