package dev.lacuna.verify;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.repository.RepositoryConnection;

import dev.lacuna.depth.FactIndex;
import dev.lacuna.depth.ProofProvenance;
import dev.lacuna.folder.GraphFiles;
import dev.lacuna.folder.Summary;
import dev.lacuna.grounding.Grounding;
import dev.lacuna.grounding.Triple;
import dev.lacuna.questions.Question;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.chain.DepthSearch;
import dev.lacuna.rules.chain.RuleMatcher;
import dev.lacuna.rules.sparql.Side;
import dev.lacuna.rules.sparql.SparqlRuleRunner;
import dev.lacuna.store.KgGraphs;

/**
 * {@code verify}'s checks of the proofs of {@code build --depth}'s deeper questions, each step re-done from the
 * folder's rules and the store's incomplete graph: every step is a grounding of a rule of rules.tsv; every body
 * triple is in incomplete (asked by SPARQL) or is an earlier step's head; every step's head is a removed triple
 * and the last one is the question's hard triple; and the depth is exact, no derivation from incomplete being
 * shorter ({@link DepthSearch} over the store's incomplete). A folder of depth-1 questions only has none of
 * these checks.
 */
final class ProofCheck {
    private ProofCheck() {
    }

    /** The questions of depth 1, which the paper's checks cover. */
    static List<Question> depthOne(List<Question> questions) {
        return questions.stream().filter(q -> q.proof() == null && q.depthOrOne() == 1).toList();
    }

    static boolean needed(List<Question> questions) {
        return questions.stream().anyMatch(q -> q.proof() != null || q.depthOrOne() > 1);
    }

    static List<Verifier.Check> checks(RepositoryConnection conn, SparqlRuleRunner runner, KgGraphs kg,
                                       List<MinedRule> rules, List<Question> questions, Set<Triple> removed,
                                       Summary summary) {
        List<RuleMatcher> matchers = RuleMatcher.compile(rules, kg);
        Map<String, RuleMatcher> byText = new HashMap<>();
        matchers.forEach(m -> byText.putIfAbsent(m.rule().rule().toAmie(), m));
        List<String> shape = new ArrayList<>();
        List<String> heads = new ArrayList<>();
        List<Triple> asked = new ArrayList<>();
        List<String> askedBy = new ArrayList<>();
        List<Question> deep = new ArrayList<>();
        for (Question q : questions) {
            if (q.proof() == null && q.depthOrOne() == 1) {
                continue;
            }
            deep.add(q);
            String id = q.id();
            if (q.proof() == null || q.proof().size() != q.depthOrOne()) {
                shape.add(id + ": depth " + q.depthOrOne() + " but " + (q.proof() == null ? "no" : q.proof().size())
                        + " proof steps");
                continue;
            }
            Set<Triple> earlier = new HashSet<>();
            for (int i = 0; i < q.proof().size(); i++) {
                Question.ProofStep step = q.proof().get(i);
                RuleMatcher m = byText.get(step.rule());
                Triple head = ProofProvenance.triple(step.grounding().head());
                if (m == null) {
                    shape.add(id + ": step " + (i + 1) + "'s rule " + step.rule() + " is not in rules.tsv");
                } else if (!isGrounding(m, step.grounding())) {
                    shape.add(id + ": step " + (i + 1) + " is not a grounding of " + step.rule());
                }
                for (List<String> b : step.grounding().body()) {
                    Triple t = ProofProvenance.triple(b);
                    if (!earlier.contains(t)) {
                        asked.add(t);
                        askedBy.add(id + ": step " + (i + 1) + "'s body triple " + String.join(" ", b));
                    }
                }
                if (!removed.contains(head)) {
                    heads.add(id + ": step " + (i + 1) + "'s head " + head.tsv().replace('\t', ' ') + " is not removed");
                }
                earlier.add(head);
            }
            Triple last = ProofProvenance.triple(q.proof().get(q.proof().size() - 1).grounding().head());
            if (!last.equals(hardTriple(q))) {
                heads.add(id + ": the last step's head " + last.tsv().replace('\t', ' ') + " is not the hard triple");
            }
        }
        List<List<Value>> keys = new ArrayList<>(asked.size());
        asked.forEach(t -> keys.add(List.of(kg.entity(t.head()), kg.relation(t.relation()), kg.entity(t.tail()))));
        Set<List<Value>> present = runner.present(kg.incomplete(), keys);
        List<String> bodies = new ArrayList<>();
        for (int i = 0; i < keys.size(); i++) {
            if (!present.contains(keys.get(i))) {
                bodies.add(askedBy.get(i) + " is neither in incomplete nor an earlier step's head");
            }
        }
        List<Verifier.Check> out = new ArrayList<>();
        out.add(new Verifier.Check("proof steps are groundings of rules.tsv's rules", deep.size(), shape));
        out.add(new Verifier.Check("proof bodies in incomplete or earlier heads (SPARQL)", asked.size(), bodies));
        out.add(new Verifier.Check("proof heads removed, the last the hard triple", deep.size(), heads));
        out.add(exactDepth(conn, kg, matchers, deep));
        out.add(summaryDepths(summary, questions));
        return out;
    }

    /** summary.json's questions per depth and rule type are those of the question files. */
    private static Verifier.Check summaryDepths(Summary summary, List<Question> questions) {
        Map<String, Map<String, Long>> counted = new TreeMap<>();
        for (Question q : questions) {
            counted.computeIfAbsent(Integer.toString(q.depthOrOne()), d -> new TreeMap<>())
                    .merge(q.ruleType(), 1L, Long::sum);
        }
        List<String> failures = new ArrayList<>();
        Map<String, Summary.Depth> given = summary.depths() == null ? Map.of() : summary.depths();
        Set<String> depths = new TreeSet<>(counted.keySet());
        depths.addAll(given.keySet());
        for (String d : depths) {
            Map<String, Long> files = counted.getOrDefault(d, Map.of());
            Summary.Depth s = given.get(d);
            long total = files.values().stream().mapToLong(Long::longValue).sum();
            if (s == null || s.questions() == null || s.questions() != total) {
                failures.add("summary.json: depths." + d + ".questions is " + (s == null ? "missing" : s.questions())
                        + ", the question files hold " + total);
                continue;
            }
            Map<String, Long> byType = s.byRuleType() == null ? Map.of() : s.byRuleType();
            for (String type : new TreeSet<>(files.keySet())) {
                if (!files.get(type).equals(byType.get(type))) {
                    failures.add("summary.json: depths." + d + ".by_rule_type." + type + " is " + byType.get(type)
                            + ", the question files hold " + files.get(type));
                }
            }
        }
        return new Verifier.Check("summary.json depths match the question files", depths.size(), failures);
    }

    /** No derivation from the store's incomplete graph shorter than the question's depth. */
    private static Verifier.Check exactDepth(RepositoryConnection conn, KgGraphs kg, List<RuleMatcher> matchers,
                                             List<Question> deep) {
        List<Statement> incomplete = GraphFiles.read(conn, kg.incomplete());
        FactIndex graph = FactIndex.of(kg, incomplete);
        List<String> failures = new ArrayList<>();
        // One search for all questions: what it derives from incomplete holds for each of them, and is kept.
        DepthSearch search = new DepthSearch(matchers, graph);
        for (Question q : deep) {
            Triple hard = hardTriple(q);
            int found = search.depth(hard.fact(), q.depthOrOne() - 1);
            if (found >= 0) {
                failures.add(q.id() + ": depth " + q.depthOrOne() + ", but " + hard.tsv().replace('\t', ' ')
                        + (found == 0 ? " is in incomplete" : " follows from incomplete in " + found + " step(s)"));
            }
        }
        return new Verifier.Check("exact depth: no shorter derivation from incomplete", deep.size(), failures);
    }

    private static boolean isGrounding(RuleMatcher m, Question.Grounding g) {
        if (g.body().size() != m.bodySize()) {
            return false;
        }
        long[] binding = m.unbound();
        for (int a = 0; a < m.bodySize(); a++) {
            Triple t = ProofProvenance.triple(g.body().get(a));
            if (!t.relation().equals(m.relation(a)) || !m.bind(a, t.head(), t.tail(), binding)) {
                return false;
            }
        }
        Triple h = ProofProvenance.triple(g.head());
        return h.relation().equals(m.relation(m.headAtom())) && m.bind(m.headAtom(), h.head(), h.tail(), binding);
    }

    static Triple hardTriple(Question q) {
        long topic = Long.parseLong(q.topicEntity());
        long hard = Long.parseLong(q.hardAnswer());
        return q.side() == Side.HEAD ? new Triple(topic, q.relation(), hard) : new Triple(hard, q.relation(), topic);
    }
}
