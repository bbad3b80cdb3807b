package dev.lacuna.construct;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.lacuna.Failures;
import dev.lacuna.LacunaException;
import dev.lacuna.Progress;
import dev.lacuna.Seeds;
import dev.lacuna.grounding.Grounding;
import dev.lacuna.grounding.IndexGroundings;
import dev.lacuna.grounding.Triple;
import dev.lacuna.mining.KgIndex;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.sparql.GroundingRow;
import dev.lacuna.rules.sparql.SparqlRuleRunner;
import dev.lacuna.store.KgGraphs;

/**
 * The build's first step: up to k groundings per rule drawn from complete, each rule with its own seeded draw, in
 * rule order. From complete's integer index when it holds exactly complete's triples (rules drawn in parallel),
 * else by SPARQL; both give the same groundings in the same order.
 */
final class GroundingDraw {
    /** Under the builder's name: these lines belong to the build's log where they always stood. */
    private static final Logger LOG = LoggerFactory.getLogger(BenchmarkBuilder.class);

    private GroundingDraw() {
    }

    /**
     * The integer index of complete ({@code mined}, if not null, is one already in memory), or null, and SPARQL,
     * when it would not hold exactly complete's triples: the index leaves out literal objects, which SPARQL would bind.
     */
    static KgIndex indexOfComplete(Repository repository, KgGraphs kg, KgIndex mined) {
        KgIndex idx = mined != null ? mined : KgIndex.fromRepository(repository, kg);
        long triples;
        try (RepositoryConnection c = repository.getConnection()) {
            triples = c.size(kg.complete());
        }
        if (idx.tripleCount() != triples) {
            LOG.info("the integer index holds {} of complete's {} triples (literal objects?): groundings by SPARQL",
                    idx.tripleCount(), triples);
            return null;
        }
        return idx;
    }

    /**
     * Up to {@code perRule} groundings of each rule, in rule order: from {@code complete}'s index if not null, else
     * through {@code runner}; rule i's draw is seeded by the i-th long of a stream seeded with {@code seed}.
     */
    static List<Grounding> draw(KgGraphs kg, List<MinedRule> rules, int perRule, long seed, KgIndex complete,
                                SparqlRuleRunner runner) {
        long started = System.nanoTime();
        List<Grounding> out = complete != null ? fromIndex(kg, complete, rules, perRule, seed)
                : bySparql(kg, runner, rules, perRule, seed);
        LOG.info("groundings: {} drawn for {} rules ({}) in {} s", out.size(), rules.size(),
                complete != null ? "integer index" : "SPARQL", String.format("%.1f", (System.nanoTime() - started) / 1e9));
        return out;
    }

    /**
     * Rules are drawn in parallel (each from its own seed, taken in rule order first) and collected in rule
     * order, so the result does not depend on the number of threads.
     */
    private static List<Grounding> fromIndex(KgGraphs kg, KgIndex complete, List<MinedRule> rules, int perRule,
                                             long seed) {
        IndexGroundings draw = new IndexGroundings(complete, kg);
        SplittableRandom seeds = Seeds.stream(seed, Seeds.Stage.GROUNDINGS);
        long[] ruleSeeds = new long[rules.size()];
        for (int i = 0; i < ruleSeeds.length; i++) {
            ruleSeeds[i] = seeds.nextLong();
        }
        int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "groundings");
            t.setDaemon(true);
            return t;
        });
        List<Grounding> out = new ArrayList<>();
        long[] totals = new long[rules.size()];
        try (Progress progress = Progress.start("groundings", rules.size(), "rules")) {
            List<Future<IndexGroundings.Sample>> samples = new ArrayList<>(rules.size());
            for (int i = 0; i < rules.size(); i++) {
                int rule = i;
                samples.add(pool.submit(() -> {
                    IndexGroundings.Sample s = draw.sample(rule, rules.get(rule), perRule, ruleSeeds[rule]);
                    progress.step(1);
                    return s;
                }));
            }
            for (int i = 0; i < samples.size(); i++) {
                IndexGroundings.Sample sample = samples.get(i).get();
                out.addAll(sample.groundings());
                totals[i] = sample.total();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LacunaException("interrupted while drawing groundings", e);
        } catch (ExecutionException e) {
            throw Failures.rethrown(e.getCause(), "drawing groundings failed");
        } finally {
            pool.shutdownNow();
        }
        GroundingTotals.log(rules, totals);
        return out;
    }

    private static List<Grounding> bySparql(KgGraphs kg, SparqlRuleRunner runner, List<MinedRule> rules, int perRule,
                                            long seed) {
        List<Grounding> out = new ArrayList<>();
        SplittableRandom seeds = Seeds.stream(seed, Seeds.Stage.GROUNDINGS);
        try (Progress progress = Progress.start("groundings", rules.size(), "rules")) {
            for (int i = 0; i < rules.size(); i++) {
                MinedRule rule = rules.get(i);
                long ruleSeed = seeds.nextLong();
                for (GroundingRow g : runner.sampleGroundings(rule.rule(), kg.complete(), perRule, ruleSeed)) {
                    List<Triple> body = new ArrayList<>(g.body().size());
                    for (Statement st : g.body()) {
                        body.add(triple(kg, st));
                    }
                    out.add(new Grounding(i, rule, body, triple(kg, g.head())));
                }
                progress.step(1);
            }
        }
        return out;
    }

    private static Triple triple(KgGraphs kg, Statement st) {
        return new Triple(kg.privateId((IRI) st.getSubject()), kg.relationName(st.getPredicate()),
                kg.privateId((IRI) st.getObject()));
    }
}
