package dev.lacuna.depth;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import dev.lacuna.grounding.Grounding;
import dev.lacuna.grounding.Triple;
import dev.lacuna.rules.chain.DepthSearch;

/**
 * Why a removed triple can still be recovered, step by step: rule groundings applied in order. Every body triple
 * of a step is in the incomplete graph or is the head of an earlier step; every step's head is a removed triple;
 * the last step's head is the question's hard triple. The number of steps is the question's depth when no
 * shorter derivation exists ({@link DepthSearch} decides that).
 */
record Proof(List<Grounding> steps) {
    Proof {
        steps = List.copyOf(steps);
        if (steps.isEmpty()) {
            throw new IllegalArgumentException("a proof has at least one step");
        }
    }

    static Proof of(Grounding step) {
        return new Proof(List.of(step));
    }

    int depth() {
        return steps.size();
    }

    /** The triple the proof derives: the last step's head. */
    Triple hard() {
        return steps.get(steps.size() - 1).head();
    }

    Grounding last() {
        return steps.get(steps.size() - 1);
    }

    /** The proof with one more step after the last. */
    Proof then(Grounding step) {
        List<Triple> heads = heads();
        List<Grounding> next = new ArrayList<>(steps);
        next.add(step);
        if (heads.contains(step.head())) {
            throw new IllegalArgumentException("a step may not derive a triple an earlier step derived: " + step.head());
        }
        return new Proof(next);
    }

    List<Triple> heads() {
        List<Triple> heads = new ArrayList<>(steps.size());
        steps.forEach(s -> heads.add(s.head()));
        return heads;
    }

    /** Body triples that are no earlier step's head: those that must stay in the incomplete graph. */
    Set<Triple> graphBody() {
        Set<Triple> heads = new HashSet<>(heads());
        Set<Triple> out = new HashSet<>();
        for (Grounding g : steps) {
            for (Triple b : g.body()) {
                if (!heads.contains(b)) {
                    out.add(b);
                }
            }
        }
        return out;
    }
}
