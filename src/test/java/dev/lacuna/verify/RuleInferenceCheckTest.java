package dev.lacuna.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Statement;
import org.junit.jupiter.api.Test;

import dev.lacuna.construct.FamilyBuild;
import dev.lacuna.grounding.Grounding;
import dev.lacuna.questions.Question;
import dev.lacuna.questions.QuestionFiles;
import dev.lacuna.rules.sparql.SparqlRuleRunner;

/**
 * verify's check that each hard answer is inferable in incomplete by its rule's compiled body query, its rules
 * queried at once on several threads: it names exactly the questions whose head pair no grounding of their rule's body
 * reaches, whichever rule they belong to, and nothing else.
 */
class RuleInferenceCheckTest extends TamperedFolderTest {
    private static final long NO_SUCH_ENTITY = 987_654_321L;

    @Test
    void everyQuestionOfTheBuildIsInferable() {
        List<Question> questions = QuestionFiles.read(built).all();
        Verifier.Check check = RuleInferenceCheck.check(new SparqlRuleRunner(repository, FamilyBuild.KG),
                FamilyBuild.KG, questions);
        assertEquals(questions.size(), check.checked());
        assertTrue(check.passed(), check.failures().toString());
        assertTrue(questions.stream().map(Question::rule).distinct().count() > 1, "the build's questions use several rules");
    }

    /** One question of each of two rules gets a hard answer nothing in the KG reaches: those two fail, no other. */
    @Test
    void namesTheQuestionsWhoseRuleBodyDoesNotReachTheirHead() {
        List<Question> questions = new ArrayList<>(QuestionFiles.read(built).all());
        Map<String, Integer> firstOfRule = new LinkedHashMap<>();
        for (int i = 0; i < questions.size(); i++) {
            firstOfRule.putIfAbsent(questions.get(i).rule(), i);
        }
        List<String> expected = new ArrayList<>();
        for (int i : firstOfRule.values().stream().limit(2).toList()) {
            Question q = questions.get(i);
            List<String> head = List.of(q.grounding().head().get(0), q.grounding().head().get(1), Long.toString(NO_SUCH_ENTITY));
            questions.set(i, new Question(q.id(), q.question(), q.topicEntity(), q.relation(), q.direction(), q.answers(),
                    q.hardAnswer(), q.rule(), q.ruleType(), new Question.Grounding(q.grounding().body(), head),
                    q.otherRules(), q.split()));
            expected.add(q.id() + ": rule body does not hold in incomplete for " + String.join(" ", head));
        }
        Verifier.Check check = RuleInferenceCheck.check(new SparqlRuleRunner(repository, FamilyBuild.KG),
                FamilyBuild.KG, questions);
        assertEquals(questions.size(), check.checked());
        assertEquals(expected, check.failures());
    }

    /** Every triple at a question's head ends taken out of incomplete in the store, so no body reaches it: it fails. */
    @Test
    void failsWhenTheStoreNoLongerHoldsTheBody() {
        List<Question> questions = QuestionFiles.read(built).all();
        Question q = questions.get(0);
        var kg = FamilyBuild.KG;
        List<Statement> taken = new ArrayList<>();
        IRI head = kg.entity(Long.parseLong(q.grounding().head().get(0)));
        IRI tail = kg.entity(Long.parseLong(q.grounding().head().get(2)));
        try (var conn = repository.getConnection()) {
            // Every triple at the head's subject and object in incomplete: no grounding of any body can touch them.
            for (IRI end : List.of(head, tail)) {
                conn.getStatements(end, null, null, false, kg.incomplete()).forEach(taken::add);
                conn.getStatements(null, null, end, false, kg.incomplete()).forEach(taken::add);
            }
            conn.remove(taken, kg.incomplete());
        }
        try {
            Verifier.Check check = RuleInferenceCheck.check(new SparqlRuleRunner(repository, kg), kg, questions);
            assertTrue(check.failures().contains(q.id() + ": rule body does not hold in incomplete for "
                    + String.join(" ", q.grounding().head())), check.failures().toString());
        } finally {
            try (var conn = repository.getConnection()) {
                conn.add(taken, kg.incomplete());
            }
        }
        assertTrue(RuleInferenceCheck.check(new SparqlRuleRunner(repository, kg), kg, questions).passed(),
                "the store restored");
    }
}
