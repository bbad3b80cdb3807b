package dev.lacuna.rules.sparql;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.repository.Repository;

import dev.lacuna.rules.AmieRules;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.KgLoader;
import dev.lacuna.store.SparqlFiles;
import dev.lacuna.testing.TestData;

/**
 * The Family KG (testdata/data/family/facts.txt) loaded with the project's loader, and the same facts as
 * triples of entity IRIs, mapped from source ids through the labels graph (read with sparql/labels.rq).
 */
final class FamilyFixture {
    static final KgGraphs KG = KgGraphs.of("family");
    private static final ValueFactory VF = SimpleValueFactory.getInstance();

    private FamilyFixture() {
    }

    static Path facts() {
        return TestData.kg("family", "facts.txt");
    }

    static Path rulesFile() {
        return TestData.amie3("family-maxad3.tsv");
    }

    static List<MinedRule> rules() {
        return AmieRules.read(rulesFile());
    }

    /** Loads facts.txt into the complete graph (and the labels graph) with the project's loader. */
    static void load(Repository repository) {
        new KgLoader(repository, KG).load(List.of(facts()), KgLoader.Options.defaults());
    }

    /** Entity IRI by source id, from the labels graph of a loaded store. */
    static Map<String, IRI> entities(SparqlRuleRunner runner) {
        Map<String, IRI> out = new HashMap<>();
        SparqlRuleRunner.Table t = runner.select(SparqlFiles.render("labels.rq", Map.of("graph", KG.labels())));
        int entity = t.columns().indexOf("entity");
        int sourceId = t.columns().indexOf("sourceId");
        for (List<Value> row : t.rows()) {
            out.put(row.get(sourceId).stringValue(), (IRI) row.get(entity));
        }
        return out;
    }

    /** The facts as triples of the store's entity IRIs, without a graph. */
    static List<Statement> triples(Map<String, IRI> entities) {
        try {
            List<Statement> out = new ArrayList<>();
            for (String line : Files.readAllLines(facts())) {
                if (line.isBlank()) {
                    continue;
                }
                String[] t = line.split("\t");
                out.add(VF.createStatement(entities.get(t[0]), KG.relation(t[1]), entities.get(t[2])));
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
