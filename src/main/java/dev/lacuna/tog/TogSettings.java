package dev.lacuna.tog;

import java.net.URI;
import java.nio.file.Path;

import dev.lacuna.questions.SplitName;
import dev.lacuna.store.SparqlCredentials;
import dev.lacuna.view.Shape;

import dev.langchain4j.model.chat.ChatModel;

/**
 * One run of Lacuna's Think-on-Graph. The command line checks each value and names its option; the checks here are
 * the contract for any other caller.
 *
 * @param endpoint    the SPARQL endpoint serving one graph (e.g. {@code lacuna serve}'s {@code /sparql}); no
 *                    credentials in it, since the URL is written into run.json and messages
 * @param credentials for an endpoint that asks for HTTP Basic, else null
 * @param limits      how long a request and how large an answer may be
 * @param benchmark   the benchmark folder whose questions are asked
 * @param split       which questions
 * @param out         folder for ToG's file and the trace, timings and run files beside it
 * @param dataset     ToG's dataset name: the output is {@code ToG_<dataset>.jsonl}
 * @param shape       how the endpoint names things: Freebase's (what ToG expects) or Lacuna's plain IRIs
 * @param walk        pruning, width, depth, entities kept under llm pruning, seed
 * @param threads     questions walked at once (each walk sends its queries one after another, as ToG does)
 * @param chat        the chat model for llm pruning, else null
 */
public record TogSettings(URI endpoint, SparqlCredentials credentials, ClientLimits limits, Path benchmark,
                          SplitName split, Path out, String dataset, Shape shape, WalkSettings walk, int threads,
                          ChatModel chat) {
    /** What a dataset name may hold: it names files. */
    public static final String DATASET_NAME = "[A-Za-z0-9._-]+";

    public TogSettings {
        if (endpoint.getRawUserInfo() != null) {
            throw new IllegalArgumentException("credentials go in credentials, never in the endpoint's URL");
        }
        if (walk.width() < 1 || walk.depth() < 1 || walk.retain() < 1 || threads < 1) {
            throw new IllegalArgumentException("width, depth, retain and threads must be at least 1");
        }
        if (!dataset.matches(DATASET_NAME)) {
            throw new IllegalArgumentException("a dataset name is letters, digits, '.', '_' or '-': '" + dataset + "'");
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
