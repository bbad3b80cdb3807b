package dev.lacuna.eval;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.lacuna.BadInputException;
import dev.lacuna.folder.BenchmarkFolder;
import dev.lacuna.folder.Summary;
import dev.lacuna.questions.Question;
import dev.lacuna.questions.QuestionFiles;
import dev.lacuna.questions.SplitChoice;
import dev.lacuna.questions.SplitName;

/**
 * The gold side of an evaluation, read from a benchmark folder written by {@code lacuna build}:
 * {@code questions/{train,valid,test}.jsonl}, {@code summary.json} (kg name and base IRI) and, when
 * entities must be rendered as source ids or labels, {@code entities.tsv}.
 */
public final class Benchmark {

    private final Path dir;
    private final String kg;
    private final String base;
    /** The question file of each split present; a split is read when first asked for. */
    private final Map<SplitName, Path> files;
    private final Map<SplitName, List<Question>> splits = new HashMap<>();
    private Map<String, Question> byId;

    private Benchmark(Path dir, String kg, String base, Map<SplitName, Path> files) {
        this.dir = dir;
        this.kg = kg;
        this.base = base;
        this.files = files;
    }

    /**
     * Finds the question files (at least one must exist) and reads summary.json when present. Question files
     * are read lazily: scoring the test split of a large benchmark does not parse its training questions
     * unless a prediction's id has to be looked up there.
     */
    public static Benchmark load(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new BadInputException(dir.toString(), -1, -1, "benchmark folder does not exist");
        }
        Map<SplitName, Path> splits = new LinkedHashMap<>();
        for (SplitName split : SplitName.values()) {
            Path file = QuestionFiles.file(dir, split);
            if (Files.exists(file)) {
                splits.put(split, file);
            }
        }
        if (splits.isEmpty()) {
            throw new BadInputException(dir.toString(), -1, -1,
                    "not a benchmark folder: no questions/train.jsonl, valid.jsonl or test.jsonl (written by lacuna build)");
        }
        String kg = null;
        String base = null;
        BenchmarkFolder folder = BenchmarkFolder.at(dir);
        // Scoring needs only the question files; summary.json, when present, names the KG for `answer`.
        if (Files.exists(folder.summaryFile())) {
            Summary summary = folder.summary();
            kg = summary.kg();
            base = summary.base();
        }
        return new Benchmark(dir, kg, base, splits);
    }

    /** One split's questions, read strictly by {@link QuestionFiles}; a question without a split gets its file's. */
    private static List<Question> readQuestions(Path file, SplitName split) {
        List<Question> out = new ArrayList<>();
        for (Question q : QuestionFiles.readJsonl(file)) {
            out.add(q.split() == null ? q.withSplit(split) : q);
        }
        return out;
    }

    public Path dir() {
        return dir;
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
            files.keySet().forEach(s -> all.addAll(questions(s)));
            return all;
        }
        return questions(choice.parts().get(0));
    }

    private List<Question> questions(SplitName split) {
        Path file = files.get(split);
        if (file == null) {
            throw new BadInputException(QuestionFiles.file(dir, split).toString(), -1, -1,
                    "the benchmark has no " + split + " split");
        }
        return splits.computeIfAbsent(split, s -> readQuestions(file, s));
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

    /**
     * Names of the given private ids from entities.tsv ({@code private_id<TAB>source_id<TAB>label} after a
     * header line). Only the wanted ids are kept, so a Wikidata5m-sized file costs one pass, not a map of
     * millions.
     */
    public Map<String, EntityName> entityNames(Collection<String> wanted) {
        Path file = BenchmarkFolder.at(dir).entitiesFile();
        if (!Files.exists(file)) {
            throw new BadInputException(file.toString(), -1, -1,
                    "entities.tsv is missing: it is needed to render answers as source ids or labels");
        }
        Set<String> want = Set.copyOf(wanted);
        Map<String, EntityName> out = new HashMap<>();
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line = r.readLine();
            if (line == null || !line.startsWith("private_id\t")) {
                throw new BadInputException(file.toString(), 1, -1,
                        "expected the header private_id<TAB>source_id<TAB>label");
            }
            long n = 1;
            while ((line = r.readLine()) != null) {
                n++;
                if (line.isEmpty()) {
                    continue;
                }
                int t1 = line.indexOf('\t');
                if (t1 < 0) {
                    throw new BadInputException(file.toString(), n, -1, "expected private_id<TAB>source_id[<TAB>label]");
                }
                String id = line.substring(0, t1);
                if (!want.contains(id)) {
                    continue;
                }
                int t2 = line.indexOf('\t', t1 + 1);
                String source = t2 < 0 ? line.substring(t1 + 1) : line.substring(t1 + 1, t2);
                String label = t2 < 0 ? "" : line.substring(t2 + 1);
                out.put(id, new EntityName(source, label));
            }
        } catch (IOException e) {
            throw new BadInputException(file.toString(), -1, -1, "cannot read: " + e.getMessage(), e);
        }
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
