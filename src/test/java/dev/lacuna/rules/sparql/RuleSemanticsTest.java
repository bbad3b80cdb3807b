package dev.lacuna.rules.sparql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Comparator;
import java.util.List;
import java.util.Set;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.lacuna.rules.AmieRules;
import dev.lacuna.rules.Rule;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.StoreConfig;
import dev.lacuna.store.Stores;

/** The corner cases of AMIE3's semantics and the paper's grounding rule, on hand-made triples. */
class RuleSemanticsTest {
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

    @BeforeEach
    void open() {
        repository = Stores.open(new StoreConfig.MemoryStoreConfig());
        runner = new SparqlRuleRunner(repository, KG);
    }

    @AfterEach
    void close() {
        repository.shutDown();
    }

    private void add(Statement... triples) {
        try (RepositoryConnection c = repository.getConnection()) {
            c.add(List.of(triples), KG.complete());
        }
    }

    private static Rule rule(String text) {
        return AmieRules.parseRule(text, null, 1);
    }

    @Test
    void variablesAreNotInjective() {
        // 1 and 2 share parent 3: ?a and ?b may both bind 1 (AMIE3 counts the pair (1, 1) too)
        add(t(1, "child", 3), t(2, "child", 3), t(1, "sibling", 2));
        Rule r = rule("?a  child  ?c  ?b  child  ?c   => ?a  sibling  ?b");
        assertEquals(4, runner.bodySize(r, KG.complete()), "(1,1) (1,2) (2,1) (2,2)");
        assertEquals(1, runner.support(r, KG.complete()));
        assertEquals(List.of(t(1, "sibling", 1), t(2, "sibling", 1), t(2, "sibling", 2)),
                runner.predictions(r, KG.complete()).stream().sorted(Comparator.comparing(Statement::toString)).toList());
    }

    @Test
    void pcaBodySizeCountsOnlyPairsWhoseFunctionalSideHasAFact() {
        add(t(1, "husband", 2), t(3, "husband", 4), t(2, "wife", 1), t(6, "wife", 5));
        Rule r = rule("?b  husband  ?a   => ?a  wife  ?b");
        assertEquals(2, runner.bodySize(r, KG.complete()), "(2,1) (4,3)");
        assertEquals(1, runner.pcaBodySize(r, KG.complete(), -1), "only ?a=2 has a wife fact");
        assertEquals(1, runner.pcaBodySize(r, KG.complete(), -2), "only ?b=1 is some wife's object");
        assertEquals(-1, runner.functionalVariable("wife", KG.complete()), "2 subjects, 2 objects: subject side");
    }

    @Test
    void aGroundingWhoseHeadIsOneOfItsBodyTriplesIsNotAGrounding() {
        // with ?c = ?a the body triple ?c r ?b is the head ?a r ?b itself
        add(t(1, "r", 2), t(1, "s", 9));
        Rule r = rule("?c  r  ?b  ?c  s  ?d  ?a  s  ?d   => ?a  r  ?b");
        assertEquals(1, runner.support(r, KG.complete()), "AMIE3's support still counts it");
        assertEquals(List.of(), runner.groundings(r, KG.complete()));
        assertEquals(List.of(), runner.sampleGroundings(r, KG.complete(), 30, 1, SparqlRuleRunner.Sampling.IN_STORE));
        // another entity with the same s-fact and r-fact: now ?c can be the other one, for either head
        add(t(5, "s", 9), t(5, "r", 2));
        List<GroundingRow> gs = runner.groundings(r, KG.complete());
        assertEquals(2, gs.size(), gs.toString());
        for (GroundingRow g : gs) {
            assertTrue(!g.binding(0).equals(g.binding(2)), "?c != ?a in " + g);
            assertTrue(!g.body().contains(g.head()), g.toString());
        }
        assertEquals(Set.of(t(1, "r", 2), t(5, "r", 2)),
                Set.of(gs.get(0).head(), gs.get(1).head()));
    }
}
