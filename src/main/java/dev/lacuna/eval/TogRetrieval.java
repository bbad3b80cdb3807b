package dev.lacuna.eval;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

import dev.lacuna.BadInputException;

/**
 * What ToG retrieved, from its own files. Its record's {@code reasoning_chains} (the real ToG's and Lacuna's alike:
 * per depth a list holding one list of {@code [entity, relation, entity]} triplets, named as the endpoint names
 * entities, written from the entity the walk stood on) are the evidence its reader was shown. {@code lacuna tog}
 * writes beside its file a trace, {@code ToG_<dataset>.trace.jsonl}, whose {@code triples} list every triple the
 * walk's entity searches brought back, kept by the pruning or not, as {@code [subject, relation, object]} in the
 * endpoint's ids.
 */
final class TogRetrieval {
    private TogRetrieval() {
    }

    /** The record's chains as retrieval, or null when it has no {@code reasoning_chains}. */
    static Retrieval chains(JsonNode record) {
        JsonNode chains = record.get("reasoning_chains");
        if (chains == null || !chains.isArray()) {
            return null;
        }
        List<List<String>> triples = new ArrayList<>();
        collect(chains, triples);
        return Retrieval.of(triples);
    }

    /** Every array of three strings below {@code node}: ToG nests its triplets a level deeper than it needs. */
    private static void collect(JsonNode node, List<List<String>> out) {
        if (node.size() == 3 && node.get(0).isTextual() && node.get(1).isTextual() && node.get(2).isTextual()) {
            out.add(List.of(node.get(0).asText(), node.get(1).asText(), node.get(2).asText()));
            return;
        }
        for (JsonNode child : node) {
            if (child.isArray()) {
                collect(child, out);
            }
        }
    }

    /** {@code ToG_test.trace.jsonl} beside {@code ToG_test.jsonl}. */
    static Path traceBeside(Path togFile) {
        String name = togFile.getFileName().toString();
        String stem = name.endsWith(".jsonl") ? name.substring(0, name.length() - ".jsonl".length()) : name;
        return togFile.resolveSibling(stem + ".trace.jsonl");
    }

    /**
     * The records with the fetched triples of the trace beside {@code togFile}, where there is one (a note says it was
     * read); records without chains are left as they are.
     */
    static List<SystemOutput> withTrace(Path togFile, List<SystemOutput> records, List<String> notes) {
        Map<String, List<List<String>>> trace = trace(togFile);
        if (trace == null) {
            return records;
        }
        List<SystemOutput> out = new ArrayList<>(records.size());
        for (SystemOutput o : records) {
            List<List<String>> fetched = trace.get(o.id());
            out.add(o.retrieval() == null || fetched == null ? o : o.withRetrieval(o.retrieval().withFetched(fetched)));
        }
        notes.add("tog: the triples each walk fetched were read from " + traceBeside(togFile) + " (lacuna tog's trace)");
        return out;
    }

    /** The trace's triples by question id, or null when there is no trace beside the file. */
    static Map<String, List<List<String>>> trace(Path togFile) {
        Path trace = traceBeside(togFile);
        if (!Files.isRegularFile(trace)) {
            return null;
        }
        Map<String, List<List<String>>> out = new HashMap<>();
        PredictionsReader.forEachJsonLine(trace, line -> {
            JsonNode id = line.node().get("id");
            JsonNode triples = line.node().get("triples");
            if (id == null || !id.isTextual() || triples == null || !triples.isArray()) {
                throw new BadInputException(trace.toString(), line.line(), -1,
                        "expected lacuna tog's trace: {\"id\": ..., \"triples\": [[subject, relation, object], ...], ...}");
            }
            List<List<String>> list = new ArrayList<>(triples.size());
            for (JsonNode t : triples) {
                if (!t.isArray() || t.size() != 3) {
                    throw new BadInputException(trace.toString(), line.line(), -1,
                            "a \"triples\" entry is not [subject, relation, object]");
                }
                list.add(List.of(t.get(0).asText(), t.get(1).asText(), t.get(2).asText()));
            }
            out.put(id.asText(), list);
        });
        return out;
    }
}
