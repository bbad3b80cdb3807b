package dev.lacuna.breakage;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Statement;

import dev.lacuna.FisherYates;
import dev.lacuna.Seeds;
import dev.lacuna.depth.ProofProvenance;
import dev.lacuna.grounding.Triple;
import dev.lacuna.questions.Question;
import dev.lacuna.store.KgGraphs;

/**
 * The graph {@code noisy} of {@code build --noise P}: incomplete minus a seeded random share P of its triples,
 * never one that a question's proof needs (a body triple of its grounding or of any step of its proof), so every
 * hard answer stays inferable exactly as in incomplete. This is the random deletion of robustness studies, under
 * the benchmark's guarantee. Of the removable triples (sorted, so the draw does not depend on the store's order),
 * round(P x their number) are drawn without replacement.
 */
public final class NoiseGraph {
    /** The noisy graph's statements (in incomplete's order) and the triples it left out. */
    record Noise(List<Statement> statements, Set<Triple> removed) {
    }

    private NoiseGraph() {
    }

    /**
     * Every triple of incomplete a question's proof needs: its grounding's body and each proof step's body, less the
     * heads of the proof's steps (removed triples, in no graph a system sees: a deeper proof derives them).
     */
    public static Set<Triple> proofBodies(Collection<Question> questions) {
        Set<Triple> keep = new HashSet<>();
        for (Question q : questions) {
            Set<Triple> heads = new HashSet<>();
            List<List<String>> bodies = new ArrayList<>(q.grounding().body());
            if (q.proof() != null) {
                for (Question.ProofStep step : q.proof()) {
                    heads.add(ProofProvenance.triple(step.grounding().head()));
                    bodies.addAll(step.grounding().body());
                }
            }
            for (List<String> b : bodies) {
                Triple t = ProofProvenance.triple(b);
                if (!heads.contains(t)) {
                    keep.add(t);
                }
            }
        }
        return keep;
    }

    static Noise make(KgGraphs kg, Collection<Statement> incomplete, Set<Triple> keep, double share, long seed) {
        List<Triple> removable = new ArrayList<>();
        // Each statement's triple, made once: its ids are parsed from the IRIs, the costly part at scale.
        Triple[] triples = new Triple[incomplete.size()];
        int at = 0;
        for (Statement st : incomplete) {
            Triple t = triple(kg, st);
            triples[at++] = t;
            if (t != null && !keep.contains(t)) {
                removable.add(t);
            }
        }
        removable.sort(null);
        int count = (int) Math.round(share * removable.size());
        FisherYates.shuffleFront(removable, count, Seeds.stream(seed, Seeds.Stage.NOISE));
        Set<Triple> removed = new HashSet<>(removable.subList(0, count));
        List<Statement> out = new ArrayList<>(incomplete.size() - count);
        at = 0;
        for (Statement st : incomplete) {
            Triple t = triples[at++];
            if (t == null || !removed.contains(t)) {
                out.add(st);
            }
        }
        return new Noise(out, removed);
    }

    /** The answers other than the hard one whose triple in incomplete the noise removed, in the answers' order. */
    public static List<String> lostAnswers(Question q, Set<Triple> removed) {
        List<String> lost = new ArrayList<>();
        for (String a : q.answers()) {
            if (!a.equals(q.hardAnswer()) && removed.contains(TrapChoice.trapTriple(q, Long.parseLong(a)))) {
                lost.add(a);
            }
        }
        return lost;
    }

    /** An entity-to-entity statement of the KG as a triple of private ids, else null (kept as it is). */
    public static Triple triple(KgGraphs kg, Statement st) {
        if (st.getSubject() instanceof IRI s && st.getObject() instanceof IRI o) {
            long h = kg.privateId(s);
            long t = kg.privateId(o);
            if (h >= 0 && t >= 0) {
                return new Triple(h, kg.relationName(st.getPredicate()), t);
            }
        }
        return null;
    }
}
