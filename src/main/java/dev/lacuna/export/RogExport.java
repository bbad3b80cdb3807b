package dev.lacuna.export;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.lacuna.folder.CheckedFolder;
import dev.lacuna.questions.Question;
import dev.lacuna.questions.SplitName;
import dev.lacuna.rules.sparql.Side;

/**
 * RoG's dataset (RManLuo/reasoning-on-graphs, the rmanluo/RoG-webqsp rows its src/qa_prediction/gen_rule_path.py
 * loads with load_dataset): {@code train.jsonl}, {@code validation.jsonl}, {@code test.jsonl}, one row per
 * question with {@code id, question, answer, q_entity, a_entity, graph, choices}; {@code graph} is the topic's
 * k-hop neighbourhood as {@code [h, r, t]} names. JSON Lines rather than Parquet: load_dataset("json", ...) reads
 * it, and no small, well-kept Java Parquet writer exists (parquet-java pulls in Hadoop).
 *
 * <p>RoG's src/utils/graph_utils.py build_graph puts the triples in an undirected networkx Graph, which keeps one
 * relation per entity pair: the summary counts the triples that collapse that way.
 *
 * <p>{@code rule_paths.jsonl} holds, per question, the relation paths of the rules that infer its answer, walked from
 * the topic to the answer, so RoG's path reasoning runs on Lacuna's own rules instead of LLM-generated ones; each row
 * has every field gen_rule_path.py writes ({@link #rulePathRow}), since predict_answer.py reads them.
 */
final class RogExport {
    private RogExport() {
    }

    /** RoG's file names: the splits of rmanluo/RoG-webqsp. */
    static String file(SplitName split) {
        return switch (split) {
            case TRAIN -> "train.jsonl";
            case VALID -> "validation.jsonl";
            case TEST -> "test.jsonl";
        };
    }

    static void write(CheckedFolder folder, ExportGraphs graphs, ExportSettings s, Names names, Path out,
            ObjectNode summary, SubgraphChecks checks, SystemView view) throws IOException {
        long[] triples = {0};
        long[] collapsed = {0};
        long[] capped = {0};
        try (BufferedWriter rules = Files.newBufferedWriter(out.resolve("rule_paths.jsonl"), StandardCharsets.UTF_8)) {
            QuestionWalk.walk(folder, graphs, s, out, "export rog", RogExport::file, checks, (q, g) -> {
                boolean ownTriple = view.subgraph(q, g);
                ObjectNode row = QuestionsOut.JSON.createObjectNode();
                row.put("id", q.id());
                row.put("question", names.questionTextOrSame(q));
                ArrayNode answer = row.putArray("answer");
                names.of(q.answers()).forEach(answer::add);
                row.putArray("q_entity").add(names.of(q.topicEntity()));
                ArrayNode aEntity = row.putArray("a_entity");
                names.of(q.answers()).forEach(aEntity::add);
                ArrayNode graph = row.putArray("graph");
                Set<String> pairs = new HashSet<>();
                for (String[] t : g.triples()) {
                    String h = names.of(t[0]);
                    String o = names.of(t[2]);
                    graph.addArray().add(h).add(t[1]).add(o);
                    // networkx nodes are the names as written: entities that share a text label are one node.
                    String pair = h.compareTo(o) <= 0 ? h + '\t' + o : o + '\t' + h;
                    if (!pairs.add(pair)) {
                        collapsed[0]++;
                    }
                }
                row.putArray("choices");
                if (q.depth() != null) {
                    row.put("depth", q.depth());
                }
                triples[0] += g.triples().size();
                capped[0] += g.dropped() > 0 ? 1 : 0;

                List<String[]> named = new ArrayList<>(g.triples().size());
                for (JsonNode t : graph) {
                    named.add(new String[] {t.get(0).asText(), t.get(1).asText(), t.get(2).asText()});
                }
                RogGraph seen = new RogGraph(named);
                view.rog(q, names, seen, ownTriple);
                rules.write(QuestionsOut.JSON.writeValueAsString(rulePathRow(q, names, seen)));
                rules.write('\n');
                return row;
            });
        }
        summary.put("subgraph_triples", triples[0]);
        summary.put("collapsed_by_rog_undirected_graph", collapsed[0]);
        summary.put("questions_with_capped_subgraph", capped[0]);
    }

    /** The instruction gen_rule_path.py prompts its path generator with, before the question. */
    static final String RULE_INSTRUCTION = "Please generate a valid relation path that can be helpful for answering the following question: ";

    /**
     * One row of rule_paths.jsonl with every field gen_rule_path.py writes, in its shapes: {@code prediction} (the
     * relation paths, which predict_answer.py's merge_rule_result reads), {@code ground_paths} (read there
     * unconditionally, and by --use_true and --filter_empty: the relation sequences of the shortest paths from topic to
     * answers in RoG's own graph of the row), {@code input} (the instruction and question; no LLM was prompted) and
     * {@code raw_output} ({@code paths} as RoG's {@code <PATH>r1<SEP>r2</PATH>} strings, which its parse_prediction turns
     * back into {@code prediction}; {@code scores} 0.0, the log-probability of a path taken from a rule rather than a
     * beam, and {@code norm_scores} their softmax).
     */
    static ObjectNode rulePathRow(Question q, Names names, RogGraph graph) {
        ObjectNode row = QuestionsOut.JSON.createObjectNode();
        row.put("id", q.id());
        String question = names.questionTextOrSame(q);
        row.put("question", question);
        List<List<String>> predicted = RulePaths.of(q);
        ArrayNode prediction = row.putArray("prediction");
        for (List<String> path : predicted) {
            ArrayNode p = prediction.addArray();
            path.forEach(p::add);
        }
        ArrayNode ground = row.putArray("ground_paths");
        for (List<String> path : graph.groundPaths(List.of(names.of(q.topicEntity())), names.of(q.answers()))) {
            ArrayNode p = ground.addArray();
            path.forEach(p::add);
        }
        row.put("input", RULE_INSTRUCTION + question);
        ObjectNode raw = row.putObject("raw_output");
        ArrayNode texts = raw.putArray("paths");
        ArrayNode scores = raw.putArray("scores");
        ArrayNode norm = raw.putArray("norm_scores");
        for (List<String> path : predicted) {
            texts.add("<PATH>" + String.join("<SEP>", path) + "</PATH>");
            scores.add(0.0);
            norm.add(1.0 / predicted.size());
        }
        return row;
    }

    /** Relation paths of a question's rules, walked from the topic's variable to the answer's. */
    static final class RulePaths {
        private RulePaths() {
        }

        static List<List<String>> of(Question q) {
            List<List<String>> out = new ArrayList<>();
            List<String> rules = new ArrayList<>();
            rules.add(q.rule());
            if (q.otherRules() != null) {
                rules.addAll(q.otherRules());
            }
            for (String rule : rules) {
                List<String> path = path(rule, q.side() == Side.HEAD);
                if (path != null && !out.contains(path)) {
                    out.add(path);
                }
            }
            return out;
        }

        /**
         * The body atoms as a chain from the head's topic variable to its answer variable; null when the body is
         * not such a chain (a constant, a dangling atom, a branch).
         */
        static List<String> path(String rule, boolean topicIsHead) {
            String[] parts = rule.split("=>");
            if (parts.length != 2) {
                return null;
            }
            String[] body = parts[0].trim().split("\\s+");
            String[] head = parts[1].trim().split("\\s+");
            if (body.length % 3 != 0 || head.length != 3) {
                return null;
            }
            String from = topicIsHead ? head[0] : head[2];
            String to = topicIsHead ? head[2] : head[0];
            int atoms = body.length / 3;
            boolean[] used = new boolean[atoms];
            List<String> path = new ArrayList<>();
            String at = from;
            for (int step = 0; step < atoms; step++) {
                int next = -1;
                for (int i = 0; i < atoms; i++) {
                    if (!used[i] && (body[3 * i].equals(at) || body[3 * i + 2].equals(at))) {
                        next = i;
                        break;
                    }
                }
                if (next < 0) {
                    return null;
                }
                used[next] = true;
                path.add(body[3 * next + 1]);
                at = body[3 * next].equals(at) ? body[3 * next + 2] : body[3 * next];
            }
            return at.equals(to) && from.startsWith("?") ? path : null;
        }
    }
}
