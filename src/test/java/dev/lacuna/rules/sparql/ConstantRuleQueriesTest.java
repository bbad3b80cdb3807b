package dev.lacuna.rules.sparql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Comparator;
import java.util.List;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.lacuna.BadInputException;
import dev.lacuna.rules.AmieRules;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.Rule;
import dev.lacuna.rules.RuleMeasures;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.LacunaVocab;
import dev.lacuna.store.StoreConfig;
import dev.lacuna.store.Stores;

/** Rules with constants (mine --const) as SPARQL: a constant is its entity's IRI; source ids resolve via labels. */
class ConstantRuleQueriesTest {
    private static final KgGraphs KG = KgGraphs.of("tiny");
    private static final ValueFactory VF = SimpleValueFactory.getInstance();
    private Repository repository;
    private SparqlRuleRunner runner;

    private static IRI e(int id) {
        return KG.entity(id);
    }

    private static Statement t(int s, String r, int o) {
        return VF.createStatement(e(s), KG.relation(r), e(o));
    }

    private static Rule rule(String text) {
        return AmieRules.parseRule(text.replace("E", KG.entityPrefix()), null, 1);
    }

    @BeforeEach
    void open() {
        repository = Stores.open(new StoreConfig.MemoryStoreConfig());
        runner = new SparqlRuleRunner(repository, KG);
        try (RepositoryConnection c = repository.getConnection()) {
            // 1, 2, 3 are French (9 = france) and 1, 2 speak French (8 = french); 4 speaks French but is Spanish (7)
            c.add(List.of(t(1, "nationality", 9), t(2, "nationality", 9), t(3, "nationality", 9), t(4, "nationality", 7),
                    t(1, "speaks", 8), t(2, "speaks", 8), t(4, "speaks", 8), t(3, "livesIn", 5), t(5, "cityOf", 9)),
                    KG.complete());
            for (int id : new int[] {1, 2, 3, 4, 5, 7, 8, 9}) {
                c.add(e(id), LacunaVocab.SOURCE_ID, VF.createLiteral("src" + id), KG.labels());
            }
        }
    }

    @AfterEach
    void close() {
        repository.shutDown();
    }

    @Test
    void groundingsOfAConstantHeadUseTheEntity() {
        Rule r = rule("?x  speaks  E8   => ?x  nationality  E9");
        List<GroundingRow> gs = runner.sampleGroundings(r, KG.complete(), 30, 1L);
        assertEquals(List.of(t(1, "nationality", 9), t(2, "nationality", 9)),
                gs.stream().map(GroundingRow::head).sorted(Comparator.comparing(Statement::toString)).toList());
        for (GroundingRow g : gs) {
            assertEquals(1, g.bindings().size());
            assertEquals(List.of(VF.createStatement(g.binding(0), KG.relation("speaks"), e(8))), g.body());
        }
        assertTrue(runner.bodyHolds(r, KG.complete(), e(4), e(9)), "4 speaks French");
        assertFalse(runner.bodyHolds(r, KG.complete(), e(3), e(9)), "3 does not");
        assertFalse(runner.bodyHolds(r, KG.complete(), e(1), e(7)), "the head's constant is 9, not 7");
        // counts pair ?a with ?b: refused for a constant head, with the rule named
        BadInputException x = assertThrows(BadInputException.class, () -> runner.bodySize(r, KG.complete()));
        assertTrue(x.getMessage().contains("constant in its head"), x.getMessage());
    }

    @Test
    void constantsInTheBodyOfATwoVariableRule() {
        Rule r = rule("?x  livesIn  ?c  ?c  cityOf  E9   => ?x  nationality  E9");
        assertEquals(List.of(t(3, "nationality", 9)),
                runner.sampleGroundings(r, KG.complete(), 30, 1L).stream().map(GroundingRow::head).toList());
        Rule pair = rule("?x  speaks  E8  ?y  cityOf  E9   => ?x  livesIn  ?y");
        // body: {1, 2, 4} x {5}; only (3, 5) is a livesIn fact, and 3 does not speak French: no grounding
        assertEquals(3, runner.bodySize(pair, KG.complete()));
        assertEquals(0, runner.support(pair, KG.complete()));
        assertEquals(0, runner.sampleGroundings(pair, KG.complete(), 30, 1L).size());
    }

    @Test
    void aGroundingNeverUsesItsHeadAsItsOwnBodyTriple() {
        // with 9 nationality 9, ?y = 9 would prove "?x nationality 9" from itself for x = 1, 2, 3
        try (RepositoryConnection c = repository.getConnection()) {
            c.add(t(9, "nationality", 9), KG.complete());
        }
        Rule r = rule("?x  nationality  ?y  ?y  nationality  E9   => ?x  nationality  E9");
        List<GroundingRow> gs = runner.sampleGroundings(r, KG.complete(), 30, 1L);
        // every grounding with a true head has y = 9 (x = 1, 2, 3, 9), so its head is its own body triple
        for (GroundingRow g : gs) {
            assertFalse(g.body().contains(g.head()), g.toString());
        }
        assertTrue(gs.isEmpty(), gs.toString());
    }

    @Test
    void sourceIdsResolveThroughTheLabelsGraph() {
        MinedRule m = new MinedRule(AmieRules.parseRule("?x  speaks  src8   => ?x  nationality  src9", null, 1),
                RuleMeasures.of(2, 4, 3, 3, -1));
        assertThrows(BadInputException.class, () -> runner.sampleGroundings(m.rule(), KG.complete(), 30, 1L));
        try (RepositoryConnection c = repository.getConnection()) {
            List<MinedRule> resolved = EntityConstants.resolve(c, KG, List.of(m));
            assertEquals(rule("?x  speaks  E8   => ?x  nationality  E9"), resolved.get(0).rule());
            assertEquals(2, runner.sampleGroundings(resolved.get(0).rule(), KG.complete(), 30, 1L).size());
            MinedRule unknown = new MinedRule(AmieRules.parseRule("?x  speaks  nobody   => ?x  nationality  src9",
                    null, 1), m.measures());
            BadInputException x = assertThrows(BadInputException.class,
                    () -> EntityConstants.resolve(c, KG, List.of(m, unknown)));
            assertTrue(x.getMessage().contains("rule 2") && x.getMessage().contains("'nobody'"), x.getMessage());
        }
    }
}
