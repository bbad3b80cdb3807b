package dev.lacuna.export;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;


import dev.lacuna.BadInputException;
import dev.lacuna.folder.Summary;
import dev.lacuna.questions.Question;
import dev.lacuna.questions.QuestionFiles;
import dev.lacuna.questions.SplitName;
import dev.lacuna.store.KgGraphs;

/**
 * A benchmark folder written by {@code lacuna build}, checked before anything is exported: every file the
 * export needs is present, entities.tsv has its header, and the graph files hold as many triples as
 * summary.json says. A folder from another version of the build (or edited by hand) fails here, with the file
 * named, before a single output byte is written. Export reads only the folder, never the store: a user who was
 * given a benchmark folder can export it without the KG's store.
 */
public final class BenchmarkFolder {
    private static final String HEADER = "private_id\tsource_id\tlabel";

    /** One row of entities.tsv. */
    public record Entity(String privateId, String sourceId, String label) {
    }

    private final Path dir;
    private final KgGraphs kg;
    private final Map<String, Entity> entities;
    private final Map<String, List<Question>> questions;
    private final List<String[]> removed;

    private BenchmarkFolder(Path dir, KgGraphs kg, Map<String, Entity> entities, Map<String, List<Question>> questions,
            List<String[]> removed) {
        this.dir = dir;
        this.kg = kg;
        this.entities = entities;
        this.questions = questions;
        this.removed = removed;
    }

    public static BenchmarkFolder read(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new BadInputException(dir.toString(), -1, -1, "benchmark folder does not exist");
        }
        dev.lacuna.folder.BenchmarkFolder layout = dev.lacuna.folder.BenchmarkFolder.at(dir);
        Summary summary = layout.summary();
        String name = text(summary.kg(), "kg", dir);
        String base = text(summary.base(), "base", dir);
        Summary.Triples counts = summary.triples() == null ? new Summary.Triples(null, null, null) : summary.triples();
        Map<String, Entity> entities = entities(layout.entitiesFile());
        for (String graph : new String[] {"complete", "incomplete", "removed"}) {
            Path file = layout.kgFolder().resolve(graph + ".tsv");
            long expected = count(switch (graph) {
                case "complete" -> counts.complete();
                case "incomplete" -> counts.incomplete();
                default -> counts.removed();
            }, "triples." + graph, dir);
            long[] seen = {0};
            triples(file, entities, t -> seen[0]++);
            if (seen[0] != expected) {
                throw anotherVersion(file, file.getFileName() + " has " + seen[0] + " triples, summary.json says " + expected);
            }
        }
        List<String[]> removed = new ArrayList<>();
        triples(layout.removedFile(), entities, removed::add);
        Map<String, List<Question>> questions = new LinkedHashMap<>();
        long total = 0;
        for (SplitName split : SplitName.values()) {
            Path file = QuestionFiles.file(dir, split);
            if (!Files.exists(file)) {
                throw new BadInputException(file.toString(), -1, -1, "missing: a benchmark folder has all three splits");
            }
            List<Question> qs = new ArrayList<>();
            for (Question q : QuestionFiles.readJsonl(file)) {
                checkEntities(file, qs.size(), q, entities);
                qs.add(q.split() == null ? q.withSplit(split) : q);
            }
            questions.put(split.label(), Collections.unmodifiableList(qs));
            total += qs.size();
        }
        long expected = count(summary.questions() == null ? null : summary.questions().total(), "questions.total", dir);
        if (total != expected) {
            throw anotherVersion(dir.resolve("questions"), "the splits hold " + total + " questions, summary.json says " + expected);
        }
        return new BenchmarkFolder(dir, new KgGraphs(base, name), entities, questions, removed);
    }

    public Path dir() {
        return dir;
    }

    public KgGraphs kg() {
        return kg;
    }

    /** The entity table, keyed by private id, in private-id order. */
    public Map<String, Entity> entities() {
        return entities;
    }

    public Entity entity(String privateId) {
        return entities.get(privateId);
    }

    /** Questions per split (train, valid, test). */
    public Map<String, List<Question>> questions() {
        return questions;
    }

    /** The deleted head triples, {head, relation, tail} in private ids. */
    public List<String[]> removed() {
        return removed;
    }

    /** Streams one graph file ("complete", "incomplete" or "removed") as {head, relation, tail}. */
    public void forEachTriple(String graph, Consumer<String[]> sink) {
        triples(dev.lacuna.folder.BenchmarkFolder.at(dir).kgFolder().resolve(graph + ".tsv"), entities, sink);
    }

    /**
     * A question every export can write: it has answers (GNN-RAG scores a question without any as a hit) and its
     * topic and answers are rows of entities.tsv (the exports name them, and GNN-RAG looks every one up).
     */
    private static void checkEntities(Path file, int index, Question q, Map<String, Entity> entities) {
        String problem = null;
        if (q.answers() == null || q.answers().isEmpty()) {
            problem = "question " + q.id() + " has no answers";
        } else if (!entities.containsKey(q.topicEntity())) {
            problem = "question " + q.id() + ": topic entity " + q.topicEntity() + " is not in entities.tsv";
        } else {
            for (String a : q.answers()) {
                if (!entities.containsKey(a)) {
                    problem = "question " + q.id() + ": answer " + a + " is not in entities.tsv";
                    break;
                }
            }
        }
        if (problem != null) {
            throw new BadInputException(file.toString(), lineOf(file, index), -1, problem);
        }
    }

    /** The line of the question at this position (blank lines hold none). */
    private static long lineOf(Path file, int index) {
        try {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            for (int i = 0, seen = 0; i < lines.size(); i++) {
                if (!lines.get(i).isBlank() && seen++ == index) {
                    return i + 1;
                }
            }
        } catch (IOException e) {
            // the message still names the file and the question
        }
        return -1;
    }

    private static BadInputException anotherVersion(Path file, String problem) {
        return new BadInputException(file.toString(), -1, -1, problem
                + ": the folder was written by another version of lacuna build or edited; rebuild it");
    }

    private static String text(String value, String field, Path dir) {
        if (value == null) {
            throw anotherVersion(dir.resolve(dev.lacuna.folder.BenchmarkFolder.SUMMARY), "no " + field + " field");
        }
        return value;
    }

    private static long count(Long value, String field, Path dir) {
        if (value == null) {
            throw anotherVersion(dir.resolve(dev.lacuna.folder.BenchmarkFolder.SUMMARY), "no " + field + " count");
        }
        return value;
    }

    private static Map<String, Entity> entities(Path file) {
        if (!Files.exists(file)) {
            throw new BadInputException(file.toString(), -1, -1, "missing: the entity table is needed for every label setting");
        }
        Map<String, Entity> out = new LinkedHashMap<>();
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line = r.readLine();
            if (line == null || !line.equals(HEADER)) {
                throw anotherVersion(file, "expected the header private_id<TAB>source_id<TAB>label");
            }
            long n = 1;
            while ((line = r.readLine()) != null) {
                n++;
                String[] f = line.split("\t", -1);
                if (f.length != 3 || f[0].isEmpty()) {
                    throw new BadInputException(file.toString(), n, -1, "expected private_id<TAB>source_id<TAB>label");
                }
                // Exports number entities by private id and name IRIs with it: it must be a canonical number.
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

    private static void triples(Path file, Map<String, Entity> entities, Consumer<String[]> sink) {
        if (!Files.exists(file)) {
            throw new BadInputException(file.toString(), -1, -1, "missing: not a complete benchmark folder");
        }
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
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
}
