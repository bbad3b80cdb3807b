package dev.lacuna.build;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import dev.lacuna.questions.Balancer;
import dev.lacuna.questions.Question;
import dev.lacuna.questions.Splitter;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.RuleType;
import dev.lacuna.store.KgGraphs;

/**
 * What a build produced, as summary.json and as the printed tables in the shape of the paper's Tables 1 and
 * 3. No times or dates go into summary.json: the same inputs and seed must give the same bytes.
 */
public record BuildReport(Map<String, Object> summary) {
    /** The paper's figures for Family (Tables 1 and 3), printed beside ours when the KG is Family-Complete. */
    static final long FAMILY_TRIPLES = 17_615;
    static final Map<String, Long> PAPER_FAMILY = paperFamily();

    private static Map<String, Long> paperFamily() {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("symmetry", 0L);
        m.put("inversion", 6L);
        m.put("hierarchy", 0L);
        m.put("composition", 56L);
        m.put("other", 83L);
        m.put("rules", 145L);
        m.put("complete", 17_615L);
        m.put("incomplete", 15_785L);
        m.put("removed", 1_830L);
        m.put("train", 1_749L);
        m.put("valid", 218L);
        m.put("test", 198L);
        m.put("questions", 2_165L);
        return m;
    }

    static BuildReport of(KgGraphs kg, List<MinedRule> rules, int candidates, GroundingSelector.Selection selection,
                          int removed, long completeTriples, long incompleteTriples, QuestionAssembler.Outcome outcome,
                          Balancer.Result<Question> balanced, Splitter.Split split, Map<String, String> parameters) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("kg", kg.name());
        s.put("base", kg.base());
        s.put("parameters", parameters);
        Map<String, Long> types = new LinkedHashMap<>();
        for (RuleType t : RuleType.values()) {
            types.put(t.label(), 0L);
        }
        for (MinedRule r : rules) {
            types.merge(RuleType.of(r.rule()).label(), 1L, Long::sum);
        }
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("total", rules.size());
        r.put("by_type", types);
        s.put("rules", r);
        Map<String, Object> g = new LinkedHashMap<>();
        g.put("candidates", candidates);
        g.put("selected", selection.selected().size());
        g.put("skipped_head_is_body_of_selected", selection.headIsProtected());
        g.put("skipped_body_uses_deleted_head", selection.bodyUsesDeleted());
        g.put("skipped_head_in_own_body", selection.headInOwnBody());
        s.put("groundings", g);
        Map<String, Object> t = new LinkedHashMap<>();
        t.put("complete", completeTriples);
        t.put("incomplete", incompleteTriples);
        t.put("removed", removed);
        s.put("triples", t);
        Map<String, Object> q = new LinkedHashMap<>();
        q.put("candidates", outcome.candidates());
        q.put("dropped_by_leak_check", outcome.generation().dropped());
        q.put("regenerated", outcome.generation().regenerated());
        q.put("duplicates_merged", outcome.duplicatesMerged());
        q.put("before_balancing", outcome.questions().size());
        q.put("removed_by_balancing", balanced.removed());
        q.put("downsampled_answers", balanced.downsampledAnswers().size());
        q.put("train", split.train().size());
        q.put("valid", split.valid().size());
        q.put("test", split.test().size());
        q.put("total", split.size());
        s.put("questions", q);
        return new BuildReport(s);
    }

    public void writeJson(Path file) throws IOException {
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        Files.writeString(file, mapper.writeValueAsString(summary) + "\n");
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> part(String key) {
        return (Map<String, Object>) summary.get(key);
    }

    private long number(String part, String key) {
        return ((Number) part(part).get(key)).longValue();
    }

    /** Prints Tables 1 and 3 of the paper for this build, with the paper's figures beside Family's. */
    @SuppressWarnings("unchecked")
    public void print(PrintStream out) {
        boolean family = number("triples", "complete") == FAMILY_TRIPLES;
        String kg = (String) summary.get("kg");
        Map<String, Object> rules = part("rules");
        Map<String, Long> types = (Map<String, Long>) rules.get("by_type");
        out.println();
        out.println("Table 1: mined rules by type" + (family ? " (paper's Family figures beside)" : ""));
        out.printf("  %-12s %8s%s%n", "type", kg, family ? String.format(" %8s", "paper") : "");
        for (Map.Entry<String, Long> e : types.entrySet()) {
            out.printf("  %-12s %,8d%s%n", e.getKey(), e.getValue(),
                    family ? String.format(" %,8d", PAPER_FAMILY.get(e.getKey())) : "");
        }
        out.printf("  %-12s %,8d%s%n", "total", ((Number) rules.get("total")).longValue(),
                family ? String.format(" %,8d", PAPER_FAMILY.get("rules")) : "");
        out.println();
        out.println("Table 3: triples and questions" + (family ? " (paper's Family figures in brackets)" : ""));
        out.printf("  %-22s %18s %14s %12s %12s %14s%n", "Dataset", "#Triples", "Train", "Val", "Test", "Total Qs");
        for (String variant : new String[] {"complete", "incomplete"}) {
            out.printf("  %-22s %18s %14s %12s %12s %14s%n", kg + "-" + variant.substring(0, 1).toUpperCase() + variant.substring(1),
                    cell(number("triples", variant), family ? PAPER_FAMILY.get(variant) : null),
                    cell(number("questions", "train"), family ? PAPER_FAMILY.get("train") : null),
                    cell(number("questions", "valid"), family ? PAPER_FAMILY.get("valid") : null),
                    cell(number("questions", "test"), family ? PAPER_FAMILY.get("test") : null),
                    cell(number("questions", "total"), family ? PAPER_FAMILY.get("questions") : null));
        }
        out.printf("  removed triples: %s; groundings selected %,d of %,d candidates; questions: %,d candidates, %,d dropped by the leak check, %,d duplicates merged, %,d removed by balancing%n",
                cell(number("triples", "removed"), family ? PAPER_FAMILY.get("removed") : null),
                number("groundings", "selected"), number("groundings", "candidates"),
                number("questions", "candidates"), number("questions", "dropped_by_leak_check"),
                number("questions", "duplicates_merged"), number("questions", "removed_by_balancing"));
    }

    private static String cell(long ours, Long paper) {
        return paper == null ? String.format("%,d", ours) : String.format("%,d (%,d)", ours, paper);
    }
}
