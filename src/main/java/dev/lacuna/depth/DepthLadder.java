package dev.lacuna.depth;

import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.rdf4j.model.Statement;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.lacuna.folder.Summary;
import dev.lacuna.grounding.CompleteSnapshot;
import dev.lacuna.grounding.Grounding;
import dev.lacuna.grounding.GroundingSelector;
import dev.lacuna.grounding.QuestionAssembler;
import dev.lacuna.grounding.Triple;
import dev.lacuna.questions.Balancer;
import dev.lacuna.questions.GiveAway;
import dev.lacuna.questions.Question;
import dev.lacuna.questions.QuestionGenerator;
import dev.lacuna.questions.SplitName;
import dev.lacuna.questions.Splitter;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.RuleType;
import dev.lacuna.rules.chain.RuleMatcher;
import dev.lacuna.store.KgGraphs;

/**
 * The difficulty ladder of {@code build --depth D}: beside the paper's depth-1 questions, questions whose hard
 * answer needs exactly 2..D rule applications, each with its {@link Proof}. With D = 1 every method returns
 * what the build did before the ladder existed, so the default build is unchanged byte for byte.
 *
 * <p>Order of work: {@link LadderSearch} chooses the proofs of depth 2..D among every exact-depth derivation of the
 * KG, deepest first; the depth-1 selection is made as always among the groundings drawn that agree with them;
 * depth-1 questions are written as always, then the deeper ones ({@link DeepQuestions}); all questions are balanced together (Algorithm 1 over the
 * benchmark's question set) and each depth is split 8:1:1 on its own, so every split holds every depth in
 * proportion.
 */
public final class DepthLadder {
    public static final int MAX_DEPTH = 3;

    /**
     * What the ladder takes of a build's settings: the deepest questions asked, proofs kept per shape, the seed,
     * balancing's tau (to foresee its per-answer cap) and the depth-1 selection's mode.
     */
    public record Settings(int depth, int perDepth, long seed, double tau, GroundingSelector.Mode selection) {
    }
    private static final Logger LOG = LoggerFactory.getLogger(DepthLadder.class);

    private final KgGraphs kg;
    private final List<MinedRule> rules;
    private final Settings settings;
    private LadderSearch.Result search;
    private DeepQuestions.Outcome deep;

    public DepthLadder(KgGraphs kg, List<MinedRule> rules, Settings settings) {
        this.kg = kg;
        this.rules = rules;
        this.settings = settings;
    }

    public boolean climbs() {
        return settings.depth() > 1;
    }

    /**
     * The depth-1 selection: over every grounding drawn for D = 1; with D > 1 the deeper proofs are chosen first
     * ({@link LadderSearch}) and the selection made among the groundings that agree with them. A grounding that does
     * not is counted as the selection counts its like: its head a body triple to keep, or a body triple a head to
     * delete.
     */
    public GroundingSelector.Selection select(List<Grounding> drawn, List<Statement> complete) {
        if (!climbs()) {
            return GroundingSelector.select(drawn, settings.selection());
        }
        search = new LadderSearch(FactIndex.of(kg, complete), RuleMatcher.compile(rules, kg)).search(settings.depth(),
                settings.perDepth(), settings.seed());
        List<Grounding> agree = new ArrayList<>();
        int headKept = 0;
        for (Grounding g : drawn) {
            if (LadderSearch.agrees(g, search)) {
                agree.add(g);
            } else if (search.kept().contains(g.head())) {
                headKept++;
            }
        }
        int bodyRemoved = drawn.size() - agree.size() - headKept;
        LOG.info("{} of {} groundings drawn agree with the deeper proofs; {} have a head a proof keeps as a body triple,"
                + " {} a body triple a proof removes", agree.size(), drawn.size(), headKept, bodyRemoved);
        GroundingSelector.Selection s = GroundingSelector.select(agree, settings.selection());
        return new GroundingSelector.Selection(s.selected(), s.deleted(), drawn.size(), s.headIsProtected() + headKept,
                s.bodyUsesDeleted() + bodyRemoved, s.headInOwnBody());
    }

    /** The triples to delete: the selection's heads, and with D > 1 every head of the deeper proofs; sorted. */
    public List<Triple> deleted(Set<Triple> selectedHeads) {
        Set<Triple> out = selectedHeads;
        if (climbs()) {
            out = new HashSet<>(selectedHeads);
            out.addAll(search.removed());
        }
        List<Triple> sorted = new ArrayList<>(out);
        sorted.sort(null);
        return sorted;
    }

    /**
     * The questions of every depth, to be balanced together and split by depth ({@link
     * dev.lacuna.questions.DepthSplit#byDepth}): the depth-1 questions marked as such, then the deeper proofs'
     * questions ({@link DeepQuestions}), which turn to the side whose hard answer balancing would not cut.
     */
    public List<Question> questions(QuestionAssembler.Outcome depthOne, QuestionGenerator generator,
                                    CompleteSnapshot complete, GiveAway giveAway) {
        Set<String> asked = new HashSet<>();
        Map<String, Integer> hardAnswers = new HashMap<>();
        List<Question> all = new ArrayList<>();
        for (Question q : depthOne.questions()) {
            asked.add(DeepQuestions.key(q.topicEntity(), q.relation(), q.direction()));
            hardAnswers.merge(q.hardAnswer(), 1, Integer::sum);
            all.add(q.withDepth(1));
        }
        // About the most questions Algorithm 1 keeps per hard answer once the deeper questions are in.
        long limit = Balancer.threshold(settings.tau(), all.size() + search.proofs().size())
                .setScale(0, RoundingMode.FLOOR).longValueExact();
        deep = DeepQuestions.assemble(search.proofs(), generator, complete, giveAway, settings.seed(), asked,
                hardAnswers, limit, all.size());
        deep.byDepth().values().forEach(all::addAll);
        return all;
    }

    /** Give-away counts of all depths. */
    public Map<String, Long> giveAway(Map<String, Long> depthOne) {
        if (deep == null) {
            return depthOne;
        }
        Map<String, Long> sum = new LinkedHashMap<>(depthOne);
        deep.giveAway().forEach((k, v) -> sum.merge(k, v, Long::sum));
        return sum;
    }

    /** summary.json's {@code depths}: null for a depth-1 build (its summary stays as it was). */
    public Map<String, Summary.Depth> summary(Splitter.Split split, int depthOneCandidates, int depthOneSelected,
                                       long depthOneQuestions) {
        if (!climbs()) {
            return null;
        }
        Map<String, Summary.Depth> out = new LinkedHashMap<>();
        for (int d = 1; d <= settings.depth(); d++) {
            Map<String, Long> types = new LinkedHashMap<>();
            for (RuleType t : RuleType.values()) {
                types.put(t.label(), 0L);
            }
            long questions = 0;
            for (SplitName s : SplitName.values()) {
                for (Question q : split.part(s)) {
                    if (q.depthOrOne() == d) {
                        questions++;
                        types.merge(q.ruleType(), 1L, Long::sum);
                    }
                }
            }
            LadderSearch.DepthCount c = d == 1 ? null : search.counts().get(d);
            long beforeBalancing = d == 1 ? depthOneQuestions : deep.byDepth().getOrDefault(d, List.of()).size();
            out.put(Integer.toString(d), new Summary.Depth(d == 1 ? (long) depthOneCandidates : c.candidates(),
                    d == 1 ? 0L : c.shallower(), d == 1 ? null : c.exact(), d == 1 ? (long) depthOneSelected : c.kept(),
                    beforeBalancing, questions,
                    types));
        }
        return out;
    }

    /** Proofs of the build, for provenance: none for a depth-1 build. */
    public List<Question> deepQuestions(Splitter.Split split) {
        List<Question> out = new ArrayList<>();
        for (SplitName s : SplitName.values()) {
            split.part(s).stream().filter(q -> q.proof() != null).forEach(out::add);
        }
        return out;
    }
}
