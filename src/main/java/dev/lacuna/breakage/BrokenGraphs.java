package dev.lacuna.breakage;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Model;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.model.vocabulary.RDF;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.lacuna.depth.FactIndex;
import dev.lacuna.folder.Summary;
import dev.lacuna.grounding.Triple;
import dev.lacuna.questions.Question;
import dev.lacuna.questions.SplitName;
import dev.lacuna.questions.Splitter;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.chain.RuleMatcher;
import dev.lacuna.store.GraphRole;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.LacunaVocab;

/**
 * The broken graphs of one build ({@link BreakSettings}), made after the questions are split: {@code replaced}
 * (incomplete plus each question's trap, {@link TrapChoice}) and {@code noisy} (incomplete minus noise,
 * {@link NoiseGraph}); the questions given their {@code trap} and {@code noise_lost}; summary.json's
 * {@code broken_graphs}; and how each graph was made, in the benchmark graph.
 */
public final class BrokenGraphs {
    private static final Logger LOG = LoggerFactory.getLogger(BrokenGraphs.class);
    private static final ValueFactory VF = SimpleValueFactory.getInstance();

    /**
     * @param split   the questions with their new fields
     * @param graphs  each broken graph's statements by its IRI, replaced before noisy
     * @param summary summary.json's {@code broken_graphs}
     */
    public record Made(Splitter.Split split, Map<IRI, Collection<Statement>> graphs, Map<String, Summary.BrokenGraph> summary) {
    }

    private BrokenGraphs() {
    }

    public static Made make(BreakSettings settings, KgGraphs kg, List<MinedRule> rules, List<Statement> complete,
                     Collection<Statement> incomplete, List<Triple> deleted, Splitter.Split split, long seed) {
        List<Question> all = split.all();
        Map<String, Question> byId = new HashMap<>();
        all.forEach(q -> byId.put(q.id(), q));
        Map<IRI, Collection<Statement>> graphs = new LinkedHashMap<>();
        Map<String, Summary.BrokenGraph> summary = new LinkedHashMap<>();
        Map<String, Long> traps = Map.of();
        if (settings.replace() != null) {
            long started = System.nanoTime();
            traps = TrapChoice.choose(FactIndex.of(kg, complete), new HashSet<>(deleted), RuleMatcher.compile(rules, kg),
                    all, seed);
            List<Statement> replaced = new ArrayList<>(incomplete.size() + traps.size());
            replaced.addAll(incomplete);
            // Two questions (the two sides of one fact) may share a trap's triple: it stands in the graph once.
            for (Triple t : new TreeSet<>(TrapChoice.trapTriples(byId, traps))) {
                replaced.add(VF.createStatement(kg.entity(t.head()), kg.relation(t.relation()), kg.entity(t.tail())));
            }
            graphs.put(kg.replaced(), replaced);
            summary.put(GraphRole.REPLACED.label(), new Summary.BrokenGraph((long) replaced.size(), (long) traps.size(),
                    (long) (all.size() - traps.size()), null, null, null));
            LOG.info("replaced: {} traps for {} questions ({} s)", traps.size(), all.size(),
                    String.format("%.1f", (System.nanoTime() - started) / 1e9));
        }
        Set<Triple> noise = null;
        if (settings.noise() != null) {
            NoiseGraph.Noise made = NoiseGraph.make(kg, incomplete, NoiseGraph.proofBodies(all), settings.noise(), seed);
            noise = made.removed();
            graphs.put(kg.noisy(), made.statements());
            long lost = 0;
            for (Question q : all) {
                lost += NoiseGraph.lostAnswers(q, noise).size();
            }
            summary.put(GraphRole.NOISY.label(), new Summary.BrokenGraph((long) made.statements().size(), null, null,
                    settings.noise(), (long) noise.size(), lost));
            LOG.info("noisy: {} of incomplete's {} triples left out, {} answers lost", noise.size(), incomplete.size(),
                    lost);
        }
        Map<SplitName, List<Question>> parts = new HashMap<>();
        for (SplitName part : SplitName.values()) {
            List<Question> changed = new ArrayList<>();
            for (Question q : split.part(part)) {
                Long trap = traps.get(q.id());
                Question c = trap == null ? q : q.withTrap(Long.toString(trap));
                changed.add(noise == null ? c : c.withNoiseLost(NoiseGraph.lostAnswers(q, noise)));
            }
            parts.put(part, changed);
        }
        return new Made(new Splitter.Split(parts.get(SplitName.TRAIN), parts.get(SplitName.VALID),
                parts.get(SplitName.TEST)), graphs, summary);
    }

    /** How each broken graph was made, and each question's trap and lost answers, in the benchmark graph. */
    public static void addProvenance(Model m, KgGraphs kg, BreakSettings settings, Made made, long seed) {
        IRI run = kg.buildRun();
        if (settings.replace() != null) {
            IRI g = kg.replaced();
            describe(m, kg, run, g, settings.replace().label(), seed, made.summary().get(GraphRole.REPLACED.label()));
        }
        if (settings.noise() != null) {
            IRI g = kg.noisy();
            Summary.BrokenGraph s = made.summary().get(GraphRole.NOISY.label());
            describe(m, kg, run, g, "noise", seed, s);
            m.add(g, LacunaVocab.NOISE_SHARE, VF.createLiteral(settings.noise()));
            m.add(g, LacunaVocab.NOISE_REMOVED, VF.createLiteral(s.removed()));
        }
        for (SplitName part : SplitName.values()) {
            for (Question q : made.split().part(part)) {
                IRI node = kg.question(q.id());
                if (q.trap() != null) {
                    m.add(node, LacunaVocab.TRAP, kg.entity(Long.parseLong(q.trap())));
                }
                if (q.noiseLost() != null) {
                    q.noiseLost().forEach(a -> m.add(node, LacunaVocab.NOISE_LOST, kg.entity(Long.parseLong(a))));
                }
            }
        }
    }

    private static void describe(Model m, KgGraphs kg, IRI run, IRI graph, String method, long seed,
                                 Summary.BrokenGraph summary) {
        m.add(run, LacunaVocab.BROKEN_GRAPH, graph);
        m.add(graph, RDF.TYPE, LacunaVocab.BROKEN_GRAPH_CLASS);
        m.add(graph, LacunaVocab.BREAK_METHOD, VF.createLiteral(method));
        m.add(graph, LacunaVocab.BROKEN_FROM, kg.incomplete());
        m.add(graph, LacunaVocab.SEED, VF.createLiteral(seed));
        m.add(graph, LacunaVocab.TRIPLE_COUNT, VF.createLiteral(summary.triples().longValue()));
    }
}
