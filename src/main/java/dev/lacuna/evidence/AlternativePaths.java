package dev.lacuna.evidence;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.lacuna.depth.FactIndex;
import dev.lacuna.grounding.Triple;
import dev.lacuna.questions.Question;
import dev.lacuna.rules.chain.DepthSearch;
import dev.lacuna.rules.chain.Fact;
import dev.lacuna.rules.chain.Facts;
import dev.lacuna.rules.chain.RuleMatcher;
import dev.lacuna.rules.sparql.Side;

/**
 * The alternative paths of questions in one graph: every derivation of a question's hard-answer triple from that
 * graph by the benchmark's rules, within the question's depth, as the set of graph facts it rests on. A question of
 * depth 1 has one path per grounding of a rule whose head is its hard triple; a question of depth d also the leaf
 * sets of proofs of up to d steps, whose intermediate triples the graph lacks but the rules derive (found by the same
 * goal-first chaining, {@link DepthSearch}, that decides a question's depth). A grounding whose body holds the
 * triple it derives proves nothing and is left out.
 *
 * <p>Bounded on hubs: at most {@code max} distinct paths are kept per question, in a fixed order (the question's own
 * grounding or proof first where the graph holds it, then the rules in rules.tsv's order, each rule's groundings in
 * the order of the graph's sorted ids), while every derivation is counted ({@link QuestionPaths#derivations}), by
 * arithmetic rather than by listing them, so a hub costs the walk over its edges and no more.
 */
public final class AlternativePaths {
    /** The paths kept per question unless told otherwise. */
    public static final int DEFAULT_MAX = 100;
    /** Counts of derivations stop growing here: a count this large only says "very many". */
    public static final long COUNT_CAP = 1_000_000_000_000L;

    private final FactIndex graph;
    private final Map<String, List<RuleMatcher>> byHead = new HashMap<>();
    private final DepthSearch chaining;
    private final int max;

    /**
     * @param graph the graph, in memory
     * @param rules the benchmark's rules, compiled against the KG's entities
     * @param max   the paths kept per question, at least 1
     */
    public AlternativePaths(FactIndex graph, List<RuleMatcher> rules, int max) {
        if (max < 1) {
            throw new IllegalArgumentException("keep at least one path per question, not " + max);
        }
        this.graph = graph;
        this.max = max;
        for (RuleMatcher r : rules) {
            byHead.computeIfAbsent(r.relation(r.headAtom()), k -> new ArrayList<>()).add(r);
        }
        this.chaining = new DepthSearch(rules, graph);
    }

    /** The question's hard-answer triple: topic and hard answer on the sides its direction gives them. */
    public static Triple hardTriple(Question q) {
        long topic = Long.parseLong(q.topicEntity());
        long hard = Long.parseLong(q.hardAnswer());
        return q.side() == Side.HEAD ? new Triple(topic, q.relation(), hard) : new Triple(hard, q.relation(), topic);
    }

    /** The question's alternative paths in this graph. */
    public QuestionPaths of(Question q) {
        Triple hard = hardTriple(q);
        Fact goal = hard.fact();
        int depth = q.depthOrOne();
        Map<List<Triple>, AlternativePath> kept = new LinkedHashMap<>();
        AlternativePath own = own(q);
        if (own != null && own.triples().stream().allMatch(graph::holds) && !own.triples().contains(hard)) {
            kept.put(own.triples(), own);
        }
        boolean[] truncated = {false};
        derive(goal, depth, goal, (leaves, rules) -> {
            List<Triple> key = sorted(leaves);
            if (kept.containsKey(key)) {
                return true;
            }
            if (kept.size() == max) {
                truncated[0] = true;
                return false;
            }
            kept.put(key, new AlternativePath(key, rules));
            return true;
        });
        long derivations = count(goal, depth, goal, new HashMap<>());
        return new QuestionPaths(hard, graph.holds(hard), new ArrayList<>(kept.values()), derivations, truncated[0]);
    }

    /** The question's own grounding (depth 1) or the leaves of its proof, with its rules; null without either. */
    static AlternativePath own(Question q) {
        if (q.proof() != null && !q.proof().isEmpty()) {
            Set<Triple> heads = new LinkedHashSet<>();
            q.proof().forEach(step -> heads.add(triple(step.grounding().head())));
            Set<Triple> leaves = new LinkedHashSet<>();
            List<String> rules = new ArrayList<>();
            for (Question.ProofStep step : q.proof()) {
                for (List<String> b : step.grounding().body()) {
                    Triple t = triple(b);
                    if (!heads.contains(t)) {
                        leaves.add(t);
                    }
                }
                if (!rules.contains(step.rule())) {
                    rules.add(step.rule());
                }
            }
            return new AlternativePath(sorted(leaves), rules);
        }
        if (q.grounding() == null || q.grounding().body() == null) {
            return null;
        }
        List<Triple> body = new ArrayList<>();
        q.grounding().body().forEach(b -> body.add(triple(b)));
        return new AlternativePath(sorted(body), q.rule() == null ? List.of() : List.of(q.rule()));
    }

    private static Triple triple(List<String> t) {
        return new Triple(Long.parseLong(t.get(0)), t.get(1), Long.parseLong(t.get(2)));
    }

    private static List<Triple> sorted(Collection<Triple> triples) {
        return triples.stream().distinct().sorted().toList();
    }

    /** Each derivation's leaves and rules, to {@code sink}; false when the sink stopped the walk. */
    private interface Sink {
        boolean accept(List<Triple> leaves, List<String> rules);
    }

    /** Every derivation of {@code t} within {@code k} steps that never leans on {@code goal}; false when stopped. */
    private boolean derive(Fact t, int k, Fact goal, Sink sink) {
        for (RuleMatcher r : byHead.getOrDefault(t.relation(), List.of())) {
            long[] binding = r.unbound();
            if (!r.bind(r.headAtom(), t.s(), t.o(), binding)) {
                continue;
            }
            String rule = r.rule().rule().toAmie();
            boolean go = r.matchBody(binding, -1, level(k - 1), full -> {
                List<Fact> body = r.body(full);
                if (body.contains(t) || body.contains(goal)) {
                    return true;
                }
                return expand(body, 0, List.of(), List.of(), k, goal, (leaves, rules) -> {
                    List<String> all = new ArrayList<>(rules);
                    if (!all.contains(rule)) {
                        all.add(rule);
                    }
                    return sink.accept(leaves, all);
                });
            });
            if (!go) {
                return false;
            }
        }
        return true;
    }

    /** The body's facts from {@code i} on: a fact of the graph is a leaf, any other is derived in fewer steps. */
    private boolean expand(List<Fact> body, int i, List<Triple> leaves, List<String> rules, int k, Fact goal, Sink sink) {
        if (i == body.size()) {
            return sink.accept(leaves, rules);
        }
        Fact f = body.get(i);
        if (graph.holds(f.s(), f.relation(), f.o())) {
            return expand(body, i + 1, plus(leaves, List.of(Triple.of(f))), rules, k, goal, sink);
        }
        if (k - 1 < 1) {
            return true;
        }
        return derive(f, k - 1, goal, (sub, subRules) -> {
            List<String> merged = new ArrayList<>(rules);
            subRules.stream().filter(x -> !merged.contains(x)).forEach(merged::add);
            return expand(body, i + 1, plus(leaves, sub), merged, k, goal, sink);
        });
    }

    private static List<Triple> plus(List<Triple> a, List<Triple> b) {
        List<Triple> out = new ArrayList<>(a.size() + b.size());
        out.addAll(a);
        out.addAll(b);
        return out;
    }

    /** A fact asked for within a number of steps: the memo's key while counting. */
    private record Within(Fact fact, int steps) {
    }

    /** The number of derivations {@link #derive} would list, counted without listing them. */
    private long count(Fact t, int k, Fact goal, Map<Within, Long> memo) {
        Long known = memo.get(new Within(t, k));
        if (known != null) {
            return known;
        }
        long total = 0;
        for (RuleMatcher r : byHead.getOrDefault(t.relation(), List.of())) {
            long[] binding = r.unbound();
            if (!r.bind(r.headAtom(), t.s(), t.o(), binding)) {
                continue;
            }
            long[] sum = {total};
            r.matchBody(binding, -1, level(k - 1), full -> {
                List<Fact> body = r.body(full);
                if (body.contains(t) || body.contains(goal)) {
                    return true;
                }
                long product = 1;
                for (Fact f : body) {
                    if (!graph.holds(f.s(), f.relation(), f.o())) {
                        product = k - 1 < 1 ? 0 : capped(product, count(f, k - 1, goal, memo), true);
                    }
                }
                sum[0] = capped(sum[0], product, false);
                return true;
            });
            total = sum[0];
        }
        memo.put(new Within(t, k), total);
        return total;
    }

    private static long capped(long a, long b, boolean multiply) {
        double exact = multiply ? (double) a * b : (double) a + b;
        return exact >= COUNT_CAP ? COUNT_CAP : multiply ? a * b : a + b;
    }

    /** The facts that follow from the graph within {@code k} rule applications (the graph itself for 0). */
    private Facts level(int k) {
        if (k <= 0) {
            return graph;
        }
        return new Facts() {
            @Override
            public boolean holds(long s, String relation, long o) {
                return chaining.within(new Fact(s, relation, o), k);
            }

            @Override
            public long[] objects(String relation, long s) {
                return chaining.within(relation, s, true, k);
            }

            @Override
            public long[] subjects(String relation, long o) {
                return chaining.within(relation, o, false, k);
            }
        };
    }
}
