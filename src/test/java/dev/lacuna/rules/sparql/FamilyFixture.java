package dev.lacuna.rules.sparql;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;

import dev.lacuna.rules.AmieRules;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.store.KgGraphs;

/**
 * Test-only loader of the Family KG (../shared/data/family/facts.txt) into the complete graph: entity IRIs
 * from the integer ids, relation IRIs from the names. Counts do not depend on the id mapping.
 */
final class FamilyFixture {
    static final KgGraphs KG = KgGraphs.of("family");
    private static final ValueFactory VF = SimpleValueFactory.getInstance();

    private FamilyFixture() {
    }

    static Path shared() {
        return Path.of(System.getProperty("lacuna.shared", "../shared"));
    }

    static Path facts() {
        return shared().resolve("data/family/facts.txt");
    }

    static Path rulesFile() {
        return shared().resolve("reference/amie3/family-maxad3.tsv");
    }

    static List<MinedRule> rules() {
        return AmieRules.read(rulesFile());
    }

    /** The facts as triples without a graph. */
    static List<Statement> triples() {
        try {
            List<Statement> out = new ArrayList<>();
            for (String line : Files.readAllLines(facts())) {
                if (line.isBlank()) {
                    continue;
                }
                String[] t = line.split("\t");
                out.add(VF.createStatement(KG.entity(Long.parseLong(t[0])), KG.relation(t[1]),
                        KG.entity(Long.parseLong(t[2]))));
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Adds the facts to the complete graph in one transaction. */
    static void load(Repository repository) {
        try (RepositoryConnection c = repository.getConnection()) {
            c.begin();
            c.add(triples(), KG.complete());
            c.commit();
        }
    }
}
