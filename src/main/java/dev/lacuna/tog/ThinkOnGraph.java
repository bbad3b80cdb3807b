package dev.lacuna.tog;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.Set;

import com.fasterxml.jackson.core.JsonProcessingException;

import dev.lacuna.Json;
import dev.lacuna.LacunaException;
import dev.lacuna.Seeds;

/**
 * Think-on-Graph's walk for one question (main_freebase.py and freebase_func.py of Sun et al.'s public code), step for
 * step: from the topic entities, at each depth up to {@code depth}: relation search (out of and into each entity),
 * relation pruning to {@code width} per entity, entity search along each kept relation, entity scoring (weighted by
 * the relation's score), entity pruning to the {@code width} best chains overall, then the "enough?" step; the kept
 * entities become the next depth's topic entities.
 *
 * <p>Where it departs from ToG's code, and why (each is also in the documentation):
 * <ul>
 * <li>bm25 and embedding entity scoring keep each name with its own entity id; ToG's returns the best {@code width}
 *     names beside all candidates' ids, so its ids and names part after the first relation with more candidates.</li>
 * <li>an entity without any relation is skipped (ToG's bm25 and sentence-model paths divide by zero there), and a
 *     depth whose pruned chains all score 0 ends the walk with an answer (ToG answers, then fails at the next
 *     depth on an empty list).</li>
 * <li>llm pruning samples {@code retain} of 20 or more candidates with a generator seeded from the run's seed and the
 *     question id (ToG uses Python's unseeded {@code random.sample}).</li>
 * <li>without a chat model ({@link Pruning#EMBEDDING}, {@link Pruning#BM25}) there is no reader: the "enough?" step
 *     never says yes, so the walk goes on while it finds candidates, up to {@code depth}, and the answer is the
 *     {@link AnswerRule}'s choice of the entities its kept chains reached.</li>
 * </ul>
 */
final class ThinkOnGraph {
    /**
     * What ToG saves for a question ({@code results}, {@code chains}: its reasoning_chains, by name), the kept chains
     * as the graph states them ({@code kept}: [subject, relation, object] in the endpoint's ids, per depth), what
     * ended the walk, and the depth at which it ended (the last depth it searched).
     */
    record Outcome(String results, List<List<List<String>>> chains, List<List<List<String>>> kept, TogStop stop,
                   int depth) {
    }

    /** A relation kept for an entity; {@code outgoing} is ToG's {@code head} flag (the entity is the subject). */
    private record RelationChoice(String entity, String relation, double score, boolean outgoing) {
    }

    /** A candidate entity reached from {@code topic} along {@code relation}, with its chain's score. */
    record Candidate(String id, String name, String relation, String topic, boolean outgoing, double score) {
        Candidate withScore(double newScore) {
            return new Candidate(id, name, relation, topic, outgoing, newScore);
        }

        /** The chain's triple as the graph states it: the topic is the subject when the relation goes out of it. */
        List<String> triple() {
            return outgoing ? List.of(topic, relation, id) : List.of(id, relation, topic);
        }
    }

    private final TogQueries queries;
    private final WalkSettings settings;
    private final Ranker ranker;
    private final TogChat chat;

    private ThinkOnGraph(TogQueries queries, WalkSettings settings, Ranker ranker, TogChat chat) {
        this.queries = queries;
        this.settings = settings;
        this.ranker = ranker;
        this.chat = chat;
    }

    /** The walk without a reader: bm25 or embedding pruning by {@code ranker}, answers by the answer rule. */
    static ThinkOnGraph offline(TogQueries queries, WalkSettings settings, Ranker ranker) {
        return new ThinkOnGraph(queries, settings, Objects.requireNonNull(ranker), null);
    }

    /** ToG's own walk: llm pruning, "enough?" and the answers by the chat model. */
    static ThinkOnGraph withReader(TogQueries queries, WalkSettings settings, TogChat chat) {
        return new ThinkOnGraph(queries, settings, null, Objects.requireNonNull(chat));
    }

    Outcome answer(String questionId, String question, String topicId, String topicName, QuestionTrace trace) {
        Random random = new Random(Seeds.of(settings.seed(), Seeds.Stage.TOG_WALK, questionId.hashCode()));
        Map<String, String> topic = new LinkedHashMap<>();
        topic.put(topicId, topicName);
        List<List<List<String>>> chains = new ArrayList<>();
        List<List<Candidate>> kept = new ArrayList<>();
        List<String> preRelations = List.of();
        // ToG starts with pre_heads [-1, ...], which Python reads as true.
        List<Boolean> preHeads = Collections.nCopies(topic.size(), true);
        for (int depth = 1; depth <= settings.depth(); depth++) {
            List<RelationChoice> current = new ArrayList<>();
            int i = 0;
            for (Map.Entry<String, String> e : topic.entrySet()) {
                current.addAll(relations(e.getKey(), e.getValue(), preRelations, preHeads.get(i), question, trace));
                i++;
            }
            List<Candidate> total = new ArrayList<>();
            for (RelationChoice r : current) {
                List<String> ids = queries.entities(r.entity(), r.relation(), r.outgoing(), trace);
                // ToG samples only under llm pruning, which is the walk with a chat model.
                if (chat != null && ids.size() >= 20) {
                    ids = sample(ids, settings.retain(), random);
                }
                if (!ids.isEmpty()) {
                    total.addAll(score(question, ids, r, trace));
                }
            }
            if (total.isEmpty()) {
                return halfStop(question, chains, kept, topicId, depth, TogStop.NO_CANDIDATES, trace);
            }
            List<Candidate> pruned = prune(total);
            List<List<String>> chain = new ArrayList<>();
            for (Candidate c : pruned) {
                chain.add(List.of(queries.name(c.topic(), trace), c.relation(), c.name()));
            }
            chains.add(chain);
            kept.add(pruned);
            if (pruned.isEmpty()) {
                return halfStop(question, chains, kept, topicId, depth, TogStop.ZERO_SCORES, trace);
            }
            preRelations = pruned.stream().map(Candidate::relation).toList();
            preHeads = pruned.stream().map(Candidate::outgoing).toList();
            if (chat != null) {
                String reply = chat.ask("enough", TogPrompts.enough(question, chains), TogChat.REASONING, trace);
                if (TogPrompts.saysYes(reply)) {
                    return new Outcome(reply, chains, triples(kept), TogStop.READER_YES, depth);
                }
            }
            topic = new LinkedHashMap<>();
            for (Candidate c : pruned) {
                topic.put(c.id(), queries.name(c.id(), trace));
            }
        }
        if (chat == null) {
            return new Outcome(offlineAnswer(settings.answerRule(), kept, topicId), chains, triples(kept),
                    TogStop.DEPTH_LIMIT, settings.depth());
        }
        // ToG's last resort after the deepest depth: answer from the model's own knowledge, with no chain saved.
        String results = chat.ask("without_paths", TogPrompts.withoutPaths(question), TogChat.REASONING, trace);
        return new Outcome(results, List.of(), triples(kept), TogStop.DEPTH_LIMIT, settings.depth());
    }

    /** ToG's {@code relation_search_prune}. */
    private List<RelationChoice> relations(String entity, String name, List<String> preRelations, boolean preHead,
                                           String question, QuestionTrace trace) {
        EndpointNaming naming = queries.naming();
        Set<String> out = new HashSet<>();
        for (String r : queries.outgoingRelations(entity, trace)) {
            if (!naming.abandoned(r)) {
                out.add(r);
            }
        }
        Set<String> in = new HashSet<>();
        for (String r : queries.incomingRelations(entity, trace)) {
            if (!naming.abandoned(r)) {
                in.add(r);
            }
        }
        // The relation the walk came by is not offered again on the side it came from.
        if (preHead) {
            in.removeAll(preRelations);
        } else {
            out.removeAll(preRelations);
        }
        // A relation both ways is listed twice, and ToG then takes it as outgoing both times.
        List<String> all = new ArrayList<>(out);
        all.addAll(in);
        Collections.sort(all);
        List<RelationChoice> kept = new ArrayList<>();
        if (chat != null) {
            String reply = chat.ask("relations", TogPrompts.relations(question, name, all, settings.width()),
                    TogChat.EXPLORATION, trace);
            for (TogPrompts.Scored s : TogPrompts.relationScores(reply)) {
                kept.add(new RelationChoice(entity, s.relation(), s.score(), out.contains(s.relation())));
            }
            return kept;
        }
        if (all.isEmpty()) {
            return kept;
        }
        Ranked ranked = ranker.top(question, all, settings.width());
        List<Double> scores = ranked.scoresOrEven();
        for (int k = 0; k < scores.size(); k++) {
            String r = all.get(ranked.positions().get(k));
            kept.add(new RelationChoice(entity, r, scores.get(k), out.contains(r)));
        }
        return kept;
    }

    /** ToG's {@code entity_score}: each candidate's score times its relation's. */
    private List<Candidate> score(String question, List<String> ids, RelationChoice r, QuestionTrace trace) {
        List<Candidate> named = new ArrayList<>();
        for (String id : ids) {
            named.add(new Candidate(id, queries.name(id, trace), r.relation(), r.entity(), r.outgoing(), r.score()));
        }
        if (named.stream().allMatch(c -> c.name().equals(TogQueries.UNNAMED))) {
            return rescored(named, Collections.nCopies(named.size(), r.score() / named.size()));
        }
        List<Candidate> known = named.stream().filter(c -> !c.name().equals(TogQueries.UNNAMED)).toList();
        if (known.size() == 1) {
            return known;
        }
        List<Candidate> sorted = new ArrayList<>(known);
        sorted.sort(Comparator.comparing(Candidate::name).thenComparing(Candidate::id));
        List<String> names = sorted.stream().map(Candidate::name).toList();
        if (chat != null) {
            String reply = chat.ask("entities", TogPrompts.entities(question, r.relation(), names), TogChat.EXPLORATION,
                    trace);
            List<Double> scores = TogPrompts.entityScores(reply, names.size());
            return rescored(sorted, scores.stream().map(s -> s * r.score()).toList());
        }
        Ranked ranked = ranker.top(question, names, settings.width());
        List<Candidate> best = ranked.positions().stream().map(sorted::get).toList();
        return rescored(best, ranked.scoresOrEven().stream().map(s -> s * r.score()).toList());
    }

    private static List<Candidate> rescored(List<Candidate> candidates, List<Double> scores) {
        List<Candidate> out = new ArrayList<>();
        for (int k = 0; k < candidates.size(); k++) {
            out.add(candidates.get(k).withScore(scores.get(k)));
        }
        return out;
    }

    /** ToG's {@code entity_prune}: the {@code width} best chains (a stable sort, best first), zero scores dropped. */
    private List<Candidate> prune(List<Candidate> total) {
        List<Candidate> sorted = new ArrayList<>(total);
        sorted.sort(Comparator.comparingDouble(Candidate::score).reversed());
        return sorted.subList(0, Math.min(settings.width(), sorted.size())).stream().filter(c -> c.score() != 0).toList();
    }

    /** ToG's {@code half_stop}: answer from the chains found so far. */
    private Outcome halfStop(String question, List<List<List<String>>> chains, List<List<Candidate>> kept,
                             String topicId, int depth, TogStop why, QuestionTrace trace) {
        String results = chat == null ? offlineAnswer(settings.answerRule(), kept, topicId)
                : chat.ask("answer", TogPrompts.answer(question, chains), TogChat.REASONING, trace);
        return new Outcome(results, chains, triples(kept), why, depth);
    }

    private static List<List<List<String>>> triples(List<List<Candidate>> kept) {
        return kept.stream().map(depth -> depth.stream().map(Candidate::triple).toList()).toList();
    }

    private static List<String> sample(List<String> ids, int k, Random random) {
        List<String> copy = new ArrayList<>(ids);
        Collections.shuffle(copy, random);
        return new ArrayList<>(copy.subList(0, Math.min(k, copy.size())));
    }

    /**
     * The answer without a chat model: the names of the entities {@code rule} takes of those the kept chains reached
     * (each depth's best chain first), each once, never the topic, written as a JSON list (a list literal
     * {@code lacuna evaluate} reads one element per answer, so a name with a comma stays one answer).
     */
    static String offlineAnswer(AnswerRule rule, List<List<Candidate>> kept, String topicId) {
        Set<String> names = new LinkedHashSet<>();
        List<List<Candidate>> depths = rule == AnswerRule.FIRST_DEPTH ? kept.subList(0, Math.min(1, kept.size())) : kept;
        for (List<Candidate> depth : depths) {
            for (Candidate c : depth) {
                if (!c.id().equals(topicId)) {
                    names.add(c.name());
                }
            }
        }
        try {
            return Json.mapper().writeValueAsString(new ArrayList<>(names));
        } catch (JsonProcessingException e) {
            throw new LacunaException("cannot write an answer list: " + e.getMessage(), e);
        }
    }
}
