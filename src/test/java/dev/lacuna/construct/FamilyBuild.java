package dev.lacuna.construct;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.rdf4j.repository.Repository;

import dev.lacuna.rules.AmieRules;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.KgLoader;
import dev.lacuna.store.StoreConfig;
import dev.lacuna.store.Stores;
import dev.lacuna.testing.TestData;

/** Test support: the bundled Family KG in a fresh store, and the AMIE3 reference rules. */
public final class FamilyBuild {
    public static final KgGraphs KG = KgGraphs.of("family");

    private FamilyBuild() {
    }

    public static Path bundledFamily(Path dir) throws IOException {
        Path file = dir.resolve("family.tsv");
        try (InputStream in = FamilyBuild.class.getResourceAsStream("/kg/family.tsv")) {
            Files.copy(in, file);
        }
        return file;
    }

    public static Repository loadedStore(StoreConfig config, Path dir, long seed) throws IOException {
        Repository repository = Stores.open(config);
        Path file = dir.resolve("family.tsv");
        if (!Files.exists(file)) {
            bundledFamily(dir);
        }
        new KgLoader(repository, KG).load(List.of(file), new KgLoader.Options(null, null, seed, false));
        return repository;
    }

    public static List<MinedRule> referenceRules() {
        return AmieRules.read(TestData.amie3("family-maxad3.tsv"));
    }
}
