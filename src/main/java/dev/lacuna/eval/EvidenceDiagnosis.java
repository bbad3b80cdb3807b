package dev.lacuna.eval;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

import dev.lacuna.FisherYates;
import dev.lacuna.Progress;
import dev.lacuna.Seeds;
import dev.lacuna.evidence.AlternativePath;
import dev.lacuna.evidence.FolderPaths;
import dev.lacuna.evidence.QuestionPaths;
import dev.lacuna.grounding.Triple;
import dev.lacuna.questions.Question;
import dev.lacuna.store.GraphRole;

/**
 * Classifies each run's misses as the paper's section 5.5 and appendix J do, from what the system's own output says
 * it retrieved ({@link Retrieval}) and the questions' alternative paths in the graph the run was made on
 * ({@link FolderPaths}: the folder's files, no store). One instance per evaluation: each graph's paths are found once
 * and shared by every system scored on it.
 */
final class EvidenceDiagnosis {
    static final String RETRIEVAL_FAILURE = "retrieval_failure";
    static final String REASONING_FAILURE = "reasoning_failure";
    static final String UNSUPPORTED = "unsupported_miss";
    /** Retrieved chains shown per case study. */
    private static final int SHOWN = 8;
    /** Characters of a raw answer shown per case study. */
    private static final int SHOWN_CHARS = 300;

    private final Benchmark benchmark;
    private final EvaluationSettings settings;
    private final List<Question> questions;
    private final Map<GraphRole, Map<String, QuestionPaths>> paths = new EnumMap<>(GraphRole.class);
    private final Map<GraphRole, EvidenceMatch.Names> names = new EnumMap<>(GraphRole.class);
    private final Map<GraphRole, Map<Long, String>> shown = new EnumMap<>(GraphRole.class);
    private FolderPaths folder;

    EvidenceDiagnosis(Benchmark benchmark, EvaluationSettings settings) {
        this.benchmark = benchmark;
        this.settings = settings;
        this.questions = benchmark.questions(settings.split());
    }

    /** One question's place in the breakdown. */
    private record Verdict(Question question, QuestionPaths paths, SystemOutput output, EvidenceMatch match, boolean hit) {
        boolean classified() {
            return match != null;
        }

        String kind() {
            if (!classified() || hit) {
                return null;
            }
            return match.evidence() ? REASONING_FAILURE : paths.supported() ? RETRIEVAL_FAILURE : UNSUPPORTED;
        }
    }

    /**
     * The run's breakdown, or null, with a note saying why, when there is none: the file says nothing of what was
     * retrieved, the graph it was made on is not stated, or the folder lacks the files paths are found from.
     */
    Diagnosis diagnose(String system, RunSetting setting, RunResult run, List<SystemOutput> outputs, OutputSource from,
            List<String> notes) {
        String who = system + " (" + setting + ")";
        long with = outputs.stream().filter(o -> o.retrieval() != null).count();
        if (with == 0) {
            notes.add(who + ": the file says nothing of what the system retrieved (" + expected(from) + "), so its misses"
                    + " are not classified as retrieval or reasoning failures; the strict scores above stand");
            return null;
        }
        GraphRole graph = setting.graph();
        if (graph == null) {
            notes.add(who + ": which graph the file was made on is not stated, so its retrieval cannot be held against"
                    + " that graph's paths: give it as --complete, --incomplete, --replaced or --noisy");
            return null;
        }
        List<String> missing = FolderPaths.missing(benchmark.folder(), graph);
        if (!missing.isEmpty()) {
            notes.add(who + ": the benchmark folder lacks " + String.join(", ", missing) + ", which alternative paths are"
                    + " found from, so its misses are not classified");
            return null;
        }
        Map<String, QuestionPaths> byQuestion = paths(graph);
        EvidenceMatch.Names keys = names.get(graph);
        Map<String, SystemOutput> byId = new HashMap<>();
        outputs.forEach(o -> byId.put(o.id(), o));
        List<Verdict> verdicts = new ArrayList<>(questions.size());
        for (int i = 0; i < questions.size(); i++) {
            Question q = questions.get(i);
            QuestionPaths p = byQuestion.get(q.id());
            SystemOutput o = byId.get(q.id());
            EvidenceMatch match = o == null || o.retrieval() == null ? null : EvidenceMatch.of(p, o.retrieval(), keys);
            verdicts.add(new Verdict(q, p, o, match, run.perQuestion().get(i).hitsAtHard() == 1));
        }
        boolean deep = questions.stream().anyMatch(q -> q.depthOrOne() > 1);
        int truncated = (int) byQuestion.values().stream().filter(QuestionPaths::truncated).count();
        double meanPaths = byQuestion.values().stream().mapToInt(x -> x.paths().size()).average().orElse(0);
        double meanDerivations = byQuestion.values().stream().mapToLong(QuestionPaths::derivations).average().orElse(0);
        int unsupported = (int) byQuestion.values().stream().filter(x -> !x.supported()).count();
        return new Diagnosis(describe(from, outputs), (int) with,
                new Diagnosis.Paths(graph.label(), settings.diagnosis().maxPaths(), truncated, meanPaths, meanDerivations,
                        unsupported),
                scores(verdicts), groups(verdicts, v -> v.question().ruleType()),
                deep ? groups(verdicts, v -> Integer.toString(v.question().depthOrOne())) : null,
                cases(verdicts, graph), perQuestion(verdicts));
    }

    private static Map<String, Diagnosis.Verdict> perQuestion(List<Verdict> verdicts) {
        Map<String, Diagnosis.Verdict> out = new LinkedHashMap<>();
        for (Verdict v : verdicts) {
            if (v.classified()) {
                out.put(v.question().id(), new Diagnosis.Verdict(v.match().evidence(), v.match().partial(),
                        v.match().fetched(), v.kind()));
            }
        }
        return out;
    }

    private static String expected(OutputSource from) {
        return switch (from) {
            case LACUNA -> "no record has a \"" + RetrievalText.FIELD + "\" field";
            case TOG -> "no record has ToG's reasoning_chains";
            case ROG -> "no record's input shows RoG's \"Reasoning Paths:\", as with --model_name no-llm, whose input"
                    + " is the bare question";
            case GNNRAG, BRINK -> from.label() + "'s output lists no retrieval";
        };
    }

    private static String describe(OutputSource from, List<SystemOutput> outputs) {
        boolean fetched = outputs.stream().anyMatch(o -> o.retrieval() != null && o.retrieval().fetched() != null);
        return switch (from) {
            case TOG -> "ToG's reasoning_chains" + (fetched ? "; fetched: the triples of lacuna tog's trace" : "");
            case ROG -> "the paths under \"Reasoning Paths:\" in RoG's input";
            default -> "the records' \"" + RetrievalText.FIELD + "\" chains";
        };
    }

    /** Each question's paths in the graph, found once per graph; the names of their entities read with them. */
    private Map<String, QuestionPaths> paths(GraphRole graph) {
        Map<String, QuestionPaths> known = paths.get(graph);
        if (known != null) {
            return known;
        }
        if (folder == null) {
            folder = FolderPaths.read(benchmark.folder(), settings.diagnosis().maxPaths());
        }
        var in = folder.graph(graph);
        Map<String, QuestionPaths> out = new HashMap<>();
        Set<String> ids = new HashSet<>();
        // every derivation of every question: 2-3 s a graph for FB15k-237's 602 test questions, more on a larger KG
        try (Progress progress = Progress.start("alternative paths in " + graph.label(), questions.size(), "questions")) {
            for (Question q : questions) {
                QuestionPaths p = in.of(q);
                out.put(q.id(), p);
                ids.add(q.topicEntity());
                ids.add(q.hardAnswer());
                for (AlternativePath path : p.paths()) {
                    for (Triple t : path.triples()) {
                        ids.add(Long.toString(t.head()));
                        ids.add(Long.toString(t.tail()));
                    }
                }
                progress.step(1);
            }
        }
        Map<Long, String> named = new HashMap<>();
        Map<Long, String> keyed = new HashMap<>();
        EntityForm form = settings.entities();
        Map<String, Benchmark.EntityName> table = form == EntityForm.PRIVATE ? Map.of() : benchmark.entityNames(ids);
        for (String id : ids) {
            Benchmark.EntityName n = table.get(id);
            String name = n == null ? id : n.render(form, id);
            named.put(Long.parseLong(id), name);
            keyed.put(Long.parseLong(id), AnswerNormalizer.strict(name));
        }
        paths.put(graph, out);
        names.put(graph, EvidenceMatch.of(keyed));
        shown.put(graph, named);
        return out;
    }

    private static Map<String, Diagnosis.EvidenceScores> groups(List<Verdict> verdicts, Function<Verdict, String> key) {
        Map<String, List<Verdict>> by = new TreeMap<>();
        verdicts.forEach(v -> by.computeIfAbsent(String.valueOf(key.apply(v)), k -> new ArrayList<>()).add(v));
        Map<String, Diagnosis.EvidenceScores> out = new LinkedHashMap<>();
        by.forEach((k, v) -> out.put(k, scores(v)));
        return out;
    }

    static Diagnosis.EvidenceScores scores(List<Verdict> verdicts) {
        int classified = 0;
        int evidence = 0;
        int fetched = 0;
        boolean anyFetched = false;
        double partial = 0;
        int hitsWith = 0;
        int hitsWithout = 0;
        int misses = 0;
        int retrieval = 0;
        int reasoning = 0;
        int unsupported = 0;
        for (Verdict v : verdicts) {
            if (!v.classified()) {
                continue;
            }
            classified++;
            EvidenceMatch m = v.match();
            partial += m.partial();
            if (m.fetched() != null) {
                anyFetched = true;
                fetched += m.fetched() ? 1 : 0;
            }
            if (m.evidence()) {
                evidence++;
                hitsWith += v.hit() ? 1 : 0;
            } else {
                hitsWithout += v.hit() ? 1 : 0;
            }
            String kind = v.kind();
            if (kind != null) {
                misses++;
                retrieval += kind.equals(RETRIEVAL_FAILURE) ? 1 : 0;
                reasoning += kind.equals(REASONING_FAILURE) ? 1 : 0;
                unsupported += kind.equals(UNSUPPORTED) ? 1 : 0;
            }
        }
        int failures = retrieval + reasoning;
        return new Diagnosis.EvidenceScores(verdicts.size(), classified, evidence, share(evidence, classified),
                classified == 0 ? null : partial / classified, anyFetched ? fetched : null, share(hitsWith, evidence),
                share(hitsWithout, classified - evidence), misses, retrieval, reasoning, unsupported,
                share(retrieval, failures), failures == 0 ? null : String.format(Locale.ROOT, "%.1f:%.1f",
                        10.0 * retrieval / failures, 10.0 * reasoning / failures));
    }

    private static Double share(int part, int whole) {
        return whole == 0 ? null : (double) part / whole;
    }

    /** A few questions of each failure kind, chosen by the seed among the run's, in question order before the draw. */
    private List<Diagnosis.CaseStudy> cases(List<Verdict> verdicts, GraphRole graph) {
        List<Diagnosis.CaseStudy> out = new ArrayList<>();
        int wanted = settings.diagnosis().cases();
        for (String kind : List.of(RETRIEVAL_FAILURE, REASONING_FAILURE)) {
            List<Verdict> of = new ArrayList<>(verdicts.stream().filter(v -> kind.equals(v.kind())).toList());
            of.sort(Comparator.comparing(v -> v.question().id()));
            FisherYates.shuffle(of, new Random(Seeds.of(settings.diagnosis().seed(), Seeds.Stage.CASE_STUDIES)));
            for (Verdict v : of.subList(0, Math.min(wanted, of.size()))) {
                out.add(caseStudy(kind, v, graph));
            }
        }
        return out;
    }

    private Diagnosis.CaseStudy caseStudy(String kind, Verdict v, GraphRole graph) {
        Map<Long, String> named = shown.get(graph);
        Question q = v.question();
        List<Triple> expected;
        List<String> rules;
        int best = v.match().best();
        if (best < 0 || v.paths().paths().isEmpty()) {
            expected = List.of(v.paths().hard());
            rules = List.of();
        } else {
            AlternativePath p = v.paths().paths().get(best);
            expected = p.triples();
            rules = p.rules();
        }
        List<String> path = expected.stream().map(t -> t.relation() + "(" + named.get(t.head()) + ", "
                + named.get(t.tail()) + ")").toList();
        List<List<String>> chains = v.output().retrieval().chains();
        List<List<String>> first = new ArrayList<>();
        List<List<String>> rest = new ArrayList<>();
        for (List<String> c : new java.util.LinkedHashSet<>(chains)) {
            boolean onPath = expected.stream().anyMatch(t -> EvidenceMatch.names(c, t, names.get(graph)));
            (onPath ? first : rest).add(c);
        }
        first.addAll(rest);
        List<String> retrieved = first.subList(0, Math.min(SHOWN, first.size())).stream()
                .map(c -> String.join(" -> ", c)).toList();
        SystemOutput o = v.output();
        String answered = o.prediction() != null ? String.join(", ", o.prediction())
                : o.rawOutput() == null ? "" : o.rawOutput().length() <= SHOWN_CHARS ? o.rawOutput()
                : o.rawOutput().substring(0, SHOWN_CHARS) + "…";
        String topic = named.get(Long.parseLong(q.topicEntity()));
        // the question as the system was asked it: its topic named as the system names entities
        return new Diagnosis.CaseStudy(kind, q.id(), q.textWithTopic(topic), topic,
                named.get(Long.parseLong(q.hardAnswer())), path, rules, retrieved, chains.size(), answered);
    }
}
