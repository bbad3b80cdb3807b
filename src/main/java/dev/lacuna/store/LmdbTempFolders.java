package dev.lacuna.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The folders RDF4J's LMDB store makes in its own folder while it is open and deletes when it is shut down:
 * {@code setNNNN} (a small LMDB environment of the ids it may free, {@code PersistentSetFactory}) and
 * {@code txncacheNNNN} (the writes parked when a map fills, {@code TxnRecordCache}). A process that ends without
 * shutting the store down (killed, or a JVM that exits while the store is open) leaves them behind, one more at
 * every run. The ones present before a store is opened belong to no live process once this one holds the store's
 * lock (LMDB's lock file refuses a second process), so they are removed right after the store opens.
 */
final class LmdbTempFolders {
    private static final Logger LOG = LoggerFactory.getLogger(LmdbTempFolders.class);
    private static final Pattern NAME = Pattern.compile("(set|txncache)-?[0-9]+");

    private LmdbTempFolders() {
    }

    /** RDF4J's temporary folders in the store folder {@code dir}, before the store is opened. */
    static List<Path> present(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.filter(p -> Files.isDirectory(p) && NAME.matcher(p.getFileName().toString()).matches())
                    .sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** Removes the folders found before the store was opened: this process holds the store now, so they are stale. */
    static void removeStale(List<Path> stale) {
        for (Path folder : stale) {
            try (Stream<Path> files = Files.walk(folder)) {
                for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
                LOG.info("removed {}, a temporary folder an earlier process left in the store folder", folder);
            } catch (IOException e) {
                LOG.warn("could not remove {}, a temporary folder an earlier process left in the store folder: {}",
                        folder, e.toString());
            }
        }
    }
}
