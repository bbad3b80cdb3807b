package dev.lacuna.eval;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.lacuna.BadInputException;
import dev.lacuna.folder.BenchmarkFolder;
import dev.lacuna.folder.BenchmarkIdentity;
import dev.lacuna.folder.Summary;
import dev.lacuna.questions.Question;
import dev.lacuna.questions.SplitChoice;
import dev.lacuna.questions.SplitName;

/**
 * The gold side of an evaluation, read from a benchmark folder written by {@code lacuna build}:
 * {@code questions/{train,valid,test}.jsonl}, {@code summary.json} (kg name and base IRI) and, when
 * entities must be rendered as source ids or labels, {@code entities.tsv}.
 */
public final class Benchmark {

    private final BenchmarkFolder folder;
    private final String kg;
    private final String base;
    /** The splits present; a split is read when first asked for. */
    private final Set<SplitName> present;
    private final Map<SplitName, List<Question>> splits = new EnumMap<>(SplitName.class);
    private Map<String, Question> byId;
    private String identity;

    private Benchmark(BenchmarkFolder folder, String kg, String base, Set<SplitName> present) {
        this.folder = folder;
        this.kg = kg;
        this.base = base;
        this.present = present;
    }

    /**
     * Finds the question files (at least one must exist) and reads summary.json when present. Question files
     * are read lazily: scoring the test split of a large benchmark does not parse its training questions
     * unless a prediction's id has to be looked up there.
     */
    public static Benchmark load(Path dir) {
        BenchmarkFolder folder = BenchmarkFolder.at(dir).requireExists();
        Set<SplitName> splits = EnumSet.noneOf(SplitName.class);
        for (SplitName split : SplitName.values()) {
            if (folder.hasQuestions(split)) {
                splits.add(split);
            }
        }
        if (splits.isEmpty()) {
            throw new BadInputException(dir.toString(), -1, -1,
                    "not a benchmark folder: no questions/train.jsonl, valid.jsonl or test.jsonl (written by lacuna build)");
        }
        String kg = null;
        String base = null;
        // Scoring needs only the question files; summary.json, when present, names the KG for `answer`.
        if (Files.exists(folder.summaryFile())) {
            Summary summary = folder.summary();
            kg = summary.kg();
            base = summary.base();
        }
        return new Benchmark(folder, kg, base, splits);
    }

    public Path dir() {
        return folder.dir();
    }

    /** Where each file of the folder is. */
    public BenchmarkFolder folder() {
        return folder;
    }

    /** The benchmark's identity: summary.json's, or computed from the question files for a folder without one. */
    public String identity() {
        if (identity == null) {
            identity = BenchmarkIdentity.recordedOrComputed(folder);
        }
        return identity;
    }

    /** The KG name from summary.json, or null. */
    public String kg() {
        return kg;
    }

    /** The base IRI from summary.json, or null. */
    public String base() {
        return base;
    }

    /** Questions of one split, or of every split present for {@link SplitChoice#ALL}. */
    public List<Question> questions(SplitChoice choice) {
        if (choice == SplitChoice.ALL) {
            List<Question> all = new ArrayList<>();
            present.forEach(s -> all.addAll(questions(s)));
            return all;
        }
        return questions(choice.parts().get(0));
    }

    private List<Question> questions(SplitName split) {
        if (!present.contains(split)) {
            throw new BadInputException(folder.questionsFile(split).toString(), -1, -1,
                    "the benchmark has no " + split + " split");
        }
        return splits.computeIfAbsent(split, folder::questions);
    }

    /** A question of any split, or null (reads every split on first use). */
    public Question question(String id) {
        if (byId == null) {
            Map<String, Question> index = new HashMap<>();
            for (Question q : questions(SplitChoice.ALL)) {
                index.put(q.id(), q);
            }
            byId = index;
        }
        return byId.get(id);
    }

    public int size() {
        return questions(SplitChoice.ALL).size();
    }

    /** Names of the given private ids from entities.tsv, read in one pass ({@link BenchmarkFolder#entities(Collection)}). */
    public Map<String, EntityName> entityNames(Collection<String> wanted) {
        Map<String, EntityName> out = new HashMap<>();
        folder.entities(wanted).forEach((id, e) -> out.put(id, new EntityName(e.sourceId(), e.label())));
        return out;
    }

    /** An entity's source id and text label (label empty when the dataset has none). */
    public record EntityName(String sourceId, String label) {
        public String render(EntityForm form, String privateId) {
            return switch (form) {
                case PRIVATE -> privateId;
                case SOURCE -> sourceId;
                case TEXT -> label.isEmpty() ? sourceId : label;
            };
        }
    }
}
