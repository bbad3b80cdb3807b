package dev.lacuna.mining;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.Progress;
import dev.lacuna.rules.AnyBurlRules;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.RuleMeasures;
import dev.lacuna.testing.TestData;

/**
 * The miner's rules written in AnyBURL's format and imported again are the same rules with the same measures, with
 * and without constants; the rules AnyBURL cannot say (bodies that are not paths) are the only ones lost.
 */
class AnyBurlRoundTripTest {
    @Test
    void familyRulesComeBackTheSame(@TempDir Path dir) throws IOException {
        KgIndex kg = KgIndex.fromTsv(TestData.kg("family", "facts.txt"));
        MinerOptions options = MinerOptions.defaults().withThreads(2);
        List<MinedRule> mined = new Miner(kg, options).mine();
        int kept = roundTrip(kg, mined, options, dir);
        assertTrue(kept > mined.size() / 2, kept + " of " + mined.size() + " rules are paths");
    }

    @Test
    void rulesWithConstantsComeBackTheSame(@TempDir Path dir) throws IOException {
        KgIndex kg = KgIndex.fromTsv(TestData.kg("umls", "facts.txt"));
        // -minis 10 lets heads with a constant in: at 100 no constant of UMLS has enough facts
        MinerOptions options = new MinerOptions(0.1, 0.3, 0.4, 2, 10, 3, 2, true);
        List<MinedRule> mined = new Miner(kg, options).mine();
        roundTrip(kg, mined, options, dir);
        long constantsWritten = mined.stream().filter(m -> m.rule().hasConstants())
                .filter(m -> AnyBurlRules.format(m.rule()) != null).count();
        assertTrue(constantsWritten > 1000, constantsWritten + " rules with constants written");
    }

    @Test
    void withoutConstantsAllowedTheirRulesAreCountedNotImported(@TempDir Path dir) throws IOException {
        KgIndex kg = KgIndex.fromTsv(TestData.kg("umls", "facts.txt"));
        MinerOptions options = new MinerOptions(0.1, 0.3, 0.4, 2, 10, 3, 2, true);
        List<MinedRule> mined = new Miner(kg, options).mine();
        Path file = write(mined, new ArrayList<>(), dir);
        AnyBurlImport.Result result = AnyBurlImport.measure(file.toString(), AnyBurlRules.read(file), kg,
                UnaryOperator.identity(), options.withConstants(false), Progress.Channel.SILENT);
        assertTrue(result.rules().stream().noneMatch(m -> m.rule().hasConstants()));
        AnyBurlImport.Tally uc = result.tallies().get(AnyBurlRules.Kind.U_C);
        assertTrue(uc.read() > 1000, uc.toString());
        assertEquals(uc.read(), uc.withConstants());
        assertEquals(0, uc.imported());
    }

    /** Writes the rules AnyBURL can say, imports them, and checks they are the same; returns how many. */
    private static int roundTrip(KgIndex kg, List<MinedRule> mined, MinerOptions options, Path dir) throws IOException {
        List<MinedRule> written = new ArrayList<>();
        Path file = write(mined, written, dir);
        AnyBurlImport.Result result = AnyBurlImport.measure(file.toString(), AnyBurlRules.read(file), kg,
                UnaryOperator.identity(), options, Progress.Channel.SILENT);
        assertEquals(written, result.rules());
        int read = 0;
        for (AnyBurlImport.Tally t : result.tallies().values()) {
            read += t.read();
            assertEquals(0, t.belowThresholds());
        }
        assertEquals(written.size(), read);
        return written.size();
    }

    private static Path write(List<MinedRule> mined, List<MinedRule> written, Path dir) throws IOException {
        StringBuilder out = new StringBuilder();
        for (MinedRule m : mined) {
            String text = AnyBurlRules.format(m.rule());
            if (text != null) {
                RuleMeasures r = m.measures();
                out.append(AnyBurlRules.line(r.bodySize(), r.support(), text)).append('\n');
                written.add(m);
            }
        }
        Path file = dir.resolve("rules.txt");
        Files.writeString(file, out.toString());
        return file;
    }
}
