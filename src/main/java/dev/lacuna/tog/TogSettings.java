package dev.lacuna.tog;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;

import dev.lacuna.BadInputException;
import dev.lacuna.questions.SplitName;
import dev.lacuna.view.Shape;

import dev.langchain4j.model.chat.ChatModel;

/**
 * One run of Lacuna's Think-on-Graph.
 *
 * @param endpoint  the SPARQL endpoint serving one graph (e.g. {@code lacuna serve}'s {@code /sparql})
 * @param benchmark the benchmark folder whose questions are asked
 * @param split     which questions
 * @param out       folder for ToG's file and the trace, timings and run files beside it
 * @param dataset   ToG's dataset name: the output is {@code ToG_<dataset>.jsonl}
 * @param shape     how the endpoint names things: Freebase's (what ToG expects) or Lacuna's plain IRIs
 * @param walk      pruning, width, depth, entities kept under llm pruning, seed
 * @param threads   questions walked at once (each walk sends its queries one after another, as ToG does)
 * @param timeout   per SPARQL request
 * @param chat      the chat model for llm pruning, else null
 */
public record TogSettings(URI endpoint, Path benchmark, SplitName split, Path out, String dataset, Shape shape,
                          WalkSettings walk, int threads, Duration timeout, ChatModel chat) {
    public TogSettings {
        if (walk.width() < 1 || walk.depth() < 1 || walk.retain() < 1) {
            throw new BadInputException("--width, --depth and --retain must be at least 1");
        }
        if (threads < 1) {
            throw new BadInputException("--threads must be at least 1");
        }
        if (!dataset.matches("[A-Za-z0-9._-]+")) {
            throw new BadInputException("--dataset must be letters, digits, '.', '_' or '-' (it names a file): '"
                    + dataset + "'");
        }
        if ((walk.pruning() == Pruning.LLM) != (chat != null)) {
            throw new IllegalArgumentException("a chat model goes with llm pruning only");
        }
    }

    public Path togFile() {
        return out.resolve("ToG_" + dataset + ".jsonl");
    }

    public Path traceFile() {
        return out.resolve("ToG_" + dataset + ".trace.jsonl");
    }

    public Path timingsFile() {
        return out.resolve("ToG_" + dataset + ".timings.jsonl");
    }

    public Path runFile() {
        return out.resolve("ToG_" + dataset + ".run.json");
    }
}
