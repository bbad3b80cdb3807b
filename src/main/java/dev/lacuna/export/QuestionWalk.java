package dev.lacuna.export;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.lacuna.Progress;
import dev.lacuna.folder.CheckedFolder;
import dev.lacuna.questions.Question;
import dev.lacuna.questions.SplitName;

/**
 * The walk every per-question-subgraph format makes (RoG, GNN-RAG): each split's file in turn, and for each of its
 * questions the topic's subgraph, held against the answers ({@link SubgraphChecks}), turned into the format's row
 * and written as one JSON line. The format decides only its file names and its row.
 */
final class QuestionWalk {
    /** One question's row in a format. */
    interface Row {
        ObjectNode of(Question q, ExportGraphs.Subgraph subgraph) throws IOException;
    }

    private QuestionWalk() {
    }

    static void walk(CheckedFolder folder, ExportGraphs graphs, ExportSettings s, Path out, String task,
            Function<SplitName, String> fileName, SubgraphChecks checks, Row row) throws IOException {
        try (Progress progress = Progress.start(task, folder.questionCount(), "questions")) {
            for (Map.Entry<SplitName, List<Question>> split : folder.questions().entrySet()) {
                try (BufferedWriter w = Files.newBufferedWriter(out.resolve(fileName.apply(split.getKey())), StandardCharsets.UTF_8)) {
                    for (Question q : split.getValue()) {
                        ExportGraphs.Subgraph g = graphs.subgraph(s.graph(), q.topicEntity(), s.hops(), s.maxTriples(), s.seed(), q.id());
                        checks.check(q, g);
                        w.write(QuestionsOut.JSON.writeValueAsString(row.of(q, g)));
                        w.write('\n');
                        progress.step(1);
                    }
                }
            }
        }
    }
}
