package dev.lacuna.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.zip.GZIPInputStream;

/**
 * The test data shipped in the repository's {@code testdata/} folder (KGs and AMIE3 reference rules, with
 * their sources and licences). Files are stored gzipped; {@link #file} hands out a plain copy so that
 * every reader under test sees the file as a user would give it.
 */
public final class TestData {

    private static final Path ROOT = Path.of("testdata");
    private static final Path UNPACKED = Path.of("target", "testdata");

    private TestData() {
    }

    /** A file under {@code testdata/}, for example {@code data/family/facts.txt}, unpacked if stored as .gz. */
    public static synchronized Path file(String relative) {
        Path plain = ROOT.resolve(relative);
        if (Files.exists(plain)) {
            return plain;
        }
        Path packed = ROOT.resolve(relative + ".gz");
        if (!Files.exists(packed)) {
            throw new IllegalArgumentException("no test data " + plain + " or " + packed
                    + " (tests run from the project folder)");
        }
        Path target = UNPACKED.resolve(relative);
        try {
            if (!Files.exists(target) || Files.getLastModifiedTime(target).compareTo(Files.getLastModifiedTime(packed)) < 0) {
                Files.createDirectories(target.getParent());
                // Unpack beside the target and rename, so that a test running in parallel never sees half a file.
                Path part = Files.createTempFile(target.getParent(), target.getFileName().toString(), ".part");
                try (InputStream in = new GZIPInputStream(Files.newInputStream(packed))) {
                    Files.copy(in, part, StandardCopyOption.REPLACE_EXISTING);
                }
                Files.move(part, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("unpacking " + packed, e);
        }
        return target;
    }

    /** A file under {@code testdata/data/}: {@code kg("family", "facts.txt")}. */
    public static Path kg(String kg, String file) {
        return file("data/" + kg + "/" + file);
    }

    /** An AMIE3 reference rule file: {@code amie3("family-maxad3.tsv")}. */
    public static Path amie3(String name) {
        return file("reference/amie3/" + name);
    }

    /** The stored file itself (gzipped where it is stored so), for tests of readers that take .gz. */
    public static Path stored(String relative) {
        return ROOT.resolve(relative);
    }
}
