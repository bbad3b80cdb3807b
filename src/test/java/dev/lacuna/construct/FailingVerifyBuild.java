package dev.lacuna.construct;

import java.nio.file.Path;
import java.util.List;

import org.eclipse.rdf4j.repository.Repository;

import dev.lacuna.grounding.GroundingSelector;
import dev.lacuna.questions.GeneratorKind;
import dev.lacuna.rules.AmieRules;
import dev.lacuna.store.StoreSpec;
import dev.lacuna.store.Stores;
import dev.lacuna.verify.Verifier;

/**
 * A build whose own verify fails (one injected failed check, as any check may fail), run as a process of its own so
 * that a test can kill it while it puts the previous build back: {@code FailingVerifyBuild STORE RULES OUT SEED}.
 * Exits 1 once the failure is reported, as {@code lacuna build} would.
 */
public final class FailingVerifyBuild {
    private FailingVerifyBuild() {
    }

    public static void main(String[] args) {
        Repository repository = Stores.open(StoreSpec.parse(args[0]));
        int exit = 1;
        try {
            BuildSettings settings = new BuildSettings(Path.of(args[2]), true, 30, 0.01, Long.parseLong(args[3]),
                    GeneratorKind.TEMPLATE, null, null, 500, GroundingSelector.Mode.FILTER);
            BuildCheck check = new BuildCheck(System.out,
                    new Verifier.Check("injected check", 1, List.of("q00001: made to fail")));
            new BenchmarkBuilder(repository, FamilyBuild.KG).buildVerified(AmieRules.read(Path.of(args[1])), "x",
                    settings, check);
            exit = 0;
        } catch (RuntimeException e) {
            System.out.println("build failed: " + e.getMessage());
        } finally {
            Stores.close(repository);
        }
        System.exit(exit);
    }
}
