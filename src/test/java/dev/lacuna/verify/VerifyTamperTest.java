package dev.lacuna.verify;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.rdf4j.model.Model;
import org.eclipse.rdf4j.model.util.Values;
import org.eclipse.rdf4j.rio.RDFFormat;
import org.eclipse.rdf4j.rio.Rio;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.lacuna.construct.FamilyBuild;
import dev.lacuna.grounding.Triple;
import dev.lacuna.questions.Question;
import dev.lacuna.questions.QuestionFiles;
import dev.lacuna.questions.SplitName;

/**
 * Each way a user or a tool could tamper with a benchmark, applied to a copy of one real benchmark folder:
 * verify must fail and name the file (and line) that was changed. The untouched copy must pass.
 */
class VerifyTamperTest extends TamperedFolderTest {
    @Test
    void untouchedCopyPasses() throws IOException {
        Verifier.Report report = Verifier.verify(repository, copy());
        assertTrue(report.passed(), report.checks().toString());
    }

    @Test
    void aPrettyPrintedTrigOfAnOlderVersionIsNamedAsSuch() throws IOException {
        Path dir = copy();
        Path trig = dir.resolve("benchmark.trig");
        Model statements;
        try (var in = Files.newInputStream(trig)) {
            statements = Rio.parse(in, "", RDFFormat.TRIG);
        }
        try (var out = Files.newBufferedWriter(trig, StandardCharsets.UTF_8)) {
            Rio.write(statements, out, RDFFormat.TRIG); // pretty, as before
        }
        fails(dir, "benchmark.trig", "pretty-printed, as Lacuna wrote it before 2026-12-03");
    }

    @Test
    void hardAnswerChangedToAnAnswerStillInIncomplete() throws IOException {
        Path dir = copy();
        Path train = QuestionFiles.file(dir, SplitName.TRAIN);
        List<Question> qs = QuestionFiles.readJsonl(train);
        int index = -1;
        for (int i = 0; i < qs.size() && index < 0; i++) {
            if (qs.get(i).answers().size() > 1) {
                index = i;
            }
        }
        assertTrue(index >= 0, "a question with two answers");
        Question q = qs.get(index);
        String other = q.answers().stream().filter(a -> !a.equals(q.hardAnswer())).findFirst().orElseThrow();
        ObjectMapper json = new ObjectMapper();
        int line = index;
        edit(train, lines -> {
            try {
                ObjectNode node = (ObjectNode) json.readTree(lines.get(line));
                node.put("hard_answer", other);
                lines.set(line, json.writeValueAsString(node));
                return lines;
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        fails(dir, "questions/train.jsonl:" + (index + 1) + ": " + q.id() + ": hard answer's triple", "not in kg/removed.tsv");
    }

    @Test
    void removedTripleAddedBackToIncomplete() throws IOException {
        Path dir = copy();
        String removed = Files.readAllLines(dir.resolve("kg/removed.tsv")).get(0);
        edit(dir.resolve("kg/incomplete.tsv"), lines -> {
            lines.add(removed);
            lines.sort(null);
            return lines;
        });
        fails(dir, "kg/incomplete.tsv:");
    }

    @Test
    void linesDeletedFromIncompleteOrComplete() throws IOException {
        Path dir = copy();
        edit(dir.resolve("kg/incomplete.tsv"), lines -> {
            lines.remove(5);
            return lines;
        });
        fails(dir, "kg/incomplete.tsv:6: ", "summary.json triples.incomplete");
        dir = copy("second");
        edit(dir.resolve("kg/complete.tsv"), lines -> lines.subList(0, lines.size() - 1));
        fails(dir, "kg/complete.tsv:", "file ends early", "summary.json triples.complete");
    }

    @Test
    void trainQuestionDeleted() throws IOException {
        Path dir = copy();
        String id = QuestionFiles.readJsonl(QuestionFiles.file(dir, SplitName.TRAIN)).get(0).id();
        edit(QuestionFiles.file(dir, SplitName.TRAIN), lines -> lines.subList(1, lines.size()));
        fails(dir, "question " + id + " of the store is missing", "summary.json questions.train");
    }

    @Test
    void summaryEdited() throws IOException {
        Path dir = copy();
        Path summary = dir.resolve("summary.json");
        ObjectMapper json = new ObjectMapper();
        ObjectNode s = (ObjectNode) json.readTree(summary.toFile());
        ((ObjectNode) s.get("questions")).put("test", s.at("/questions/test").asLong() + 1);
        ((ObjectNode) s.get("parameters")).put("tau", "0.5");
        Files.writeString(summary, json.writeValueAsString(s));
        fails(dir, "summary.json questions.test", "summary.json parameters.tau is 0.5");
    }

    @Test
    void rulesEdited() throws IOException {
        Path dir = copy();
        edit(dir.resolve("rules.tsv"), lines -> {
            String[] f = lines.get(2).split("\t");
            f[4] = Long.toString(Long.parseLong(f[4]) + 1); // support
            lines.set(2, String.join("\t", f));
            return lines;
        });
        fails(dir, "rules.tsv:3: ");
        Path broken = copy("broken");
        edit(broken.resolve("rules.tsv"), lines -> {
            lines.set(2, lines.get(2).replaceFirst("\t0\\.", "\t1."));
            return lines;
        });
        fails(broken, "rules.tsv:3: ", "rules.tsv:3:");
    }

    @Test
    void entitiesEdited() throws IOException {
        Path dir = copy();
        edit(dir.resolve("entities.tsv"), lines -> {
            lines.set(4, lines.get(4) + "x");
            return lines;
        });
        fails(dir, "entities.tsv:5: ");
    }

    @Test
    void trigEdited() throws IOException {
        Path dir = copy();
        int[] changed = {-1};
        edit(dir.resolve("benchmark.trig"), lines -> {
            for (int i = lines.size() - 1; i >= 0 && changed[0] < 0; i--) {
                if (lines.get(i).contains("lacuna:questionText")) {
                    lines.set(i, lines.get(i).replace("lacuna:questionText \"", "lacuna:questionText \"Edited "));
                    changed[0] = i + 1;
                }
            }
            return lines;
        });
        assertTrue(changed[0] > 0);
        fails(dir, "benchmark.trig:" + changed[0] + ": ");
    }

    /** A line of the complete graph's part of benchmark.trig: verify writes that part from packed keys. */
    @Test
    void trigEditedInsideComplete() throws IOException {
        Path dir = copy();
        int[] changed = {-1};
        edit(dir.resolve("benchmark.trig"), lines -> {
            int start = -1;
            for (int i = 0; i < lines.size() && start < 0; i++) {
                if (lines.get(i).startsWith("<" + FamilyBuild.KG.complete() + "> {")) {
                    start = i;
                }
            }
            String line = lines.get(start + 3);
            int at = line.lastIndexOf("/entity/") + "/entity/".length();
            lines.set(start + 3, line.substring(0, at) + "9" + line.substring(at));
            changed[0] = start + 4;
            return lines;
        });
        assertTrue(changed[0] > 0);
        fails(dir, "benchmark.trig:" + changed[0] + ": ");
    }

    /**
     * The store changed under an untouched folder: a triple dropped from complete, and a removed triple added
     * back to incomplete. Each is named by the first line of the graph file where the store differs.
     */
    @Test
    void aTripleDroppedFromCompleteOrAddedToIncompleteInTheStore() throws IOException {
        var kg = FamilyBuild.KG;
        Path dir = copy();
        List<String> complete = Files.readAllLines(dir.resolve("kg/complete.tsv"));
        Triple dropped = triple(complete.get(0));
        var st = Values.getValueFactory().createStatement(kg.entity(dropped.head()),
                kg.relation(dropped.relation()), kg.entity(dropped.tail()));
        try (var conn = repository.getConnection()) {
            conn.remove(st, kg.complete());
        }
        try {
            fails(dir, "kg/complete.tsv:1: '" + complete.get(0) + "' differs from the store's '" + complete.get(1) + "'",
                    "complete has checksum");
        } finally {
            try (var conn = repository.getConnection()) {
                conn.add(st, kg.complete());
            }
        }

        List<String> incomplete = Files.readAllLines(dir.resolve("kg/incomplete.tsv"));
        String removed = Files.readAllLines(dir.resolve("kg/removed.tsv")).get(0);
        Triple back = triple(removed);
        int at = 0;
        while (at < incomplete.size() && before(triple(incomplete.get(at)), back)) {
            at++;
        }
        var added = Values.getValueFactory().createStatement(kg.entity(back.head()),
                kg.relation(back.relation()), kg.entity(back.tail()));
        try (var conn = repository.getConnection()) {
            conn.add(added, kg.incomplete());
        }
        try {
            fails(dir, at < incomplete.size()
                    ? "kg/incomplete.tsv:" + (at + 1) + ": '" + incomplete.get(at) + "' differs from the store's '" + removed + "'"
                    : "kg/incomplete.tsv:" + (at + 1) + ": file ends early", "still in incomplete");
        } finally {
            try (var conn = repository.getConnection()) {
                conn.remove(added, kg.incomplete());
            }
        }
        Verifier.Report report = Verifier.verify(repository, dir);
        assertTrue(report.passed(), "the store restored: " + report.checks());
    }

    private static Triple triple(String line) {
        String[] f = line.split("\t");
        return new Triple(Long.parseLong(f[0]), f[1], Long.parseLong(f[2]));
    }

    /** The graph TSV's order: head id, relation name, tail id. */
    private static boolean before(Triple a, Triple b) {
        int c = Long.compare(a.head(), b.head());
        if (c == 0) {
            c = a.relation().compareTo(b.relation());
        }
        return (c != 0 ? c : Long.compare(a.tail(), b.tail())) < 0;
    }

    @Test
    void hardAnswerThatIsNotTheGroundingHead() throws IOException {
        Path dir = copy();
        Path test = QuestionFiles.file(dir, SplitName.TEST);
        ObjectMapper json = new ObjectMapper();
        edit(test, lines -> {
            try {
                ObjectNode node = (ObjectNode) json.readTree(lines.get(0));
                ObjectNode grounding = (ObjectNode) node.get("grounding");
                var head = grounding.putArray("head");
                head.add("0").add("nosuchrelation").add("1");
                lines.set(0, json.writeValueAsString(node));
                return lines;
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        fails(dir, "questions/test.jsonl:1: ", "is not its grounding's head");
    }
}
