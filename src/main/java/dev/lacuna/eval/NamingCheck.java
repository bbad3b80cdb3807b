package dev.lacuna.eval;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.lacuna.folder.BenchmarkFolder;
import dev.lacuna.questions.Question;

/**
 * Whether a run's answers are written in the names {@code --entities} expects. Scoring GNN-RAG's source ids as text
 * labels gives 0.000 on every metric while every record matches a question: the id coverage cannot see it. So each
 * run counts how many of its predicted answers are the name of some KG entity ({@link Resolution}), and where fewer
 * than {@link #WARN_BELOW} are, every other form is tried on the same records and the best one is named. One answer
 * that names nothing is normal (an LLM's free text); only the share is judged.
 *
 * <p>Names come from entities.tsv, read as a stream: one pass per run, and one more for the other forms when a run
 * is warned about. A benchmark without entities.tsv (scored in private ids only) is not checked.
 */
public final class NamingCheck {
    /** Below this share of resolved answers, {@code evaluate} warns. */
    public static final double WARN_BELOW = 0.5;

    private NamingCheck() {
    }

    /** The run's resolution in its own form, or null when the benchmark has no entities.tsv to resolve against. */
    static Resolution resolve(BenchmarkFolder folder, EntityForm form, List<Set<String>> predicted) {
        Map<EntityForm, Resolution> r = resolve(folder, Map.of(form, predicted));
        return r == null ? null : r.get(form);
    }

    /**
     * Each form's prediction sets resolved in one pass over entities.tsv; null without entities.tsv. Holds only the
     * distinct predicted answers, never the entity table.
     */
    static Map<EntityForm, Resolution> resolve(BenchmarkFolder folder, Map<EntityForm, List<Set<String>>> predicted) {
        if (!Files.isRegularFile(folder.entitiesFile())) {
            return null;
        }
        Map<EntityForm, Map<String, Long>> counts = new EnumMap<>(EntityForm.class);
        Map<EntityForm, Set<String>> found = new EnumMap<>(EntityForm.class);
        predicted.forEach((form, sets) -> {
            Map<String, Long> c = new HashMap<>();
            sets.forEach(set -> set.forEach(a -> c.merge(a, 1L, Long::sum)));
            counts.put(form, c);
            found.put(form, new HashSet<>());
        });
        folder.forEachEntity(id -> true, e -> {
            Benchmark.EntityName name = new Benchmark.EntityName(e.sourceId(), e.label());
            counts.forEach((form, c) -> {
                String n = AnswerNormalizer.strict(name.render(form, e.privateId()));
                if (c.containsKey(n)) {
                    found.get(form).add(n);
                }
            });
        });
        Map<EntityForm, Resolution> out = new EnumMap<>(EntityForm.class);
        counts.forEach((form, c) -> {
            long total = c.values().stream().mapToLong(Long::longValue).sum();
            long resolved = found.get(form).stream().mapToLong(c::get).sum();
            out.put(form, new Resolution(form, total, resolved));
        });
        return out;
    }

    /**
     * The run's records resolved in every form but its own, each split as that form would split it (ids on spaces too,
     * labels not); empty without entities.tsv.
     */
    static List<Resolution> others(Resolution own, Benchmark benchmark, List<SystemOutput> outputs,
                                   EvaluationSettings settings) {
        Set<String> ids = new HashSet<>();
        for (Question q : benchmark.questions(settings.split())) {
            ids.add(q.id());
        }
        Map<EntityForm, List<Set<String>>> others = new EnumMap<>(EntityForm.class);
        for (EntityForm form : EntityForm.values()) {
            if (form == own.entities()) {
                continue;
            }
            List<Set<String>> sets = new ArrayList<>();
            for (SystemOutput o : outputs) {
                if (ids.contains(o.id())) {
                    sets.add(Evaluator.predictionSet(o, settings.delimiters(), form));
                }
            }
            others.put(form, sets);
        }
        Map<EntityForm, Resolution> resolved = resolve(benchmark.folder(), others);
        return resolved == null ? List.of() : List.copyOf(resolved.values());
    }

    /** Whether a run's resolution is low enough to warn about. */
    public static boolean low(Resolution r) {
        return r != null && r.share() != null && r.share() < WARN_BELOW;
    }

    /**
     * The warning for one run whose answers mostly name no entity, or null. The other forms are tried on the same
     * records, each split as that form would split it (ids on spaces too, labels not).
     */
    static String warning(String system, RunSetting setting, Resolution own, Benchmark benchmark, List<SystemOutput> outputs,
            EvaluationSettings settings) {
        if (!low(own)) {
            return null;
        }
        Resolution best = null;
        for (Resolution r : others(own, benchmark, outputs, settings)) {
            if (r.share() != null && r.share() > own.share() && (best == null || r.share() > best.share())) {
                best = r;
            }
        }
        String head = system + " (" + setting + "): only " + own.describe() + " predicted answers name an entity of the KG"
                + " as --entities " + own.entities().label() + " writes them";
        if (best == null) {
            return head + "; no other --entities form names more (free text that names no entity is normal for an LLM, "
                    + "but check that the answers are entity names)";
        }
        return head + "; with --entities " + best.entities().label() + ", " + best.describe() + " do: score with --entities "
                + best.entities().label() + ", or give --export DIR to take the naming from the export";
    }
}
