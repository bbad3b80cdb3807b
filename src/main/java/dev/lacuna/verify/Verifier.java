package dev.lacuna.verify;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.repository.Repository;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.lacuna.BadInputException;
import dev.lacuna.LineReader;
import dev.lacuna.LacunaException;
import dev.lacuna.folder.BenchmarkFolder;
import dev.lacuna.folder.RegularFiles;
import dev.lacuna.grounding.Triple;
import dev.lacuna.store.GraphChecksum;

/**
 * {@code lacuna verify DIR}: checks a benchmark folder against the store it was built in, each check with a
 * count: removed triples are in complete and not in incomplete; incomplete is exactly complete minus the
 * removed triples; every question's grounding body holds in incomplete, triple by triple and through the
 * rule's compiled body query (the paper's appendix H, done symbolically); no question names its hard answer;
 * every answer set equals complete's answers; the split is 8:1:1 within rounding; complete still has the
 * checksum recorded when it was loaded; and, so that an edited folder cannot pass, the {@link FolderChecks}:
 * files against the store, hard answers against removed.tsv, summary.json's counts against the files; and the
 * {@link RecordChecks}: each question's fields against the store's record of it, the files build writes byte for
 * byte, summary.json's sums, and no unknown field or file. The checks are the list {@link VerifyChecks#ALL}, run by
 * the {@link CheckRunner} on what {@link VerifyInput} names.
 */
public final class Verifier {
    private static final int SHOWN = 10;
    /** The check added when a leftover folder suggests a build stopped before its rename. */
    static final String LEFTOVER_CHECK = "no build stopped between its commit and its folder's rename";
    private static final Logger LOG = LoggerFactory.getLogger(Verifier.class);

    /** One check: how many items it looked at and which failed. */
    public record Check(String name, long checked, List<String> failures) {
        public boolean passed() {
            return failures.isEmpty();
        }
    }

    /** All checks of one folder. */
    public record Report(List<Check> checks) {
        public boolean passed() {
            return checks.stream().allMatch(Check::passed);
        }

        public void print(PrintStream out) {
            for (Check c : checks) {
                out.printf("  %-4s %-58s %,8d checked%s%n", c.passed() ? "ok" : "FAIL", c.name(), c.checked(),
                        c.passed() ? "" : ", " + c.failures().size() + " failed: "
                                + String.join("; ", c.failures().subList(0, Math.min(SHOWN, c.failures().size()))));
            }
        }

        /** Throws with the offending ids when any check failed. */
        public void requirePassed() {
            List<String> failed = new ArrayList<>();
            for (Check c : checks) {
                if (!c.passed()) {
                    failed.add(c.name() + " (" + c.failures().size() + " failed, e.g. "
                            + String.join("; ", c.failures().subList(0, Math.min(SHOWN, c.failures().size()))) + ")");
                }
            }
            if (!failed.isEmpty()) {
                throw new LacunaException("verification failed: " + String.join(" | ", failed));
            }
        }
    }

    private Verifier() {
    }

    /** {@code lacuna verify}'s checks of the folder at {@code dir}, every file written again from the store. */
    public static Report verify(Repository repository, Path dir) {
        return verify(VerifyInput.fromStore(repository, dir));
    }

    /**
     * The build's own verify: as {@link #verify(Repository, Path)}, the store's graphs held against {@code written},
     * what each graph file of the folder was written from, rather than written out of the store again.
     */
    public static Report verify(Repository repository, Path dir, WrittenGraphs written) {
        return verify(VerifyInput.justWritten(repository, dir, written));
    }

    /** Every check of {@link VerifyChecks#ALL} on {@code input}. */
    public static Report verify(VerifyInput input) {
        return verify(input, VerifyChecks.ALL);
    }

    /** The checks of {@code checks} on {@code input}, reported in the list's order. */
    static Report verify(VerifyInput input, List<VerifyCheck> checks) {
        long started = System.nanoTime();
        List<Check> done = new ArrayList<>(CheckRunner.run(checks, new Reads(input), input.progress()));
        LOG.info("verified {} in {} s", input.dir(), Reads.seconds(started));
        String interrupted = done.stream().allMatch(Check::passed) ? null : RecordChecks.interruptedRename(input.dir());
        if (interrupted != null) {
            done.add(0, new Check(LEFTOVER_CHECK, 1, List.of(interrupted)));
        }
        return new Report(done);
    }

    /** The benchmark folder at {@code dir}; bad input when there is none, or its summary cannot be read. */
    static BenchmarkFolder folder(Path dir) {
        if (!Files.isDirectory(dir)) {
            String interrupted = RecordChecks.interruptedRename(dir);
            throw new BadInputException(dir.toString(), -1, -1, "no such benchmark folder"
                    + (interrupted == null ? "" : "; " + interrupted));
        }
        RegularFiles.require(dir);
        return BenchmarkFolder.at(dir);
    }

    /**
     * The graphs of the KG as the store holds them ({@link GraphScan}): complete and incomplete packed
     * ({@link StoreGraph}), not held as statements, with the checksums computed from the store's own statements.
     */
    record StoreGraphs(StoreGraph complete, GraphChecksum completeSum, StoreGraph incomplete,
                       GraphChecksum incompleteSum, List<Statement> labels, List<Statement> benchmark) {
    }

    static List<Triple> readTriples(Path file) {
        List<Triple> out = new ArrayList<>();
        try (LineReader lines = LineReader.open(file)) {
            String s;
            while ((s = lines.readLine()) != null) {
                long line = lines.lineNumber();
                if (s.isBlank()) {
                    continue;
                }
                String[] f = s.split("\t");
                if (f.length != 3) {
                    throw new BadInputException(file.toString(), line, -1, "expected head<TAB>relation<TAB>tail");
                }
                try {
                    out.add(new Triple(Long.parseLong(f[0]), f[1], Long.parseLong(f[2])));
                } catch (NumberFormatException e) {
                    throw new BadInputException(file.toString(), line, -1, "entity ids must be private ids (numbers)");
                }
            }
        } catch (NoSuchFileException e) {
            throw new BadInputException(file.toString(), -1, -1, "missing: not a complete benchmark folder");
        } catch (IOException e) {
            throw new BadInputException(file.toString(), -1, -1, "cannot read: " + e.getMessage());
        }
        return out;
    }

}
