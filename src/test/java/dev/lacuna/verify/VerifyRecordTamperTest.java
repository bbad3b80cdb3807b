package dev.lacuna.verify;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.lacuna.Json;
import dev.lacuna.construct.FamilyBuild;
import dev.lacuna.questions.QuestionFiles;
import dev.lacuna.questions.SplitName;

/**
 * Edits that the per-file comparison of {@link VerifyTamperTest} did not see: a field of a question record that
 * no store-written file holds (the text, the rule type), graphs.json, counts of summary.json that only the build
 * saw, a carriage return that a line reader swallows, and fields or files that lacuna build never writes. Each
 * must fail verify, naming the file, line and what changed; the untouched copy must pass.
 */
class VerifyRecordTamperTest extends TamperedFolderTest {
    /** Sets one field of the first question of the train split. */
    private static void editFirstTrainQuestion(Path dir, String field, String value) throws IOException {
        ObjectMapper json = new ObjectMapper();
        edit(QuestionFiles.file(dir, SplitName.TRAIN), lines -> {
            try {
                ObjectNode node = (ObjectNode) json.readTree(lines.get(0));
                node.put(field, value);
                lines.set(0, json.writeValueAsString(node));
                return lines;
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    private static String firstTrainQuestion(Path dir, String field) throws IOException {
        String line = Files.readAllLines(QuestionFiles.file(dir, SplitName.TRAIN)).get(0);
        return new ObjectMapper().readTree(line).get(field).asText();
    }

    @Test
    void untouchedCopyPasses() throws IOException {
        Verifier.Report report = Verifier.verify(repository, copy());
        assertTrue(report.passed(), report.checks().toString());
    }

    /** A reworded question can reverse its meaning; the store's benchmark graph records the text as built. */
    @Test
    void questionTextEdited() throws IOException {
        Path dir = copy();
        String id = firstTrainQuestion(dir, "id");
        String topic = firstTrainQuestion(dir, "topic_entity");
        editFirstTrainQuestion(dir, "question", "Who is the aunt of " + topic + "?");
        fails(dir, "questions/train.jsonl:1: " + id + ": question 'Who is the aunt of " + topic + "?'",
                "the store recorded '");
    }

    /** evaluate's by-rule-type table reads rule_type: it must be the type of the question's rule. */
    @Test
    void ruleTypeChanged() throws IOException {
        Path dir = copy();
        String id = firstTrainQuestion(dir, "id");
        String type = firstTrainQuestion(dir, "rule_type");
        String other = type.equals("symmetry") ? "composition" : "symmetry";
        editFirstTrainQuestion(dir, "rule_type", other);
        fails(dir, "questions/train.jsonl:1: " + id + ": rule_type '" + other + "'", "its rule is of type '" + type + "'");
    }

    @Test
    void graphsJsonNamesIncompleteForComplete() throws IOException {
        Path dir = copy();
        Path graphs = dir.resolve("graphs.json");
        String complete = FamilyBuild.KG.complete().stringValue();
        String incomplete = FamilyBuild.KG.incomplete().stringValue();
        String text = Files.readString(graphs);
        assertTrue(text.contains("\"" + complete + "\""));
        Files.writeString(graphs, text.replace("\"" + complete + "\"", "\"" + incomplete + "\""));
        fails(dir, "graphs.json:");
    }

    @Test
    void summaryDuplicatesMergedEdited() throws IOException {
        Path dir = copy();
        long edited = editSummary(dir, "questions", "duplicates_merged");
        fails(dir, "summary.json questions.candidates is ", "questions.duplicates_merged (" + edited + ")",
                "one of them was edited");
    }

    @Test
    void summarySkippedHeadIsBodyOfSelectedEdited() throws IOException {
        Path dir = copy();
        long edited = editSummary(dir, "groundings", "skipped_head_is_body_of_selected");
        fails(dir, "summary.json groundings.candidates is ", "groundings.skipped_head_is_body_of_selected (" + edited + ")",
                "one of them was edited");
    }

    /** Adds one to a count of summary.json, keeping the file's layout; returns the new value. */
    private static long editSummary(Path dir, String part, String field) throws IOException {
        Path summary = dir.resolve("summary.json");
        ObjectMapper json = new ObjectMapper();
        ObjectNode s = (ObjectNode) json.readTree(summary.toFile());
        long edited = s.get(part).get(field).asLong() + 1;
        ((ObjectNode) s.get(part)).put(field, edited);
        Files.writeString(summary, Json.pretty().writeValueAsString(s) + "\n");
        return edited;
    }

    /** A CR before one line's LF: a line reader takes CRLF as a line end and saw nothing. */
    @Test
    void carriageReturnAddedToOneLineOfIncomplete() throws IOException {
        Path dir = copy();
        Path file = dir.resolve("kg/incomplete.tsv");
        String text = Files.readString(file);
        int first = text.indexOf('\n');
        int second = text.indexOf('\n', first + 1);
        Files.writeString(file, text.substring(0, second) + "\r" + text.substring(second));
        fails(dir, "kg/incomplete.tsv:2: ");
    }

    @Test
    void unknownFieldInAQuestionIsNamed() throws IOException {
        Path dir = copy();
        String id = firstTrainQuestion(dir, "id");
        editFirstTrainQuestion(dir, "confidence", "high");
        fails(dir, "questions/train.jsonl:1: " + id + ": unknown field \"confidence\"");
    }

    @Test
    void unknownFilesInTheFolderAreNamed() throws IOException {
        Path dir = copy();
        Files.writeString(dir.resolve("notes.txt"), "hand-made answers\n");
        Files.writeString(dir.resolve("kg/extra.tsv"), "1\tr\t2\n");
        Files.createDirectories(dir.resolve("questions/old"));
        fails(dir, "unknown file notes.txt", "unknown file kg/extra.tsv", "unknown folder questions/old");
    }
}
