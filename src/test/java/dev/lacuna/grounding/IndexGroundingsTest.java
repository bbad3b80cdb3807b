package dev.lacuna.grounding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.construct.FamilyBuild;
import dev.lacuna.mining.KgIndex;
import dev.lacuna.mining.Miner;
import dev.lacuna.mining.MinerOptions;
import dev.lacuna.rules.AmieRules;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.sparql.EntityConstants;
import dev.lacuna.rules.sparql.GroundingRow;
import dev.lacuna.rules.sparql.SparqlRuleRunner;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.KgLoader;
import dev.lacuna.store.StoreConfig;
import dev.lacuna.store.Stores;
import dev.lacuna.testing.TestData;

/**
 * Every rule's groundings drawn from the integer index are those the SPARQL path draws: the same groundings in
 * the same order, for the build's k (30), for a k past most rules' totals (the whole key order), and the same
 * count of all groundings. Rules: AMIE3's reference rules of Family (maxad 4: up to three body atoms, and the
 * same relation in head and body) and Kinship, and Family's rules mined with constants.
 */
class IndexGroundingsTest {
    @TempDir
    Path tmp;

    private static Repository loaded(KgGraphs kg, Path file) {
        Repository repository = Stores.open(new StoreConfig.MemoryStoreConfig());
        new KgLoader(repository, kg).load(List.of(file), KgLoader.Options.defaults());
        return repository;
    }

    @Test
    void familyRulesDrawTheSameGroundingsAsSparql() throws IOException {
        Repository repository = FamilyBuild.loadedStore(new StoreConfig.MemoryStoreConfig(), tmp, 42);
        try {
            List<MinedRule> rules = AmieRules.read(TestData.amie3("family-maxad4.tsv"));
            compareAll(repository, FamilyBuild.KG, rules.subList(0, 250), 5);
        } finally {
            repository.shutDown();
        }
    }

    @Test
    void rulesWithConstantsDrawTheSameGroundingsAsSparql() {
        KgGraphs kg = KgGraphs.of("umls");
        Repository repository = loaded(kg, TestData.kg("umls", "facts.txt"));
        try {
            KgIndex index = KgIndex.fromRepository(repository, kg);
            MinerOptions d = MinerOptions.defaults();
            // minhc 0.3 keeps it short (Family has no constant with enough support at all)
            MinerOptions options = new MinerOptions(0.3, d.minStdConfidence(), d.minPcaConfidence(), 3,
                    d.minInitialSupport(), d.maxRelationOccurrences(), 2).withConstants(true);
            List<MinedRule> withConstants = new ArrayList<>();
            for (MinedRule m : new Miner(index, options).mine()) {
                if (m.rule().hasConstants()) {
                    withConstants.add(m);
                }
            }
            List<MinedRule> rules = new ArrayList<>();
            for (int i = 0; i < withConstants.size(); i += 20) {
                rules.add(withConstants.get(i));
            }
            assertTrue(rules.size() > 100, "UMLS has rules with constants at maxad 3: " + withConstants.size());
            try (RepositoryConnection c = repository.getConnection()) {
                rules = EntityConstants.resolve(c, kg, rules); // as build does for --rules
            }
            compareAll(repository, kg, rules, 6);
        } finally {
            repository.shutDown();
        }
    }

    @Test
    void kinshipRulesDrawTheSameGroundingsAsSparql() {
        KgGraphs kg = KgGraphs.of("kinship");
        Repository repository = loaded(kg, TestData.kg("kinship", "facts.txt"));
        try {
            compareAll(repository, kg, AmieRules.read(TestData.amie3("kinship-maxad3.tsv")), 7);
        } finally {
            repository.shutDown();
        }
    }

    private static void compareAll(Repository repository, KgGraphs kg, List<MinedRule> rules, long seed) {
        IndexGroundings index = new IndexGroundings(KgIndex.fromRepository(repository, kg), kg);
        SparqlRuleRunner sparql = new SparqlRuleRunner(repository, kg, SparqlRuleRunner.Sampling.IN_JAVA);
        SplittableRandom seeds = new SplittableRandom(seed);
        long groundings = 0;
        for (int i = 0; i < rules.size(); i++) {
            MinedRule rule = rules.get(i);
            long ruleSeed = seeds.nextLong();
            String what = "rule " + (i + 1) + " " + rule.rule().toAmie();
            long all = sparql.groundings(rule.rule(), kg.complete()).size();
            for (int k : new int[] {30, 500}) {
                IndexGroundings.Sample sample = index.sample(i, rule, k, ruleSeed);
                assertEquals(sparqlSample(sparql, kg, i, rule, k, ruleSeed), sample.groundings(), what + " k=" + k);
                assertEquals(all, sample.total(), what);
            }
            groundings += all;
        }
        assertTrue(groundings > 1000, "the rules have groundings to compare: " + groundings);
    }

    /** What the build made of the SPARQL path's groundings (construct.GroundingDraw's conversion to private ids). */
    private static List<Grounding> sparqlSample(SparqlRuleRunner runner, KgGraphs kg, int ruleIndex, MinedRule rule,
            int k, long seed) {
        List<Grounding> out = new ArrayList<>();
        for (GroundingRow g : runner.sampleGroundings(rule.rule(), kg.complete(), k, seed)) {
            List<Triple> body = new ArrayList<>();
            for (Statement st : g.body()) {
                body.add(triple(kg, st));
            }
            out.add(new Grounding(ruleIndex, rule, body, triple(kg, g.head())));
        }
        return out;
    }

    private static Triple triple(KgGraphs kg, Statement st) {
        return new Triple(kg.privateId((IRI) st.getSubject()), kg.relationName(st.getPredicate()),
                kg.privateId((IRI) st.getObject()));
    }
}
