package dev.lacuna.answer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.junit.jupiter.api.Test;

import dev.lacuna.questions.Question;
import dev.lacuna.rules.AmieRules;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.RuleMeasures;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.StoreConfig;
import dev.lacuna.store.Stores;

/** The rules responder with rules mined by --const: a constant head derives its constant, or its variable's values. */
class ConstantRulesResponderTest {
    private static final KgGraphs KG = KgGraphs.of("tiny");
    private static final ValueFactory VF = SimpleValueFactory.getInstance();

    private static Statement t(int s, String r, int o) {
        return VF.createStatement(KG.entity(s), KG.relation(r), KG.entity(o));
    }

    private static MinedRule rule(String text) {
        return new MinedRule(AmieRules.parseRule(text.replace("E", KG.entityPrefix()), null, 1),
                RuleMeasures.of(1, 2, 2, 2, -1));
    }

    private static Question question(String topic, String relation, String direction) {
        return new Question("q", "?", topic, relation, direction, List.of(), null, null, null, null, null, null);
    }

    @Test
    void constantHeadsAnswerOnBothSides() {
        Repository repo = Stores.open(new StoreConfig.MemoryStoreConfig());
        try (RepositoryConnection c = repo.getConnection()) {
            // 1 and 2 speak French (8); 3 lives in 5, a city of France (9); 4 speaks Spanish (7)
            c.add(List.of(t(1, "speaks", 8), t(2, "speaks", 8), t(4, "speaks", 7), t(3, "livesIn", 5),
                    t(5, "cityOf", 9)), KG.complete());
            RulesResponder responder = new RulesResponder(new GraphAccess(c, KG, KG.complete()), List.of(
                    rule("?x  speaks  E8   => ?x  nationality  E9"),
                    rule("?x  livesIn  ?c  ?c  cityOf  E9   => ?x  nationality  E9"),
                    rule("?x  speaks  E7   => E7  spokenBy  ?x")));
            assertEquals(List.of("9"), responder.answer(question("1", "nationality", Question.HEAD)).prediction());
            assertEquals(List.of("9"), responder.answer(question("3", "nationality", Question.HEAD)).prediction());
            assertEquals(List.of(), responder.answer(question("4", "nationality", Question.HEAD)).prediction());
            // France as topic: everyone the rules make French
            assertEquals(List.of("1", "2", "3"), responder.answer(question("9", "nationality", Question.TAIL)).prediction());
            assertEquals(List.of(), responder.answer(question("7", "nationality", Question.TAIL)).prediction());
            // constant on the subject side of the head
            assertEquals(List.of("4"), responder.answer(question("7", "spokenBy", Question.HEAD)).prediction());
            assertEquals(List.of("7"), responder.answer(question("4", "spokenBy", Question.TAIL)).prediction());
            assertEquals(List.of(), responder.answer(question("1", "spokenBy", Question.TAIL)).prediction());
        } finally {
            repo.shutDown();
        }
    }
}
