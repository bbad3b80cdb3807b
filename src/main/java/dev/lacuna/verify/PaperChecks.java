package dev.lacuna.verify;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.repository.RepositoryConnection;

import dev.lacuna.grounding.QuestionAssembler;
import dev.lacuna.grounding.Triple;
import dev.lacuna.questions.LeakCheck;
import dev.lacuna.questions.Question;
import dev.lacuna.questions.QuestionRequest;
import dev.lacuna.questions.Splitter;
import dev.lacuna.rules.sparql.Side;
import dev.lacuna.rules.sparql.SparqlRuleRunner;
import dev.lacuna.store.GraphChecksum;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.LacunaVocab;

/**
 * The paper's checks of a benchmark (its appendix H, done symbolically): complete unchanged since load, the removed
 * triples removed and nothing else, every grounding body in incomplete, no question naming its hard answer, every
 * answer set complete's, the 8:1:1 split.
 */
final class PaperChecks {
    private PaperChecks() {
    }

    static Verifier.Check completeUnchanged(RepositoryConnection conn, KgGraphs kg, GraphChecksum complete) {
        List<String> failures = new ArrayList<>();
        String recorded = null;
        for (Statement st : conn.getStatements(kg.kg(), LacunaVocab.CHECKSUM, null, false, kg.labels())) {
            recorded = st.getObject().stringValue();
        }
        String now = complete.value();
        if (recorded == null) {
            failures.add("no checksum recorded for " + kg.complete() + " (was the KG loaded with lacuna load?)");
        } else if (!recorded.equals(now)) {
            failures.add("complete has checksum " + now + ", recorded at load " + recorded);
        }
        return new Verifier.Check("complete unchanged since load (checksum)", 1, failures);
    }

    /** Both lookups batched ({@link SparqlRuleRunner#present}): one query per batch of triples, not per triple. */
    static Verifier.Check removedTriples(SparqlRuleRunner runner, KgGraphs kg, List<Triple> removed) {
        List<String> failures = new ArrayList<>();
        List<List<Value>> keys = new ArrayList<>(removed.size());
        removed.forEach(t -> keys.add(key(kg, t)));
        Set<List<Value>> inComplete = runner.present(kg.complete(), keys);
        Set<List<Value>> inIncomplete = runner.present(kg.incomplete(), keys);
        for (int i = 0; i < removed.size(); i++) {
            Triple t = removed.get(i);
            if (!inComplete.contains(keys.get(i))) {
                failures.add(t.tsv().replace('\t', ' ') + " not in complete");
            }
            if (inIncomplete.contains(keys.get(i))) {
                failures.add(t.tsv().replace('\t', ' ') + " still in incomplete");
            }
        }
        return new Verifier.Check("removed triples in complete, not in incomplete", removed.size(), failures);
    }

    static Verifier.Check incompleteIsCompleteMinusRemoved(KgGraphs kg, List<Triple> removed, GraphChecksum completeSum,
                                                          GraphChecksum incompleteSum) {
        GraphChecksum expected = completeSum.copy();
        for (Triple t : removed) {
            expected.remove(kg.entity(t.head()).stringValue(), kg.relation(t.relation()).stringValue(),
                    kg.entity(t.tail()).stringValue());
        }
        String actual = incompleteSum.value();
        List<String> failures = expected.value().equals(actual) ? List.of()
                : List.of("incomplete has " + actual + ", complete minus removed has " + expected.value());
        return new Verifier.Check("incomplete = complete minus removed (checksum)", 1, failures);
    }

    static Verifier.Check bodiesHold(SparqlRuleRunner runner, KgGraphs kg, List<Question> questions) {
        List<List<Value>> keys = new ArrayList<>();
        for (Question q : questions) {
            for (List<String> b : q.grounding().body()) {
                keys.add(key(kg, new Triple(Long.parseLong(b.get(0)), b.get(1), Long.parseLong(b.get(2)))));
            }
        }
        Set<List<Value>> present = runner.present(kg.incomplete(), keys);
        List<String> failures = new ArrayList<>();
        long checked = 0;
        for (Question q : questions) {
            for (List<String> b : q.grounding().body()) {
                if (!present.contains(keys.get((int) checked++))) {
                    failures.add(q.id() + ": body triple " + String.join(" ", b) + " missing from incomplete");
                }
            }
        }
        return new Verifier.Check("grounding body triples hold in incomplete", checked, failures);
    }

    static Verifier.Check noLeaks(List<Question> questions) {
        List<String> failures = new ArrayList<>();
        for (Question q : questions) {
            List<String> h = q.grounding().head();
            QuestionRequest request = QuestionRequest.of(h.get(0), h.get(1), h.get(2), q.side());
            LeakCheck.problem(q.question(), request).ifPresent(p -> failures.add(q.id() + ": " + p));
        }
        return new Verifier.Check("questions name their topic and not their hard answer", questions.size(), failures);
    }

    static Verifier.Check answerSets(SparqlRuleRunner runner, KgGraphs kg, List<Question> questions) {
        List<String> failures = new ArrayList<>();
        List<QuestionAssembler.AnswerKey> keys = new ArrayList<>(questions.size());
        for (Question q : questions) {
            keys.add(new QuestionAssembler.AnswerKey(q.relation(), Long.parseLong(q.topicEntity()),
                    q.side() == Side.HEAD));
        }
        Map<QuestionAssembler.AnswerKey, List<String>> sets = QuestionAssembler.answers(runner, kg, keys);
        for (int i = 0; i < questions.size(); i++) {
            Question q = questions.get(i);
            List<String> expected = sets.get(keys.get(i));
            if (!expected.equals(q.answers())) {
                failures.add(q.id() + ": answers " + q.answers() + ", complete has " + expected);
            } else if (!q.answers().contains(q.hardAnswer())) {
                failures.add(q.id() + ": hard answer " + q.hardAnswer() + " not among the answers");
            }
        }
        return new Verifier.Check("answer sets equal complete's answers", questions.size(), failures);
    }

    /** 8:1:1 within rounding; with deeper questions, each depth on its own (the build splits each depth alone). */
    static Verifier.Check splitSizes(Splitter.Split split) {
        Map<Integer, int[]> actual = new TreeMap<>();
        List<List<Question>> parts = List.of(split.train(), split.valid(), split.test());
        for (int p = 0; p < 3; p++) {
            for (Question q : parts.get(p)) {
                actual.computeIfAbsent(q.depthOrOne(), d -> new int[3])[p]++;
            }
        }
        List<String> failures = new ArrayList<>();
        boolean byDepth = actual.size() > 1;
        for (var e : actual.entrySet()) {
            int[] a = e.getValue();
            int[] expected = Splitter.sizes(a[0] + a[1] + a[2]);
            if (!Arrays.equals(expected, a)) {
                failures.add((byDepth ? "depth " + e.getKey() + ": " : "") + "train/valid/test " + a[0] + "/" + a[1]
                        + "/" + a[2] + ", 8:1:1 gives " + expected[0] + "/" + expected[1] + "/" + expected[2]);
            }
        }
        return new Verifier.Check(byDepth ? "split 8:1:1 within rounding, each depth" : "split 8:1:1 within rounding",
                split.size(), failures);
    }

    private static List<Value> key(KgGraphs kg, Triple t) {
        return List.of(kg.entity(t.head()), kg.relation(t.relation()), kg.entity(t.tail()));
    }
}
