package dev.lacuna.folder;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Predicate;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;

import dev.lacuna.BadInputException;
import dev.lacuna.LineReader;
import dev.lacuna.Json;
import dev.lacuna.questions.Question;
import dev.lacuna.questions.QuestionFiles;
import dev.lacuna.questions.SplitName;
import dev.lacuna.store.GraphRole;
import dev.lacuna.store.KgGraphs;

/**
 * The layout of a benchmark folder, known here and nowhere else: which file holds what, how each file is read
 * (summary.json as {@link Summary}, entities.tsv as {@link Entity} rows, the graph files as triples, the question
 * files as {@link Question}s) and how the folder is written (all at once, through {@link OutputFolder}).
 * {@code lacuna build} writes it; verify, answer, evaluate and export read it, export through
 * {@link CheckedFolder}, which reads it whole and holds its files against summary.json.
 *
 * <pre>
 * summary.json  entities.tsv  rules.tsv  graphs.json  benchmark.trig
 * kg/complete.tsv  kg/incomplete.tsv  kg/removed.tsv  [kg/replaced.tsv  kg/noisy.tsv]
 * questions/train.jsonl  questions/valid.jsonl  questions/test.jsonl
 * </pre>
 */
public final class BenchmarkFolder {
    public static final String SUMMARY = "summary.json";
    public static final String ENTITIES = "entities.tsv";
    public static final String RULES = "rules.tsv";
    public static final String GRAPHS = "graphs.json";
    public static final String TRIG = "benchmark.trig";
    public static final String KG = "kg";
    private static final String ENTITIES_HEADER = "private_id\tsource_id\tlabel";

    /** One row of entities.tsv: an entity's private id, its id in the source KG, and its text label (may be empty). */
    public record Entity(String privateId, String sourceId, String label) {
    }

    /** The only folders {@code build --force} replaces: earlier benchmarks. */
    public static final OutputFolder.Replaceable REPLACEABLE = new OutputFolder.Replaceable(
            "a Lacuna benchmark (no summary.json written by lacuna build)", BenchmarkFolder::isBenchmark);

    private final Path dir;

    private BenchmarkFolder(Path dir) {
        this.dir = dir;
    }

    /** The folder at {@code dir}; nothing is read yet. */
    public static BenchmarkFolder at(Path dir) {
        return new BenchmarkFolder(dir);
    }

    public Path dir() {
        return dir;
    }

    public Path summaryFile() {
        return dir.resolve(SUMMARY);
    }

    public Path entitiesFile() {
        return dir.resolve(ENTITIES);
    }

    public Path rulesFile() {
        return dir.resolve(RULES);
    }

    public Path graphsFile() {
        return dir.resolve(GRAPHS);
    }

    /** Writes graphs.json: the folder's record of the graphs it was built from. Deterministic: names only, no paths. */
    public void writeGraphsFile(KgGraphs kg) throws IOException {
        Files.writeString(graphsFile(), graphsJson(kg));
    }

    /** The text of graphs.json for a KG's graphs, as build writes it and verify expects it. */
    public static String graphsJson(KgGraphs kg) throws IOException {
        Map<String, String> graphs = new LinkedHashMap<>();
        graphs.put("kg", kg.name());
        graphs.put("complete", kg.complete().stringValue());
        graphs.put("incomplete", kg.incomplete().stringValue());
        graphs.put("labels", kg.labels().stringValue());
        graphs.put("benchmark", kg.benchmark().stringValue());
        return Json.pretty().writeValueAsString(graphs);
    }

    public Path trigFile() {
        return dir.resolve(TRIG);
    }

    public Path kgFolder() {
        return dir.resolve(KG);
    }

    /** kg/complete.tsv, kg/incomplete.tsv, or a broken graph's kg/replaced.tsv or kg/noisy.tsv. */
    public Path graphFile(GraphRole role) {
        return kgFolder().resolve(role.label() + ".tsv");
    }

    /** kg/removed.tsv: the deleted head triples. */
    public Path removedFile() {
        return kgFolder().resolve("removed.tsv");
    }

    public Path questionsFile(SplitName split) {
        return QuestionFiles.file(dir, split);
    }

    /**
     * Every file lacuna build writes into the folder, and nothing else: verify names any other file as unknown. A
     * new file of the layout is one line here.
     */
    public List<Path> files() {
        List<Path> files = new ArrayList<>(List.of(summaryFile(), entitiesFile(), rulesFile(), graphsFile(), trigFile(),
                graphFile(GraphRole.COMPLETE), graphFile(GraphRole.INCOMPLETE), removedFile()));
        // The broken graphs' files exist only in a folder built with --break or --noise.
        for (GraphRole role : GraphRole.values()) {
            if (role.broken() && Files.exists(graphFile(role))) {
                files.add(graphFile(role));
            }
        }
        for (SplitName split : SplitName.values()) {
            files.add(questionsFile(split));
        }
        return files;
    }

    /** Refuses (exit 2) a path that is not a folder. */
    public BenchmarkFolder requireExists() {
        if (!Files.isDirectory(dir)) {
            throw new BadInputException(dir.toString(), -1, -1, "benchmark folder does not exist");
        }
        return this;
    }

    /**
     * summary.json, bound to {@link Summary}. A folder written before the file had a {@code format} field, or by a
     * newer Lacuna, is refused (exit 2) rather than misread.
     */
    public Summary summary() {
        Path file = summaryFile();
        if (!Files.isRegularFile(file)) {
            throw new BadInputException(file.toString(), -1, -1, "missing: not a benchmark folder written by lacuna build");
        }
        try {
            String text = Files.readString(file);
            // a byte order mark is skipped here as in every other file Lacuna reads
            JsonNode tree = Json.strict().readTree(text.startsWith("\uFEFF") ? text.substring(1) : text);
            JsonNode format = tree == null ? null : tree.get("format");
            if (format == null || !format.canConvertToInt()) {
                throw new BadInputException(file.toString(), -1, -1, "no format field: the folder was written by another"
                        + " version of lacuna build (an older one, before summary.json had a format); rebuild it");
            }
            if (format.asInt() != Summary.FORMAT) {
                throw new BadInputException(file.toString(), -1, -1, "format " + format.asInt() + ", this lacuna reads "
                        + "format " + Summary.FORMAT + ": the folder was written by another version of lacuna build;"
                        + " rebuild it or use that version");
            }
            return Json.mapper().treeToValue(tree, Summary.class);
        } catch (JsonProcessingException e) {
            throw new BadInputException(file.toString(), e.getLocation() == null ? -1 : e.getLocation().getLineNr(),
                    e.getLocation() == null ? -1 : e.getLocation().getColumnNr(), "malformed: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new BadInputException(file.toString(), -1, -1, "cannot read: " + e.getMessage(), e);
        }
    }

    /**
     * entities.tsv, strictly: its header, three columns a row, canonical numbers as private ids (exports number
     * entities and name IRIs by them), each once. Keyed by private id, in file order.
     */
    public Map<String, Entity> entities() {
        Path file = entitiesFile();
        if (!Files.exists(file)) {
            throw new BadInputException(file.toString(), -1, -1, "missing: the entity table is needed for every label setting");
        }
        Map<String, Entity> out = new LinkedHashMap<>();
        try (LineReader r = LineReader.open(file)) {
            String line = r.readLine();
            if (line == null || !line.equals(ENTITIES_HEADER)) {
                throw anotherVersion(file, "expected the header private_id<TAB>source_id<TAB>label");
            }
            long n = 1;
            while ((line = r.readLine()) != null) {
                n++;
                String[] f = line.split("\t", -1);
                if (f.length != 3 || f[0].isEmpty()) {
                    throw new BadInputException(file.toString(), n, -1, "expected private_id<TAB>source_id<TAB>label");
                }
                if (!f[0].matches("0|[1-9][0-9]{0,17}")) {
                    throw new BadInputException(file.toString(), n, 1, "private id '" + f[0] + "' is not a number");
                }
                if (out.put(f[0], new Entity(f[0], f[1], f[2])) != null) {
                    throw new BadInputException(file.toString(), n, 1, "private id " + f[0] + " is listed twice");
                }
            }
        } catch (IOException e) {
            throw new BadInputException(file.toString(), -1, -1, "cannot read: " + e.getMessage(), e);
        }
        return Collections.unmodifiableMap(out);
    }

    /**
     * The rows of entities.tsv for the wanted private ids only, in one pass: a Wikidata5m-sized table costs no map
     * of millions. Lenient where evaluation can be (blank lines, a missing label column), since it only renders
     * answers.
     */
    public Map<String, Entity> entities(Collection<String> wanted) {
        Set<String> want = Set.copyOf(wanted);
        Map<String, Entity> out = new HashMap<>();
        forEachEntity(want::contains, e -> out.put(e.privateId(), e));
        return out;
    }

    /**
     * Streams the rows of entities.tsv whose private id passes {@code wanted}, leniently as {@link #entities(Collection)}
     * reads them: evaluation holds no table of a Wikidata5m-sized KG to look its names up.
     */
    public void forEachEntity(Predicate<String> wanted, Consumer<Entity> sink) {
        Path file = entitiesFile();
        if (!Files.exists(file)) {
            throw new BadInputException(file.toString(), -1, -1,
                    "entities.tsv is missing: it is needed to render answers as source ids or labels");
        }
        try (LineReader r = LineReader.open(file)) {
            String line = r.readLine();
            if (line != null && line.startsWith("\uFEFF")) {
                line = line.substring(1); // a byte order mark, skipped as in every file Lacuna reads
            }
            if (line == null || !line.startsWith("private_id\t")) {
                throw new BadInputException(file.toString(), 1, -1, "expected the header private_id<TAB>source_id<TAB>label");
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
                if (!wanted.test(id)) {
                    continue;
                }
                int t2 = line.indexOf('\t', t1 + 1);
                String source = t2 < 0 ? line.substring(t1 + 1) : line.substring(t1 + 1, t2);
                String label = t2 < 0 ? "" : line.substring(t2 + 1);
                sink.accept(new Entity(id, source, label));
            }
        } catch (IOException e) {
            throw new BadInputException(file.toString(), -1, -1, "cannot read: " + e.getMessage(), e);
        }
    }

    /** Streams kg/complete.tsv or kg/incomplete.tsv as {head, relation, tail}; see {@link #forEachTriple(Path, Map, Consumer)}. */
    public void forEachTriple(GraphRole role, Map<String, Entity> entities, Consumer<String[]> sink) {
        forEachTriple(graphFile(role), entities, sink);
    }

    /** Streams kg/removed.tsv, the deleted head triples, as {head, relation, tail}. */
    public void forEachRemoved(Map<String, Entity> entities, Consumer<String[]> sink) {
        forEachTriple(removedFile(), entities, sink);
    }

    /** Each line of a graph file as {head, relation, tail}; both entities must be rows of {@code entities}. */
    private static void forEachTriple(Path file, Map<String, Entity> entities, Consumer<String[]> sink) {
        if (!Files.exists(file)) {
            throw new BadInputException(file.toString(), -1, -1, "missing: not a complete benchmark folder");
        }
        try (LineReader r = LineReader.open(file)) {
            String line;
            long n = 0;
            while ((line = r.readLine()) != null) {
                n++;
                String[] f = line.split("\t", -1);
                if (f.length != 3) {
                    throw new BadInputException(file.toString(), n, -1, "expected head<TAB>relation<TAB>tail");
                }
                for (int i = 0; i <= 2; i += 2) {
                    if (!entities.containsKey(f[i])) {
                        throw new BadInputException(file.toString(), n, i == 0 ? 1 : f[0].length() + f[1].length() + 3,
                                "entity " + f[i] + " is not in entities.tsv");
                    }
                }
                sink.accept(f);
            }
        } catch (IOException e) {
            throw new BadInputException(file.toString(), -1, -1, "cannot read: " + e.getMessage(), e);
        }
    }

    /** Whether the folder has this split's question file. */
    public boolean hasQuestions(SplitName split) {
        return Files.exists(questionsFile(split));
    }

    /** One split's questions, read strictly by {@link QuestionFiles}; a question without a split gets its file's. */
    public List<Question> questions(SplitName split) {
        List<Question> out = new ArrayList<>();
        for (Question q : QuestionFiles.readJsonl(questionsFile(split))) {
            out.add(q.split() == null ? q.withSplit(split) : q);
        }
        return out;
    }

    /** A refusal for a file that does not match what this version of build writes. */
    static BadInputException anotherVersion(Path file, String problem) {
        return new BadInputException(file.toString(), -1, -1, problem
                + ": the folder was written by another version of lacuna build or edited; rebuild it");
    }

    /** Writes summary.json into a folder being filled (see {@link #write}); indented, with a final newline. */
    public static void writeSummary(Path folder, Summary summary) throws IOException {
        Files.writeString(folder.resolve(SUMMARY), Json.pretty().writeValueAsString(summary) + "\n");
    }

    /**
     * Whether the folder's summary.json has the shape lacuna build writes (a KG name, triple counts and
     * question counts). Checked by shape rather than by the format field so that folders built before it existed
     * can still be replaced with {@code --force}.
     */
    public static boolean isBenchmark(Path dir) {
        Path summary = dir.resolve(SUMMARY);
        if (!Files.isRegularFile(summary)) {
            return false;
        }
        try {
            JsonNode n = Json.mapper().readTree(summary.toFile());
            return n != null && n.path("kg").isTextual() && n.path("triples").path("complete").isNumber()
                    && n.path("triples").path("removed").isNumber() && n.path("questions").path("total").isNumber();
        } catch (IOException e) {
            return false;
        }
    }

    /** Refuses an existing folder unless force (and then only an earlier benchmark); checked before any work. */
    public static void checkTarget(Path dir, boolean force, List<Path> protectedFolders) {
        OutputFolder.checkTarget(dir, force, protectedFolders, REPLACEABLE);
    }

    /** Fills the folder all at once: a killed build leaves no half-written benchmark. */
    public static void write(Path dir, boolean force, OutputFolder.Writer writer) {
        OutputFolder.write(dir, force, REPLACEABLE, writer);
    }
}
