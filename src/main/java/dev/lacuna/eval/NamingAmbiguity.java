package dev.lacuna.eval;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import dev.lacuna.BadInputException;
import dev.lacuna.questions.Question;

/**
 * A naming that two forms resolve is not a naming. On Family, 2,831 of 2,920 source ids are also another entity's
 * private id, so answers written in source ids resolve as private ids too (98.5%), and {@link NamingCheck}'s share
 * cannot tell which form the system wrote: scored as private ids they give Hits@Any 0.016, as source ids 1.000. So
 * when no naming was given, every form is tried on the run's answers, and if more than one resolves most of them
 * to different entities, evaluate stops and says which forms resolve how many. Forms that resolve every answer to the
 * same entity (text labels falling back to source ids on a KG without labels) are one naming, not two.
 */
final class NamingAmbiguity {
    private NamingAmbiguity() {
    }

    static void check(String system, RunSetting setting, String source, Benchmark benchmark, List<SystemOutput> outputs,
            EvaluationSettings settings) {
        if (!Files.isRegularFile(benchmark.folder().entitiesFile())) {
            return;
        }
        Set<String> ids = new HashSet<>();
        for (Question q : benchmark.questions(settings.split())) {
            ids.add(q.id());
        }
        Map<EntityForm, Map<String, Long>> counts = new EnumMap<>(EntityForm.class);
        Map<EntityForm, Map<String, String>> resolvedTo = new EnumMap<>(EntityForm.class);
        for (EntityForm form : EntityForm.values()) {
            Map<String, Long> c = new HashMap<>();
            for (SystemOutput o : outputs) {
                if (ids.contains(o.id())) {
                    Evaluator.predictionSet(o, settings.delimiters(), form).forEach(a -> c.merge(a, 1L, Long::sum));
                }
            }
            counts.put(form, c);
            resolvedTo.put(form, new HashMap<>());
        }
        benchmark.folder().forEachEntity(id -> true, e -> {
            Benchmark.EntityName name = new Benchmark.EntityName(e.sourceId(), e.label());
            counts.forEach((form, c) -> {
                String n = AnswerNormalizer.strict(name.render(form, e.privateId()));
                if (c.containsKey(n)) {
                    resolvedTo.get(form).putIfAbsent(n, e.privateId());
                }
            });
        });
        Map<EntityForm, Resolution> resolutions = new LinkedHashMap<>();
        List<EntityForm> likely = new ArrayList<>();
        for (EntityForm form : EntityForm.values()) {
            Map<String, Long> c = counts.get(form);
            long total = c.values().stream().mapToLong(Long::longValue).sum();
            long resolved = resolvedTo.get(form).keySet().stream().mapToLong(c::get).sum();
            Resolution r = new Resolution(form, total, resolved);
            resolutions.put(form, r);
            if (r.share() != null && r.share() >= NamingCheck.WARN_BELOW) {
                likely.add(form);
            }
        }
        // forms that name every answer's entity alike are one naming
        List<EntityForm> distinct = new ArrayList<>();
        for (EntityForm form : likely) {
            if (distinct.stream().noneMatch(d -> resolvedTo.get(d).equals(resolvedTo.get(form)))) {
                distinct.add(form);
            }
        }
        if (distinct.size() < 2) {
            return;
        }
        StringBuilder m = new StringBuilder(system + " (" + setting + "): the predicted answers name entities of the KG"
                + " under more than one --entities form, each to different entities: ");
        List<String> parts = new ArrayList<>();
        resolutions.forEach((form, r) -> {
            String same = "";
            for (EntityForm d : distinct) {
                if (d != form && likely.contains(form) && !distinct.contains(form)
                        && resolvedTo.get(d).equals(resolvedTo.get(form))) {
                    same = ", the same entities as " + d.label();
                }
            }
            parts.add(form.label() + " " + r.describe() + same);
        });
        m.append(String.join("; ", parts));
        m.append(String.format(Locale.ROOT, ". In this KG the forms overlap (its source ids look like private ids), so the"
                + " answers cannot say which one the system wrote, and the scores differ by form: give --entities %s"
                + " (the form the system was shown), or --export DIR of the export it read", String.join("|",
                distinct.stream().map(EntityForm::label).toList())));
        throw new BadInputException(source, -1, -1, m.toString());
    }
}
