package dev.lacuna.export;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.lacuna.folder.BenchmarkFolder;
import dev.lacuna.folder.CheckedFolder;
import dev.lacuna.questions.Question;
import dev.lacuna.view.KgView;
import dev.lacuna.view.LabelMode;

/**
 * Entity names in one label setting (the paper's section 5.4), the same as {@code serve --labels} gives them
 * (both go through {@link KgView#entityName}). Questions, answers and topic entities are renamed with the graph,
 * so a question never names an entity in another setting than the graph it is asked over.
 *
 * <p>Why this matters: Family's source ids are small numbers, and 2,834 of its 2,920 private ids are also some
 * other entity's source id. "aunt of 2783" read against a source-named graph points at the wrong person. An
 * export therefore never mixes settings, records its setting in export.json, and counts the collisions
 * ({@link #collisions()}) so that a user who reads a name knows which setting it belongs to.
 */
public final class Names {
    private final LabelMode labels;
    private final Map<String, String> names = new HashMap<>();
    private final int fallbacks;
    private final int collisions;
    private final int ambiguous;

    public Names(CheckedFolder folder, LabelMode labels) {
        this.labels = labels;
        int fallback = 0;
        Map<String, Integer> uses = new HashMap<>();
        for (BenchmarkFolder.Entity e : folder.entities().values()) {
            String name = KgView.entityName(labels, e.privateId(), e.sourceId(), e.label());
            if (labels == LabelMode.TEXT && e.label().isEmpty()) {
                fallback++;
            }
            names.put(e.privateId(), name);
            uses.merge(name, 1, Integer::sum);
        }
        int clash = 0;
        if (labels != LabelMode.PRIVATE) {
            for (Map.Entry<String, String> e : names.entrySet()) {
                BenchmarkFolder.Entity other = folder.entity(e.getValue());
                if (other != null && !other.privateId().equals(e.getKey())) {
                    clash++;
                }
            }
        }
        this.fallbacks = fallback;
        this.collisions = clash;
        this.ambiguous = (int) uses.values().stream().filter(n -> n > 1).count();
    }

    public LabelMode labels() {
        return labels;
    }

    public String of(String privateId) {
        String n = names.get(privateId);
        return n == null ? privateId : n;
    }

    public List<String> of(List<String> privateIds) {
        List<String> out = new ArrayList<>(privateIds.size());
        privateIds.forEach(id -> out.add(of(id)));
        return out;
    }

    /** Entities named by their source id in the text setting because the KG has no label for them. */
    public int fallbacks() {
        return fallbacks;
    }

    /** Names in this setting that are also another entity's private id (the "aunt of 2783" trap). */
    public int collisions() {
        return collisions;
    }

    /** Names shared by more than one entity in this setting (text labels need not be unique). */
    public int ambiguous() {
        return ambiguous;
    }

    /**
     * The question's text with its topic entity renamed: every whole-token occurrence of the topic's private id
     * (templates and LLM questions both name it) becomes its name in this setting. Returns null when the text
     * does not name the topic at all, so the caller can count it.
     */
    public String questionText(Question q) {
        if (labels == LabelMode.PRIVATE) {
            return q.question();
        }
        return q.namesTopic() ? q.textNamingTopic(of(q.topicEntity())) : null;
    }

    /** The text, renamed where it names the topic, else unchanged. */
    public String questionTextOrSame(Question q) {
        String t = questionText(q);
        return t == null ? q.question() : t;
    }
}
