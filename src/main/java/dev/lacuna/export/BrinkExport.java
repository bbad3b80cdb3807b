package dev.lacuna.export;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.lacuna.BadInputException;
import dev.lacuna.LineReader;
import dev.lacuna.folder.CheckedFolder;
import dev.lacuna.questions.Question;
import dev.lacuna.questions.SplitName;

/**
 * BRINK's own files (boschresearch/brink): the KG as {@code facts.tsv} ({@code "h"<TAB>relation<TAB>"t"}, entities
 * quoted as in its data/family/facts.tsv), the questions per split as {@code train.tsv}, {@code val.tsv},
 * {@code test.tsv} with the columns question_generation.py writes ({@code id, rule_index, question, q_entity,
 * answer, a_entity, rule, grounding}; list columns as Python list literals, which its scripts read back with
 * ast.literal_eval; split names from split_qa_or_grounding.py), and {@code gold.json} for the test split in the
 * shape evaluation/evaluate_brink.py loads ({@code [{id, question, answers, hard_answer}]}).
 *
 * <p>{@code answer} holds every answer (after BRINK's complete-answer search) and {@code a_entity} the hard answer
 * whose triple was deleted, as question_generation.py first writes it.
 */
final class BrinkExport {
    private static final String[] COLUMNS = {"id", "rule_index", "question", "q_entity", "answer", "a_entity", "rule", "grounding"};

    private BrinkExport() {
    }

    static void write(CheckedFolder folder, ExportSettings s, Names names, Path out, ObjectNode summary) throws IOException {
        long facts = GraphExport.streamLines(folder, s.graph(), out.resolve("facts.tsv"),
                t -> quoted(names.of(t[0])) + "\t" + t[1] + "\t" + quoted(names.of(t[2])));
        Map<String, Integer> ruleIndex = ruleIndex(folder.layout().rulesFile());
        for (Map.Entry<SplitName, List<Question>> split : folder.questions().entrySet()) {
            try (BufferedWriter w = Files.newBufferedWriter(out.resolve(file(split.getKey())), StandardCharsets.UTF_8)) {
                w.write(String.join("\t", COLUMNS));
                w.write('\n');
                for (Question q : split.getValue()) {
                    String[] row = {
                        q.id(),
                        Integer.toString(ruleIndex.getOrDefault(q.rule(), -1)),
                        names.questionTextOrSame(q),
                        pyList(List.of(names.of(q.topicEntity()))),
                        pyList(names.of(q.answers())),
                        pyList(List.of(names.of(q.hardAnswer()))),
                        pyList(List.of(q.rule())),
                        pyList(List.of(grounding(q, names))),
                    };
                    for (int i = 0; i < row.length; i++) {
                        w.write(i == 0 ? "" : "\t");
                        w.write(clean(row[i]));
                    }
                    w.write('\n');
                }
            }
        }
        ArrayNode gold = QuestionsOut.JSON.createArrayNode();
        for (Question q : folder.questions().get(SplitName.TEST)) {
            ObjectNode g = gold.addObject();
            g.put("id", q.id());
            g.put("question", names.questionTextOrSame(q));
            ArrayNode answers = g.putArray("answers");
            names.of(q.answers()).forEach(answers::add);
            g.put("hard_answer", names.of(q.hardAnswer()));
            if (q.depth() != null) {
                g.put("depth", q.depth());
            }
        }
        QuestionsOut.JSON.writerWithDefaultPrettyPrinter().writeValue(out.resolve("gold.json").toFile(), gold);
        summary.put("facts", facts);
        summary.put("gold_questions", gold.size());
    }

    /** split_qa_or_grounding.py's file names. */
    static String file(SplitName split) {
        return switch (split) {
            case TRAIN -> "train.tsv";
            case VALID -> "val.tsv";
            case TEST -> "test.tsv";
        };
    }

    /** BRINK's grounding string: the body triples, then "=>" and the head triple, tokens separated by spaces. */
    static String grounding(Question q, Names names) {
        StringBuilder b = new StringBuilder();
        for (List<String> t : q.grounding().body()) {
            b.append(names.of(t.get(0))).append(' ').append(t.get(1)).append(' ').append(names.of(t.get(2))).append("  ");
        }
        List<String> h = q.grounding().head();
        return b.append("=> ").append(names.of(h.get(0))).append(' ').append(h.get(1)).append(' ').append(names.of(h.get(2))).toString();
    }

    /** The position of each rule in rules.tsv (0 = the first rule after the header), BRINK's rule_index. */
    private static Map<String, Integer> ruleIndex(Path rules) {
        Map<String, Integer> out = new HashMap<>();
        if (!Files.exists(rules)) {
            throw new BadInputException(rules.toString(), -1, -1, "missing: BRINK's rule_index needs the benchmark's rules");
        }
        try (LineReader r = LineReader.open(rules)) {
            String line = r.readLine();
            int i = 0;
            while ((line = r.readLine()) != null) {
                if (!line.isBlank()) {
                    out.putIfAbsent(line.split("\t", 2)[0], i++);
                }
            }
        } catch (IOException e) {
            throw new BadInputException(rules.toString(), -1, -1, "cannot read: " + e.getMessage(), e);
        }
        return out;
    }

    private static String quoted(String name) {
        return "\"" + name.replace("\"", "'") + "\"";
    }

    /** A Python list literal of strings, as str(list) prints it (single quotes, escaped). */
    static String pyList(List<String> items) {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < items.size(); i++) {
            if (i > 0) {
                b.append(", ");
            }
            b.append('\'').append(items.get(i).replace("\\", "\\\\").replace("'", "\\'")).append('\'');
        }
        return b.append(']').toString();
    }

    private static String clean(String s) {
        return s.replace('\t', ' ').replace('\n', ' ').replace('\r', ' ');
    }
}
