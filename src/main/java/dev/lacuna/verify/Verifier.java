package dev.lacuna.verify;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Literal;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.lacuna.BadInputException;
import dev.lacuna.LacunaException;
import dev.lacuna.folder.BenchmarkFolder;
import dev.lacuna.folder.GraphFiles;
import dev.lacuna.folder.PlainValues;
import dev.lacuna.folder.RegularFiles;
import dev.lacuna.grounding.QuestionAssembler;
import dev.lacuna.grounding.Triple;
import dev.lacuna.questions.LeakCheck;
import dev.lacuna.questions.Question;
import dev.lacuna.questions.QuestionFiles;
import dev.lacuna.questions.QuestionRequest;
import dev.lacuna.questions.Splitter;
import dev.lacuna.rules.AmieRules;
import dev.lacuna.rules.sparql.Side;
import dev.lacuna.rules.sparql.SparqlRuleRunner;
import dev.lacuna.store.GraphChecksum;
import dev.lacuna.store.GraphRole;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.LacunaVocab;

/**
 * {@code lacuna verify DIR}: checks a benchmark folder against the store it was built in, each check with a
 * count: removed triples are in complete and not in incomplete; incomplete is exactly complete minus the
 * removed triples; every question's grounding body holds in incomplete, triple by triple and through the
 * rule's compiled body query (the paper's appendix H, done symbolically); no question names its hard answer;
 * every answer set equals complete's answers; the split is 8:1:1 within rounding; complete still has the
 * checksum recorded when it was loaded; and, so that an edited folder cannot pass, the {@link FolderChecks}:
 * files against the store, hard answers against removed.tsv, summary.json's counts against the files; and the
 * {@link RecordChecks}: each question's fields against the store's record of it, the files build writes byte for
 * byte, summary.json's sums, and no unknown field or file.
 */
public final class Verifier {
    private static final int SHOWN = 10;
    private static final Logger LOG = LoggerFactory.getLogger(Verifier.class);

    /** One check: how many items it looked at and which failed. */
    public record Check(String name, long checked, List<String> failures) {
        public boolean passed() {
            return failures.isEmpty();
        }
    }

    /** All checks of one folder. */
    public record Report(List<Check> checks) {
        public boolean passed() {
            return checks.stream().allMatch(Check::passed);
        }

        public void print(PrintStream out) {
            for (Check c : checks) {
                out.printf("  %-4s %-58s %,8d checked%s%n", c.passed() ? "ok" : "FAIL", c.name(), c.checked(),
                        c.passed() ? "" : ", " + c.failures().size() + " failed: "
                                + String.join("; ", c.failures().subList(0, Math.min(SHOWN, c.failures().size()))));
            }
        }

        /** Throws with the offending ids when any check failed. */
        public void requirePassed() {
            List<String> failed = new ArrayList<>();
            for (Check c : checks) {
                if (!c.passed()) {
                    failed.add(c.name() + " (" + c.failures().size() + " failed, e.g. "
                            + String.join("; ", c.failures().subList(0, Math.min(SHOWN, c.failures().size()))) + ")");
                }
            }
            if (!failed.isEmpty()) {
                throw new LacunaException("verification failed: " + String.join(" | ", failed));
            }
        }
    }

    private Verifier() {
    }

    public static Report verify(Repository repository, Path dir) {
        return verify(repository, dir, null, null);
    }

    /**
     * As {@link #verify(Repository, Path)}, for the build that has just written the folder: {@code written} is what
     * each graph file of the folder was written from. Instead of writing every file out of the store again, the
     * store's graphs must hold exactly that, and are streamed past it rather than held; every other check is the
     * same. With null, the files are compared with the store (what {@code lacuna verify} does).
     */
    public static Report verify(Repository repository, Path dir, WrittenGraphs written) {
        return verify(repository, dir, written, null);
    }

    /**
     * As {@link #verify(Repository, Path)}, the store's graphs as one scan of the store gave them ({@link GraphScan},
     * shared with the store's index check by {@link VerifyOperation}); with null, read here.
     */
    static Report verify(Repository repository, Path dir, GraphScan.Result scanned) {
        return verify(repository, dir, null, scanned);
    }

    private static Report verify(Repository repository, Path dir, WrittenGraphs written, GraphScan.Result scanned) {
        BenchmarkFolder folder = folder(dir);
        long started = System.nanoTime();
        KgGraphs kg = folder.summary().kgGraphs();
        List<Triple> removed = readTriples(folder.removedFile());
        Splitter.Split split = QuestionFiles.read(dir);
        List<Question> questions = split.all();
        SparqlRuleRunner runner = new SparqlRuleRunner(repository, kg);
        List<Check> checks = new ArrayList<>();
        StoreGraphs graphs = null;
        List<Check> holdsWritten = null;
        GraphChecksum completeSum = new GraphChecksum();
        GraphChecksum incompleteSum = new GraphChecksum();
        Map<IRI, List<Statement>> broken;
        try (RepositoryConnection conn = repository.getConnection()) {
            List<GraphRole> brokenRoles = BrokenGraphCheck.roles(folder.summary());
            // One read of the store serves the checksums and the comparison of every file with the store.
            if (written == null) {
                GraphScan.Result read = scanned != null ? scanned : GraphScan.read(repository, kg, brokenRoles);
                graphs = read.graphs();
                broken = read.broken();
                completeSum = graphs.completeSum();
                incompleteSum = graphs.incompleteSum();
                // Whether each graph was packed decides verify's memory at scale: say so.
                LOG.info("verify: the store's graphs read ({} triples in complete, {} in incomplete; {}, {}) after {} s",
                        graphs.complete().size(), graphs.incomplete().size(),
                        graphs.complete().packed() ? "packed" : "held as statements",
                        graphs.incomplete().packed() ? "packed" : "held as statements",
                        String.format("%.1f", (System.nanoTime() - started) / 1e9));
            } else {
                broken = BrokenGraphCheck.read(conn, kg, brokenRoles);
                List<IRI> names = new ArrayList<>(List.of(kg.complete(), kg.incomplete(), kg.labels(), kg.benchmark()));
                names.addAll(broken.keySet());
                holdsWritten = written.compare(repository, names,
                        Map.of(kg.complete(), completeSum::add, kg.incomplete(), incompleteSum::add));
                LOG.info("verify: the store's graphs compared with what the folder was written from after {} s",
                        String.format("%.1f", (System.nanoTime() - started) / 1e9));
            }
            done(checks, started, completeUnchanged(conn, kg, completeSum));
            // The checks against the store's records run on their own thread and connection meanwhile.
            RecordChecksInBackground records = RecordChecksInBackground.start(repository, kg, folder, split, removed.size());
            done(checks, started, removedTriples(runner, kg, removed));
            done(checks, started, incompleteIsCompleteMinusRemoved(kg, removed, completeSum, incompleteSum));
            // A deeper question's grounding is its proof's last step, whose body holds only with the earlier heads.
            done(checks, started, bodiesHold(runner, kg, ProofCheck.depthOne(questions)));
            done(checks, started, RuleInferenceCheck.check(runner, kg, ProofCheck.depthOne(questions)));
            if (ProofCheck.needed(questions)) {
                ProofCheck.checks(conn, runner, kg, AmieRules.read(folder.rulesFile()), questions,
                        new HashSet<>(removed), folder.summary()).forEach(c -> done(checks, started, c));
            }
            BrokenGraphCheck.checks(conn, kg, folder, questions, broken, incompleteSum)
                    .forEach(c -> done(checks, started, c));
            records.checks().forEach(c -> done(checks, started, c));
        }
        done(checks, started, FolderChecks.hardAnswersAreRemovedHeads(split, removed));
        (written == null ? FolderChecks.filesMatchStore(repository, kg, dir, graphs, broken) : holdsWritten)
                .forEach(c -> done(checks, started, c));
        done(checks, started, noLeaks(questions));
        done(checks, started, GiveAwayCheck.check(folder, questions));
        done(checks, started, answerSets(runner, kg, questions));
        done(checks, started, splitSizes(split));
        LOG.info("verified {} in {} s", dir, String.format("%.1f", (System.nanoTime() - started) / 1e9));
        String interrupted = checks.stream().allMatch(Check::passed) ? null : RecordChecks.interruptedRename(dir);
        if (interrupted != null) {
            checks.add(0, new Check("no build stopped between its commit and its folder's rename", 1, List.of(interrupted)));
        }
        return new Report(checks);
    }

    /** The benchmark folder at {@code dir}; bad input when there is none, or its summary cannot be read. */
    static BenchmarkFolder folder(Path dir) {
        if (!Files.isDirectory(dir)) {
            String interrupted = RecordChecks.interruptedRename(dir);
            throw new BadInputException(dir.toString(), -1, -1, "no such benchmark folder"
                    + (interrupted == null ? "" : "; " + interrupted));
        }
        RegularFiles.require(dir);
        return BenchmarkFolder.at(dir);
    }

    /** Adds a finished check and says so: a 20M-triple folder takes minutes to verify, and long work shows progress. */
    private static void done(List<Check> checks, long started, Check check) {
        LOG.info("verify: {} ({} checked, {}) after {} s", check.name(), check.checked(),
                check.passed() ? "ok" : check.failures().size() + " failures",
                String.format("%.1f", (System.nanoTime() - started) / 1e9));
        checks.add(check);
    }

    private static Check completeUnchanged(RepositoryConnection conn, KgGraphs kg, GraphChecksum complete) {
        List<String> failures = new ArrayList<>();
        String recorded = null;
        for (Statement st : conn.getStatements(kg.kg(), LacunaVocab.CHECKSUM, null, false, kg.labels())) {
            recorded = st.getObject().stringValue();
        }
        String now = complete.value();
        if (recorded == null) {
            failures.add("no checksum recorded for " + kg.complete() + " (was the KG loaded with lacuna load?)");
        } else if (!recorded.equals(now)) {
            failures.add("complete has checksum " + now + ", recorded at load " + recorded);
        }
        return new Check("complete unchanged since load (checksum)", 1, failures);
    }

    /** Both lookups batched ({@link SparqlRuleRunner#present}): one query per batch of triples, not per triple. */
    private static Check removedTriples(SparqlRuleRunner runner, KgGraphs kg, List<Triple> removed) {
        List<String> failures = new ArrayList<>();
        List<List<Value>> keys = new ArrayList<>(removed.size());
        removed.forEach(t -> keys.add(key(kg, t)));
        Set<List<Value>> inComplete = runner.present(kg.complete(), keys);
        Set<List<Value>> inIncomplete = runner.present(kg.incomplete(), keys);
        for (int i = 0; i < removed.size(); i++) {
            Triple t = removed.get(i);
            if (!inComplete.contains(keys.get(i))) {
                failures.add(t.tsv().replace('\t', ' ') + " not in complete");
            }
            if (inIncomplete.contains(keys.get(i))) {
                failures.add(t.tsv().replace('\t', ' ') + " still in incomplete");
            }
        }
        return new Check("removed triples in complete, not in incomplete", removed.size(), failures);
    }

    /**
     * The graphs of the KG as the store holds them ({@link GraphScan}): complete and incomplete packed
     * ({@link StoreGraph}), not held as statements, with the checksums computed from the store's own statements.
     */
    record StoreGraphs(StoreGraph complete, GraphChecksum completeSum, StoreGraph incomplete,
                       GraphChecksum incompleteSum, List<Statement> labels, List<Statement> benchmark) {
    }

    private static Check incompleteIsCompleteMinusRemoved(KgGraphs kg, List<Triple> removed, GraphChecksum completeSum,
                                                          GraphChecksum incompleteSum) {
        GraphChecksum expected = completeSum.copy();
        for (Triple t : removed) {
            expected.remove(kg.entity(t.head()).stringValue(), kg.relation(t.relation()).stringValue(),
                    kg.entity(t.tail()).stringValue());
        }
        String actual = incompleteSum.value();
        List<String> failures = expected.value().equals(actual) ? List.of()
                : List.of("incomplete has " + actual + ", complete minus removed has " + expected.value());
        return new Check("incomplete = complete minus removed (checksum)", 1, failures);
    }

    private static Check bodiesHold(SparqlRuleRunner runner, KgGraphs kg, List<Question> questions) {
        List<List<Value>> keys = new ArrayList<>();
        for (Question q : questions) {
            for (List<String> b : q.grounding().body()) {
                keys.add(key(kg, new Triple(Long.parseLong(b.get(0)), b.get(1), Long.parseLong(b.get(2)))));
            }
        }
        Set<List<Value>> present = runner.present(kg.incomplete(), keys);
        List<String> failures = new ArrayList<>();
        long checked = 0;
        for (Question q : questions) {
            for (List<String> b : q.grounding().body()) {
                if (!present.contains(keys.get((int) checked++))) {
                    failures.add(q.id() + ": body triple " + String.join(" ", b) + " missing from incomplete");
                }
            }
        }
        return new Check("grounding body triples hold in incomplete", checked, failures);
    }

    private static Check noLeaks(List<Question> questions) {
        List<String> failures = new ArrayList<>();
        for (Question q : questions) {
            List<String> h = q.grounding().head();
            QuestionRequest request = QuestionRequest.of(h.get(0), h.get(1), h.get(2), q.side());
            LeakCheck.problem(q.question(), request).ifPresent(p -> failures.add(q.id() + ": " + p));
        }
        return new Check("questions name their topic and not their hard answer", questions.size(), failures);
    }

    private static Check answerSets(SparqlRuleRunner runner, KgGraphs kg, List<Question> questions) {
        List<String> failures = new ArrayList<>();
        List<QuestionAssembler.AnswerKey> keys = new ArrayList<>(questions.size());
        for (Question q : questions) {
            keys.add(new QuestionAssembler.AnswerKey(q.relation(), Long.parseLong(q.topicEntity()),
                    q.side() == Side.HEAD));
        }
        Map<QuestionAssembler.AnswerKey, List<String>> sets = QuestionAssembler.answers(runner, kg, keys);
        for (int i = 0; i < questions.size(); i++) {
            Question q = questions.get(i);
            List<String> expected = sets.get(keys.get(i));
            if (!expected.equals(q.answers())) {
                failures.add(q.id() + ": answers " + q.answers() + ", complete has " + expected);
            } else if (!q.answers().contains(q.hardAnswer())) {
                failures.add(q.id() + ": hard answer " + q.hardAnswer() + " not among the answers");
            }
        }
        return new Check("answer sets equal complete's answers", questions.size(), failures);
    }

    /** 8:1:1 within rounding; with deeper questions, each depth on its own (the build splits each depth alone). */
    private static Check splitSizes(Splitter.Split split) {
        Map<Integer, int[]> actual = new TreeMap<>();
        List<List<Question>> parts = List.of(split.train(), split.valid(), split.test());
        for (int p = 0; p < 3; p++) {
            for (Question q : parts.get(p)) {
                actual.computeIfAbsent(q.depthOrOne(), d -> new int[3])[p]++;
            }
        }
        List<String> failures = new ArrayList<>();
        boolean byDepth = actual.size() > 1;
        for (var e : actual.entrySet()) {
            int[] a = e.getValue();
            int[] expected = Splitter.sizes(a[0] + a[1] + a[2]);
            if (!Arrays.equals(expected, a)) {
                failures.add((byDepth ? "depth " + e.getKey() + ": " : "") + "train/valid/test " + a[0] + "/" + a[1]
                        + "/" + a[2] + ", 8:1:1 gives " + expected[0] + "/" + expected[1] + "/" + expected[2]);
            }
        }
        return new Check(byDepth ? "split 8:1:1 within rounding, each depth" : "split 8:1:1 within rounding",
                split.size(), failures);
    }

    private static List<Value> key(KgGraphs kg, Triple t) {
        return List.of(kg.entity(t.head()), kg.relation(t.relation()), kg.entity(t.tail()));
    }

    static List<Triple> readTriples(Path file) {
        List<Triple> out = new ArrayList<>();
        try {
            long line = 0;
            for (String s : Files.readAllLines(file)) {
                line++;
                if (s.isBlank()) {
                    continue;
                }
                String[] f = s.split("\t");
                if (f.length != 3) {
                    throw new BadInputException(file.toString(), line, -1, "expected head<TAB>relation<TAB>tail");
                }
                try {
                    out.add(new Triple(Long.parseLong(f[0]), f[1], Long.parseLong(f[2])));
                } catch (NumberFormatException e) {
                    throw new BadInputException(file.toString(), line, -1, "entity ids must be private ids (numbers)");
                }
            }
        } catch (NoSuchFileException e) {
            throw new BadInputException(file.toString(), -1, -1, "missing: not a complete benchmark folder");
        } catch (IOException e) {
            throw new BadInputException(file.toString(), -1, -1, "cannot read: " + e.getMessage());
        }
        return out;
    }

}
