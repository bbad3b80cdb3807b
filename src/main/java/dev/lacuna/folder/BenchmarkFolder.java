package dev.lacuna.folder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;

import dev.lacuna.BadInputException;
import dev.lacuna.Json;
import dev.lacuna.questions.QuestionFiles;
import dev.lacuna.questions.SplitName;
import dev.lacuna.store.GraphRole;

/**
 * The layout of a benchmark folder, known here and nowhere else: which file holds what, how summary.json is read
 * and checked, and how the folder is written (all at once, through {@link OutputFolder}). {@code lacuna build}
 * writes it; verify, answer, evaluate and export read it.
 *
 * <pre>
 * summary.json  entities.tsv  rules.tsv  graphs.json  benchmark.trig
 * kg/complete.tsv  kg/incomplete.tsv  kg/removed.tsv
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

    public Path trigFile() {
        return dir.resolve(TRIG);
    }

    public Path kgFolder() {
        return dir.resolve(KG);
    }

    /** kg/complete.tsv or kg/incomplete.tsv. */
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
            JsonNode tree = Json.strict().readTree(Files.readString(file));
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
