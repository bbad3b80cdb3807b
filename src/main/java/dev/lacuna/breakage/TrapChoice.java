package dev.lacuna.breakage;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;

import dev.lacuna.Seeds;
import dev.lacuna.depth.FactIndex;
import dev.lacuna.grounding.Triple;
import dev.lacuna.questions.Question;
import dev.lacuna.rules.chain.Facts;
import dev.lacuna.rules.chain.RuleMatcher;
import dev.lacuna.rules.sparql.Side;

/**
 * The traps of {@code build --break replace}: for each question about r(h, t) with hard answer t (or h), a wrong
 * end t' (or h') whose triple stands in the graph {@code replaced} where the hard triple was. A trap is
 * <ul>
 * <li>of r's kind: it occurs on r's answer side in complete (as an object of r when the question asks for
 * tails, as a subject when it asks for heads);</li>
 * <li>not an answer: the trap's triple is not in complete (and the trap is not the topic);</li>
 * <li>not derivable: no rule of the benchmark with head relation r derives the trap's triple from the graph
 * {@code replaced} (incomplete plus every trap), so the rules' evidence points at the hard answer and the
 * graph's fact at the trap.</li>
 * </ul>
 * Candidates are drawn in question id order from one random stream of the seed, so the same seed gives the same
 * traps. A question for which no candidate passes keeps no trap.
 */
public final class TrapChoice {
    /** Random candidates tried before the relation's candidates are walked in order from a random start. */
    private static final int DRAWS = 64;
    /** Candidates that reach the derivation check per question at most: the check is the costly part. */
    private static final int DERIVATION_CHECKS = 512;

    private TrapChoice() {
    }

    /** The trap's triple of a question: the topic and relation kept, the answer side given the trap. */
    public static Triple trapTriple(Question q, long trap) {
        long topic = Long.parseLong(q.topicEntity());
        return q.side() == Side.HEAD ? new Triple(topic, q.relation(), trap) : new Triple(trap, q.relation(), topic);
    }

    /**
     * A trap per question where one exists, keyed by question id in id order.
     *
     * @param complete the graph complete in memory
     * @param removed  the build's removed triples (incomplete is complete without them)
     * @param rules    the benchmark's rules compiled ({@link dev.lacuna.rules.chain.RuleMatcher#compile})
     */
    static Map<String, Long> choose(FactIndex complete, Set<Triple> removed, List<RuleMatcher> rules,
                                    List<Question> questions, long seed) {
        Facts incomplete = complete.without(removed);
        Map<String, List<RuleMatcher>> byHead = byHeadRelation(rules);
        Map<String, long[]> candidates = new HashMap<>();
        SplittableRandom random = Seeds.stream(seed, Seeds.Stage.TRAPS);
        Map<String, Long> traps = new LinkedHashMap<>();
        List<Question> inOrder = new ArrayList<>(questions);
        inOrder.sort((a, b) -> a.id().compareTo(b.id()));
        for (Question q : inOrder) {
            boolean tails = q.side() == Side.HEAD;
            long[] kind = candidates.computeIfAbsent((tails ? "o " : "s ") + q.relation(),
                    k -> answerSide(complete, q.relation(), tails));
            Long trap = draw(q, kind, complete, incomplete, byHead.getOrDefault(q.relation(), List.of()), random);
            if (trap != null) {
                traps.put(q.id(), trap);
            }
        }
        // A later trap may complete the body of a rule that derives an earlier one: the whole graph is checked once
        // more and such traps dropped (dropping a triple never makes another derivable: rules are Horn clauses).
        Map<String, Question> byId = new HashMap<>();
        inOrder.forEach(q -> byId.put(q.id(), q));
        Facts replaced = plus(incomplete, trapTriples(byId, traps));
        traps.entrySet().removeIf(e -> {
            Question q = byId.get(e.getKey());
            return derivable(byHead.getOrDefault(q.relation(), List.of()), trapTriple(q, e.getValue()), replaced);
        });
        TrapDepths.keepExact(traps, byId, inOrder, incomplete, rules);
        return traps;
    }

    public static Map<String, List<RuleMatcher>> byHeadRelation(List<RuleMatcher> rules) {
        Map<String, List<RuleMatcher>> byHead = new HashMap<>();
        for (RuleMatcher m : rules) {
            byHead.computeIfAbsent(m.relation(m.headAtom()), r -> new ArrayList<>()).add(m);
        }
        return byHead;
    }

    static List<Triple> trapTriples(Map<String, Question> questions, Map<String, Long> traps) {
        List<Triple> out = new ArrayList<>(traps.size());
        traps.forEach((id, trap) -> out.add(trapTriple(questions.get(id), trap)));
        return out;
    }

    private static Long draw(Question q, long[] kind, FactIndex complete, Facts incomplete, List<RuleMatcher> rules,
                             SplittableRandom random) {
        if (kind.length == 0) {
            return null;
        }
        long topic = Long.parseLong(q.topicEntity());
        int checks = 0;
        for (int i = 0; i < DRAWS; i++) {
            long c = kind[random.nextInt(kind.length)];
            if (possible(q, c, topic, complete)) {
                if (!derivableAlone(q, c, incomplete, rules)) {
                    return c;
                }
                checks++;
            }
        }
        int start = random.nextInt(kind.length);
        for (int i = 0; i < kind.length && checks < DERIVATION_CHECKS; i++) {
            long c = kind[(start + i) % kind.length];
            if (possible(q, c, topic, complete)) {
                if (!derivableAlone(q, c, incomplete, rules)) {
                    return c;
                }
                checks++;
            }
        }
        return null;
    }

    /** Not the topic, and its triple not in complete (so not an answer of the question). */
    private static boolean possible(Question q, long c, long topic, FactIndex complete) {
        return c != topic && !complete.holds(trapTriple(q, c));
    }

    private static boolean derivableAlone(Question q, long c, Facts incomplete, List<RuleMatcher> rules) {
        Triple t = trapTriple(q, c);
        return derivable(rules, t, plus(incomplete, List.of(t)));
    }

    /** Whether one of the rules (all with t's relation as head) has a grounding with head t whose body holds. */
    public static boolean derivable(List<RuleMatcher> rules, Triple t, Facts facts) {
        for (RuleMatcher m : rules) {
            long[] binding = m.unbound();
            if (m.bind(m.headAtom(), t.head(), t.tail(), binding) && !m.matchBody(binding, -1, facts, b -> false)) {
                return true;
            }
        }
        return false;
    }

    /** Every entity on r's answer side in complete (objects when the question asks for tails), sorted. */
    private static long[] answerSide(FactIndex complete, String relation, boolean tails) {
        TreeSet<Long> out = new TreeSet<>();
        for (Triple t : complete.triples(relation)) {
            out.add(tails ? t.tail() : t.head());
        }
        return out.stream().mapToLong(Long::longValue).toArray();
    }

    /** {@code base} with the extra triples (none of which it holds). */
    static Facts plus(Facts base, Collection<Triple> extra) {
        if (extra.isEmpty()) {
            return base;
        }
        Set<Triple> all = new HashSet<>(extra);
        Map<String, Map<Long, List<Long>>> out = new HashMap<>();
        Map<String, Map<Long, List<Long>>> in = new HashMap<>();
        for (Triple t : all) {
            out.computeIfAbsent(t.relation(), k -> new HashMap<>()).computeIfAbsent(t.head(), k -> new ArrayList<>()).add(t.tail());
            in.computeIfAbsent(t.relation(), k -> new HashMap<>()).computeIfAbsent(t.tail(), k -> new ArrayList<>()).add(t.head());
        }
        return new Facts() {
            @Override
            public boolean holds(long s, String relation, long o) {
                return base.holds(s, relation, o) || all.contains(new Triple(s, relation, o));
            }

            @Override
            public long[] objects(String relation, long s) {
                return concat(base.objects(relation, s), out.getOrDefault(relation, Map.of()).get(s));
            }

            @Override
            public long[] subjects(String relation, long o) {
                return concat(base.subjects(relation, o), in.getOrDefault(relation, Map.of()).get(o));
            }
        };
    }

    private static long[] concat(long[] a, List<Long> b) {
        if (b == null || b.isEmpty()) {
            return a;
        }
        long[] out = Arrays.copyOf(a, a.length + b.size());
        for (int i = 0; i < b.size(); i++) {
            out[a.length + i] = b.get(i);
        }
        return out;
    }
}
