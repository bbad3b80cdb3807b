package dev.lacuna.folder;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import dev.lacuna.BadInputException;
import dev.lacuna.questions.Question;
import dev.lacuna.questions.SplitName;
import dev.lacuna.store.GraphRole;
import dev.lacuna.store.KgGraphs;

/**
 * A benchmark folder read whole through {@link BenchmarkFolder} and checked before anything is made from it: every
 * file is present, entities.tsv has its header, the graph files hold as many triples as summary.json says, and
 * every question has answers and names only entities of the table. A folder from another version of the build (or
 * edited by hand) fails here, with the file named, before a single output byte is written. Export reads only this,
 * never the store: a user who was given a benchmark folder can export it without the KG's store.
 */
public final class CheckedFolder {
    private final BenchmarkFolder layout;
    private final KgGraphs kg;
    private final Map<String, BenchmarkFolder.Entity> entities;
    private final Map<SplitName, List<Question>> questions;
    private final List<String[]> removed;

    private CheckedFolder(BenchmarkFolder layout, KgGraphs kg, Map<String, BenchmarkFolder.Entity> entities,
            Map<SplitName, List<Question>> questions, List<String[]> removed) {
        this.layout = layout;
        this.kg = kg;
        this.entities = entities;
        this.questions = questions;
        this.removed = removed;
    }

    public static CheckedFolder read(Path dir) {
        BenchmarkFolder layout = BenchmarkFolder.at(dir).requireExists();
        Summary summary = layout.summary();
        String name = text(summary.kg(), "kg", layout);
        String base = text(summary.base(), "base", layout);
        Summary.Triples counts = summary.triples() == null ? new Summary.Triples(null, null, null) : summary.triples();
        Map<String, BenchmarkFolder.Entity> entities = layout.entities();
        checkCount(layout.graphFile(GraphRole.COMPLETE), count(counts.complete(), "triples.complete", layout),
                sink -> layout.forEachTriple(GraphRole.COMPLETE, entities, sink));
        checkCount(layout.graphFile(GraphRole.INCOMPLETE), count(counts.incomplete(), "triples.incomplete", layout),
                sink -> layout.forEachTriple(GraphRole.INCOMPLETE, entities, sink));
        if (summary.brokenGraphs() != null) {
            for (Map.Entry<String, Summary.BrokenGraph> g : summary.brokenGraphs().entrySet()) {
                GraphRole role = GraphRole.parse(g.getKey(), "summary.json broken_graphs");
                checkCount(layout.graphFile(role), count(g.getValue().triples(), "broken_graphs." + g.getKey()
                        + ".triples", layout), sink -> layout.forEachTriple(role, entities, sink));
            }
        }
        checkCount(layout.removedFile(), count(counts.removed(), "triples.removed", layout),
                sink -> layout.forEachRemoved(entities, sink));
        List<String[]> removed = new ArrayList<>();
        layout.forEachRemoved(entities, removed::add);
        Map<SplitName, List<Question>> questions = new EnumMap<>(SplitName.class);
        long total = 0;
        for (SplitName split : SplitName.values()) {
            Path file = layout.questionsFile(split);
            if (!layout.hasQuestions(split)) {
                throw new BadInputException(file.toString(), -1, -1, "missing: a benchmark folder has all three splits");
            }
            List<Question> qs = layout.questions(split);
            for (int i = 0; i < qs.size(); i++) {
                checkEntities(file, i, qs.get(i), entities);
            }
            questions.put(split, Collections.unmodifiableList(qs));
            total += qs.size();
        }
        long expected = count(summary.questions() == null ? null : summary.questions().total(), "questions.total", layout);
        if (total != expected) {
            throw BenchmarkFolder.anotherVersion(dir.resolve("questions"),
                    "the splits hold " + total + " questions, summary.json says " + expected);
        }
        return new CheckedFolder(layout, new KgGraphs(base, name), entities, Collections.unmodifiableMap(questions), removed);
    }

    /** Where each file is. */
    public BenchmarkFolder layout() {
        return layout;
    }

    public Path dir() {
        return layout.dir();
    }

    public KgGraphs kg() {
        return kg;
    }

    /** The entity table, keyed by private id, in the file's (private-id) order. */
    public Map<String, BenchmarkFolder.Entity> entities() {
        return entities;
    }

    public BenchmarkFolder.Entity entity(String privateId) {
        return entities.get(privateId);
    }

    /** Questions per split, train, valid, test in that order. */
    public Map<SplitName, List<Question>> questions() {
        return questions;
    }

    /** How many questions the three splits hold. */
    public int questionCount() {
        return questions.values().stream().mapToInt(List::size).sum();
    }

    /** The deleted head triples, {head, relation, tail} in private ids. */
    public List<String[]> removed() {
        return removed;
    }

    /** Streams one graph file as {head, relation, tail}. */
    public void forEachTriple(GraphRole graph, Consumer<String[]> sink) {
        layout.forEachTriple(graph, entities, sink);
    }

    /**
     * A question every export can write: it has answers (GNN-RAG scores a question without any as a hit) and its
     * topic and answers are rows of entities.tsv (the exports name them, and GNN-RAG looks every one up).
     */
    private static void checkEntities(Path file, int index, Question q, Map<String, BenchmarkFolder.Entity> entities) {
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

    /** Reads one graph file and holds its triple count against summary.json's. */
    private static void checkCount(Path file, long expected, Consumer<Consumer<String[]>> read) {
        long[] seen = {0};
        read.accept(t -> seen[0]++);
        if (seen[0] != expected) {
            throw BenchmarkFolder.anotherVersion(file, file.getFileName() + " has " + seen[0] + " triples, summary.json says " + expected);
        }
    }

    private static String text(String value, String field, BenchmarkFolder layout) {
        if (value == null) {
            throw BenchmarkFolder.anotherVersion(layout.summaryFile(), "no " + field + " field");
        }
        return value;
    }

    private static long count(Long value, String field, BenchmarkFolder layout) {
        if (value == null) {
            throw BenchmarkFolder.anotherVersion(layout.summaryFile(), "no " + field + " count");
        }
        return value;
    }
}
