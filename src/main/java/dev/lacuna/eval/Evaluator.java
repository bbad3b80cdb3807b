package dev.lacuna.eval;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

import dev.lacuna.BadInputException;
import dev.lacuna.questions.Question;

/**
 * The strict evaluation protocol of section 4 and appendix E: turns each system output into a normalised
 * prediction set, compares it with the normalised gold set, and averages per question. One evaluator holds
 * the gold side of one benchmark split, prepared once, and scores any number of predictions files.
 */
public final class Evaluator {
    private static final int EXAMPLES = 5;

    private final Benchmark benchmark;
    private final EvaluationSettings settings;
    private final List<Gold> gold;
    private final Function<String, String> render;

    /** One question's gold side, normalised once. */
    private record Gold(Question question, Set<String> answers, String hard, List<String> rogAnswers,
                        BrokenScores.Gold broken) {
    }

    public Evaluator(Benchmark benchmark, EvaluationSettings settings) {
        this.benchmark = benchmark;
        this.settings = settings;
        List<Question> questions = benchmark.questions(settings.split());
        this.render = renderer(benchmark, questions, settings.entities());
        this.gold = new ArrayList<>(questions.size());
        for (Question q : questions) {
            List<String> rogAnswers = new ArrayList<>(q.answers().size());
            Set<String> answers = new HashSet<>();
            for (String a : q.answers()) {
                String r = render.apply(a);
                rogAnswers.add(AnswerNormalizer.rog(r));
                String n = AnswerNormalizer.strict(r);
                if (!n.isEmpty()) {
                    answers.add(n);
                }
            }
            String hard = q.hardAnswer() == null ? null : AnswerNormalizer.strict(render.apply(q.hardAnswer()));
            String trap = q.trap() == null ? null : AnswerNormalizer.strict(render.apply(q.trap()));
            List<String> lost = q.noiseLost() == null ? null
                    : q.noiseLost().stream().map(a -> AnswerNormalizer.strict(render.apply(a))).toList();
            gold.add(new Gold(q, answers, hard, rogAnswers, new BrokenScores.Gold(q.ruleType(), trap, lost)));
        }
    }

    /** Gold answers are private ids; render them as the system writes entities. */
    private static Function<String, String> renderer(Benchmark benchmark, List<Question> questions, EntityForm form) {
        if (form == EntityForm.PRIVATE) {
            return id -> id;
        }
        Set<String> ids = new HashSet<>();
        for (Question q : questions) {
            ids.addAll(q.answers());
            if (q.hardAnswer() != null) {
                ids.add(q.hardAnswer());
            }
            if (q.trap() != null) {
                ids.add(q.trap());
            }
            if (q.noiseLost() != null) {
                ids.addAll(q.noiseLost());
            }
        }
        Map<String, Benchmark.EntityName> names = benchmark.entityNames(ids);
        return id -> {
            Benchmark.EntityName name = names.get(id);
            if (name == null) {
                throw new BadInputException(benchmark.folder().entitiesFile().toString(), -1, -1,
                        "answer entity " + id + " is not listed");
            }
            return name.render(form, id);
        };
    }

    /** The gold side as evaluate_brink.py's gold.json holds it: answers and hard answer rendered, not normalised. */
    List<BrinkScores.Gold> brinkGold() {
        List<BrinkScores.Gold> out = new ArrayList<>(gold.size());
        for (Gold g : gold) {
            Question q = g.question();
            out.add(new BrinkScores.Gold(q.id(), q.answers().stream().map(render).toList(),
                    q.hardAnswer() == null ? "" : render.apply(q.hardAnswer())));
        }
        return out;
    }

    public EvaluationSettings settings() {
        return settings;
    }

    /** Number of questions evaluated. */
    public int questions() {
        return gold.size();
    }

    /** Scores one predictions file's records; {@code source} names the file in messages and the report. */
    public RunResult evaluate(List<SystemOutput> outputs, String source) {
        Map<String, SystemOutput> byId = new HashMap<>();
        Set<String> selected = new HashSet<>();
        for (Gold g : gold) {
            selected.add(g.question().id());
        }
        List<String> unknown = new ArrayList<>();
        int otherSplit = 0;
        for (SystemOutput o : outputs) {
            if (selected.contains(o.id())) {
                byId.put(o.id(), o);
            } else if (benchmark.question(o.id()) != null) {
                otherSplit++;
            } else {
                unknown.add(o.id());
            }
        }
        if (byId.isEmpty() && unknown.isEmpty()) {
            throw new BadInputException(source, -1, -1, "none of the " + outputs.size() + " prediction ids is a question"
                    + " of the " + settings.split() + " split (0 matched; all answer questions of other splits): "
                    + CoverageCheck.likelyCause(CoverageCheck.otherSplits(benchmark, settings.split(), outputs), otherSplit));
        }
        if (byId.isEmpty()) {
            throw new BadInputException(source, -1, -1, "none of the " + outputs.size()
                    + " prediction ids matches one of the " + gold.size() + " questions of the " + settings.split()
                    + " split (0 matched; " + unknown.size() + " are not in this benchmark at all, e.g. "
                    + examples(unknown) + "; questions look like " + examples(gold.stream().map(g -> g.question().id()).toList())
                    + "): is this a predictions file for another benchmark?");
        }
        if (!unknown.isEmpty()) {
            throw new BadInputException(source, -1, -1, unknown.size() + " of " + outputs.size()
                    + " prediction ids are not questions of this benchmark (" + byId.size() + " matched), e.g. "
                    + examples(unknown));
        }

        List<QuestionScore> scores = new ArrayList<>(gold.size());
        List<PermissiveScores.Single> permissive = new ArrayList<>(gold.size());
        List<String> missing = new ArrayList<>();
        List<Set<String>> answered = new ArrayList<>(byId.size());
        List<Set<String>> predictedAll = new ArrayList<>(gold.size());
        for (Gold g : gold) {
            SystemOutput o = byId.get(g.question().id());
            if (o == null) {
                missing.add(g.question().id());
            }
            Set<String> predicted = o == null ? Set.of() : predictionSet(o);
            if (o != null) {
                answered.add(predicted);
            }
            predictedAll.add(predicted);
            scores.add(QuestionScore.of(g.question().id(), predicted, g.answers(), g.hard(), o == null));
            List<String> rogList = o == null ? List.of() : PermissiveScores.rogList(o.prediction(), o.rawOutput());
            permissive.add(PermissiveScores.scoreNormalised(rogList, g.rogAnswers()));
        }
        RunResult.Coverage coverage = new RunResult.Coverage(outputs.size(), byId.size(), missing.size(),
                missing.subList(0, Math.min(EXAMPLES, missing.size())), otherSplit,
                NamingCheck.resolve(benchmark.folder(), settings.entities(), answered));
        return new RunResult(source, coverage, Scores.average(scores),
                breakdown(scores, Question::ruleType), breakdown(scores, Question::split),
                breakdown(scores, Question::relation), PermissiveScores.average(permissive), List.copyOf(scores),
                gold.stream().anyMatch(g -> g.question().depthOrOne() > 1)
                        ? breakdown(scores, q -> Integer.toString(q.depthOrOne())) : null,
                BrokenScores.of(gold.stream().map(Gold::broken).toList(), predictedAll));
    }

    /** P = { norm(p) | p in split(output) }, empty strings dropped. */
    public Set<String> predictionSet(SystemOutput o) {
        return predictionSet(o, settings.delimiters(), settings.entities());
    }

    /** P as a system writing entities in {@code form} would mean it: raw outputs split as that form splits them. */
    static Set<String> predictionSet(SystemOutput o, Delimiters delimiters, EntityForm form) {
        List<String> pieces = o.prediction() != null ? o.prediction()
                : o.rawOutput() == null ? List.of() : delimiters.split(o.rawOutput(), form);
        Set<String> set = new HashSet<>();
        for (String p : pieces) {
            String n = AnswerNormalizer.strict(p);
            if (!n.isEmpty()) {
                set.add(n);
            }
        }
        return set;
    }

    private Map<String, Scores> breakdown(List<QuestionScore> scores, Function<Question, String> key) {
        Map<String, List<QuestionScore>> groups = new TreeMap<>();
        for (int i = 0; i < scores.size(); i++) {
            String k = key.apply(gold.get(i).question());
            groups.computeIfAbsent(k == null ? "unknown" : k, x -> new ArrayList<>()).add(scores.get(i));
        }
        Map<String, Scores> out = new LinkedHashMap<>();
        groups.forEach((k, v) -> out.put(k, Scores.average(v)));
        return out;
    }

    private static String examples(List<String> ids) {
        return ids.isEmpty() ? "none" : String.join(", ", ids.subList(0, Math.min(EXAMPLES, ids.size())))
                + (ids.size() > EXAMPLES ? ", ..." : "");
    }
}
