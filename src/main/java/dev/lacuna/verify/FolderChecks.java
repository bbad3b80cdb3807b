package dev.lacuna.verify;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;

import dev.lacuna.BadInputException;
import dev.lacuna.LineReader;
import dev.lacuna.LacunaException;
import dev.lacuna.folder.BenchmarkFolder;
import dev.lacuna.folder.GraphFiles;
import dev.lacuna.folder.Summary;
import dev.lacuna.folder.TrigFile;
import dev.lacuna.grounding.Triple;
import dev.lacuna.questions.Question;
import dev.lacuna.questions.QuestionFiles;
import dev.lacuna.questions.SplitName;
import dev.lacuna.questions.Splitter;
import dev.lacuna.rules.AmieRules;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.RuleGraph;
import dev.lacuna.rules.RuleType;
import dev.lacuna.rules.sparql.Side;
import dev.lacuna.store.GraphRole;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.LacunaVocab;

/**
 * The checks of {@code verify} that hold a benchmark folder's files against the store, so that an edited
 * file cannot pass: every file the store can write again ({@code kg/complete.tsv}, {@code kg/incomplete.tsv},
 * {@code entities.tsv}, {@code rules.tsv}, {@code benchmark.trig}) is written again from the store's statements
 * and compared line by line as it is written, the first differing line named; each hard answer's triple must be a removed
 * triple and its grounding's head; the question files must hold exactly the questions the store recorded;
 * and every count in {@code summary.json} that the files determine must match them.
 */
final class FolderChecks {
    private FolderChecks() {
    }

    /**
     * Each of the store-written files, written out again from the store's graphs straight into a
     * {@link FileComparison} with the folder's file, the files at once ({@link CheckRunner#all}). Complete and
     * incomplete come packed ({@link StoreGraph}) and give the same bytes as their statements would.
     */
    static List<Verifier.Check> filesMatchStore(Repository repository, KgGraphs kg, Path dir, Verifier.StoreGraphs graphs,
                                                Map<IRI, List<Statement>> broken) {
        BenchmarkFolder own = BenchmarkFolder.at(dir);
        // The TriG file first: the largest, it starts while the others are compared beside it.
        List<Callable<Verifier.Check>> files = new ArrayList<>();
        files.add(() -> withOldTrigHint(compare(own, own.trigFile(), w -> {
            Map<IRI, Iterable<Statement>> named = new LinkedHashMap<>();
            named.put(kg.complete(), graphs.complete().trigOrder());
            named.put(kg.incomplete(), graphs.incomplete().trigOrder());
            named.put(kg.labels(), TrigFile.trigOrder(graphs.labels()));
            named.put(kg.benchmark(), TrigFile.trigOrder(graphs.benchmark()));
            broken.forEach((graph, statements) -> named.put(graph, TrigFile.trigOrder(statements)));
            TrigFile.writeTrigInOrder(named, w);
        }), own.trigFile()));
        files.add(() -> compare(own, own.graphFile(GraphRole.COMPLETE), w -> graphs.complete().writeTsv(w)));
        files.add(() -> compare(own, own.graphFile(GraphRole.INCOMPLETE), w -> graphs.incomplete().writeTsv(w)));
        for (GraphRole role : GraphRole.values()) {
            List<Statement> statements = broken.get(kg.graph(role));
            if (role.broken() && statements != null) {
                files.add(() -> compare(own, own.graphFile(role), w -> GraphFiles.writeGraphTsv(kg, statements, w)));
            }
        }
        files.add(() -> compare(own, own.entitiesFile(), w -> GraphFiles.writeEntities(kg, graphs.labels(), w)));
        files.add(() -> compare(own, own.rulesFile(), w -> {
            List<MinedRule> rules;
            try (RepositoryConnection c = repository.getConnection()) {
                rules = RuleGraph.read(c, kg, null);
            }
            Path temp = Files.createTempFile("lacuna-verify-rules-", ".tsv");
            try {
                AmieRules.write(rules, temp);
                w.write(Files.readString(temp, StandardCharsets.UTF_8));
            } finally {
                Files.deleteIfExists(temp);
            }
        }));
        List<Callable<Verifier.Check>> saying = new ArrayList<>();
        for (Callable<Verifier.Check> file : files) {
            saying.add(() -> {
                try {
                    return file.call();
                } catch (IOException e) {
                    throw new LacunaException("verify: cannot write the store's files for comparison: " + e.getMessage(), e);
                }
            });
        }
        List<Verifier.Check> checks = new ArrayList<>(CheckRunner.all(saying));
        checks.add(checks.remove(0)); // reported last, as it always was
        return checks;
    }

    @FunctionalInterface
    private interface Regenerate {
        void write(Writer out) throws IOException;
    }

    /**
     * Folders built before 2026-12-03 hold a pretty-printed benchmark.trig (a graph's "{" ends its line); the same
     * statements are now written plainly, so such a folder differs in bytes only: say so, rather than leave the
     * user to suspect the data.
     */
    private static Verifier.Check withOldTrigHint(Verifier.Check check, Path file) throws IOException {
        if (check.passed() || !Files.isRegularFile(file)) {
            return check;
        }
        boolean pretty;
        pretty = false;
        try (LineReader r = LineReader.open(file)) {
            String line;
            for (int i = 0; i < 50 && !pretty && (line = r.readLine()) != null; i++) {
                pretty = line.endsWith("> {");
            }
        }
        if (!pretty) {
            return check;
        }
        List<String> failures = new ArrayList<>(check.failures());
        failures.add("benchmark.trig is pretty-printed, as Lacuna wrote it before 2026-12-03; the folder was built by an"
                + " older version: build it again to verify it");
        return new Verifier.Check(check.name(), check.checked(), failures);
    }

    private static Verifier.Check compare(BenchmarkFolder folder, Path file, Regenerate regenerate) throws IOException {
        String name = folder.dir().relativize(file).toString().replace('\\', '/');
        FileComparison comparison = new FileComparison(name, file);
        try (comparison) {
            regenerate.write(comparison);
        }
        return comparison.check();
    }

    /** Each hard answer's triple is a removed triple and is its grounding's head. */
    static Verifier.Check hardAnswersAreRemovedHeads(Splitter.Split split, List<Triple> removed) {
        Set<Triple> removedSet = new HashSet<>(removed);
        List<String> failures = new ArrayList<>();
        long checked = 0;
        for (SplitName part : SplitName.values()) {
            List<Question> questions = split.part(part);
            for (int i = 0; i < questions.size(); i++) {
                Question q = questions.get(i);
                checked++;
                String where = "questions/" + part.label() + ".jsonl:" + (i + 1) + ": " + q.id();
                Triple hard;
                try {
                    long topic = Long.parseLong(q.topicEntity());
                    long answer = Long.parseLong(q.hardAnswer());
                    hard = q.side() == Side.HEAD ? new Triple(topic, q.relation(), answer)
                            : new Triple(answer, q.relation(), topic);
                } catch (NumberFormatException | NullPointerException e) {
                    failures.add(where + ": topic or hard answer is not a private id");
                    continue;
                }
                if (!removedSet.contains(hard)) {
                    failures.add(where + ": hard answer's triple " + hard.tsv().replace('\t', ' ')
                            + " is not in kg/removed.tsv");
                }
                List<String> head = q.grounding() == null ? null : q.grounding().head();
                if (head == null || !List.of(Long.toString(hard.head()), hard.relation(), Long.toString(hard.tail()))
                        .equals(head)) {
                    failures.add(where + ": hard answer's triple " + hard.tsv().replace('\t', ' ')
                            + " is not its grounding's head " + head);
                }
            }
        }
        return new Verifier.Check("hard answers are removed triples, grounding heads", checked, failures);
    }

    /** The question files hold exactly the questions the store recorded, by id. */
    static Verifier.Check questionsMatchStore(RepositoryConnection conn, KgGraphs kg, Splitter.Split split) {
        Set<String> stored = new TreeSet<>();
        for (Statement st : conn.getStatements(null, LacunaVocab.QUESTION_ID, null, false, kg.benchmark())) {
            stored.add(st.getObject().stringValue());
        }
        List<String> failures = new ArrayList<>();
        Set<String> inFiles = new HashSet<>();
        for (SplitName part : SplitName.values()) {
            List<Question> questions = split.part(part);
            for (int i = 0; i < questions.size(); i++) {
                String id = questions.get(i).id();
                String where = "questions/" + part.label() + ".jsonl:" + (i + 1);
                if (!inFiles.add(id)) {
                    failures.add(where + ": question " + id + " appears twice");
                } else if (!stored.contains(id)) {
                    failures.add(where + ": question " + id + " is not in the store's benchmark graph");
                }
            }
        }
        for (String id : stored) {
            if (!inFiles.contains(id)) {
                failures.add(QuestionFiles.FOLDER + "/: question " + id + " of the store is missing from the files");
            }
        }
        return new Verifier.Check("question files hold the store's questions", stored.size(), failures);
    }

    /** Every count of summary.json that the files determine, and the parameters the store recorded. */
    static Verifier.Check summaryCounts(RepositoryConnection conn, KgGraphs kg, BenchmarkFolder folder, Splitter.Split split,
                                        long removed) throws IOException {
        Summary s = folder.summary();
        Summary.Triples triples = s.triples() == null ? new Summary.Triples(null, null, null) : s.triples();
        Summary.Questions q = s.questions() == null
                ? new Summary.Questions(null, null, null, null, null, null, null, null, null, null, null) : s.questions();
        Summary.Rules r = s.rules() == null ? new Summary.Rules(null, Map.of()) : s.rules();
        Map<String, Long> expected = new LinkedHashMap<>();
        Map<String, Object> given = new LinkedHashMap<>();
        expect(expected, given, "triples.complete", countLines(folder.graphFile(GraphRole.COMPLETE)), triples.complete());
        expect(expected, given, "triples.incomplete", countLines(folder.graphFile(GraphRole.INCOMPLETE)), triples.incomplete());
        expect(expected, given, "triples.removed", removed, triples.removed());
        expect(expected, given, "questions.train", split.train().size(), q.train());
        expect(expected, given, "questions.valid", split.valid().size(), q.valid());
        expect(expected, given, "questions.test", split.test().size(), q.test());
        expect(expected, given, "questions.total", split.size(), q.total());
        Map<String, String> parameters = s.parameters() == null ? Map.of() : s.parameters();
        List<String> failures = new ArrayList<>();
        try {
            List<MinedRule> rules = AmieRules.read(folder.rulesFile());
            expect(expected, given, "rules.total", rules.size(), r.total());
            expect(expected, given, "parameters.rules", rules.size(), parameters.get("rules"));
            for (RuleType t : RuleType.values()) {
                expect(expected, given, "rules.by_type." + t.label(),
                        rules.stream().filter(x -> RuleType.of(x.rule()) == t).count(),
                        r.byType() == null ? null : r.byType().get(t.label()));
            }
        } catch (BadInputException e) {
            failures.add(e.getMessage() + " (so the rule counts of summary.json cannot be checked)");
        }
        long groundings = 0;
        for (Statement ignored : conn.getStatements(null, LacunaVocab.SELECTED, null, false, kg.benchmark())) {
            groundings++;
        }
        expect(expected, given, "groundings.selected", groundings,
                s.groundings() == null ? null : s.groundings().selected());
        for (Map.Entry<String, Long> e : expected.entrySet()) {
            Object v = given.get(e.getKey());
            Long value = v instanceof Long l ? l
                    : v instanceof String text && text.matches("\\d{1,18}") ? Long.valueOf(text) : null;
            if (!e.getValue().equals(value)) {
                failures.add("summary.json " + e.getKey() + " is " + (v == null ? "missing" : v)
                        + ", the files and store give " + e.getValue());
            }
        }
        Map<String, String> stored = new LinkedHashMap<>();
        for (Statement st : conn.getStatements(null, LacunaVocab.PARAMETER, null, false, kg.benchmark())) {
            String p = st.getObject().stringValue();
            int eq = p.indexOf('=');
            stored.put(p.substring(0, eq), p.substring(eq + 1));
        }
        Set<String> names = new TreeSet<>(stored.keySet());
        names.addAll(parameters.keySet());
        for (String name : names) {
            String inFile = parameters.get(name);
            if (!Objects.equals(inFile, stored.get(name))) {
                failures.add("summary.json parameters." + name + " is " + inFile + ", the store recorded " + stored.get(name));
            }
        }
        return new Verifier.Check("summary.json counts match the files and store", expected.size() + names.size(), failures);
    }

    private static void expect(Map<String, Long> expected, Map<String, Object> given, String name, long value,
                               Object inFile) {
        expected.put(name, value);
        given.put(name, inFile);
    }

    private static long countLines(Path file) throws IOException {
        try (LineReader lines = LineReader.open(file)) {
            long n = 0;
            String line;
            while ((line = lines.readLine()) != null) {
                n += line.isBlank() ? 0 : 1;
            }
            return n;
        } catch (NoSuchFileException e) {
            return -1;
        }
    }
}
