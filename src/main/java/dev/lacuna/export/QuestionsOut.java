package dev.lacuna.export;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.lacuna.Json;
import dev.lacuna.folder.CheckedFolder;
import dev.lacuna.questions.Question;
import dev.lacuna.questions.SplitName;

/** Lacuna's own question files, renamed into one label setting (for the tsv and RDF formats). */
final class QuestionsOut {
    static final ObjectMapper JSON = Json.mapper();

    private QuestionsOut() {
    }

    /** The question with every entity (topic, answers, hard answer, grounding) and its text in the setting. */
    static Question renamed(Question q, Names names) {
        List<Question.ProofStep> proof = q.proof() == null ? null : q.proof().stream()
                .map(s -> new Question.ProofStep(s.rule(), renamed(s.grounding(), names))).toList();
        return new Question(q.id(), names.questionTextOrSame(q), names.of(q.topicEntity()), q.relation(), q.direction(),
                names.of(q.answers()), names.of(q.hardAnswer()), q.rule(), q.ruleType(), renamed(q.grounding(), names),
                q.otherRules(), q.split(), q.depth(), proof);
    }

    private static Question.Grounding renamed(Question.Grounding g, Names names) {
        return g == null ? null : new Question.Grounding(
                g.body().stream().map(t -> renamedTriple(t, names)).toList(), renamedTriple(g.head(), names));
    }

    private static List<String> renamedTriple(List<String> t, Names names) {
        return List.of(names.of(t.get(0)), t.get(1), names.of(t.get(2)));
    }

    /** questions/{train,valid,test}.jsonl; returns how many questions do not name their topic in their text. */
    static int write(Path dir, CheckedFolder folder, Names names) throws IOException {
        Files.createDirectories(dir);
        int unnamed = 0;
        for (Map.Entry<SplitName, List<Question>> split : folder.questions().entrySet()) {
            try (BufferedWriter w = Files.newBufferedWriter(dir.resolve(split.getKey().label() + ".jsonl"), StandardCharsets.UTF_8)) {
                for (Question q : split.getValue()) {
                    if (names.questionText(q) == null) {
                        unnamed++;
                    }
                    w.write(JSON.writeValueAsString(renamed(q, names)));
                    w.write('\n');
                }
            }
        }
        return unnamed;
    }

    static List<Question> all(CheckedFolder folder) {
        List<Question> out = new ArrayList<>();
        folder.questions().values().forEach(out::addAll);
        return out;
    }
}
