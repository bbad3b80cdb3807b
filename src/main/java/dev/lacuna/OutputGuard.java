package dev.lacuna;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The one check every command that writes files makes before it reads or writes anything (and {@code serve}
 * before it serves, not at its stop): its output must not be one of its inputs, nor land in a store or a benchmark
 * folder. {@code mine --input F --output F} replaced a KG with its rules, {@code evaluate -o BENCH/summary.json} a
 * benchmark's summary with a report, and {@code serve --keep-updates STORE/triples/data.mdb} an LMDB store's data
 * file with SPARQL. Refused (exit 2, naming the paths), so nothing is written:
 * <ul>
 * <li>an output that is an input file, however named: the same path, through {@code ..} or a symbolic link, or a
 *     hard link to it (the file keys are compared, as {@link Files#isSameFile} does);</li>
 * <li>an output inside an input folder (a benchmark folder, a store), or a hard link to one of its files;</li>
 * <li>an output folder that holds an input, which replacing the folder would delete;</li>
 * <li>an output inside any store folder or benchmark folder, input of the command or not, found by what each
 *     holds ({@link #storeFolder}, {@link #benchmarkFolder}): a file written there destroys the store or makes the
 *     benchmark fail {@code verify}; and an output that is a store folder;</li>
 * <li>for a file ({@link #file}): a path that is a folder or no regular file (a device, a pipe), or whose folder
 *     does not exist or cannot be written;</li>
 * <li>for a folder a command creates or fills, such as a store ({@link #folder}): a benchmark folder.</li>
 * </ul>
 */
public final class OutputGuard {
    /** Files of an input folder compared by file key against an output outside it; beyond, only paths count. */
    private static final int MAX_FOLDER_FILES = 10_000;
    /** The version files RDF4J writes into the folder of an LMDB store and of a NativeStore. */
    private static final List<String> STORE_MARKERS = List.of("lmdbrdf.ver", "nativerdf.ver");

    private OutputGuard() {
    }

    /**
     * A file a command writes, given as {@code option}: refused as {@link #refuseInputs} refuses an output, and also
     * when it is a folder or no regular file, or its folder does not exist or cannot be written (a typing error
     * found now rather than after an hour of mining or a day of serving).
     */
    public static void file(String option, Path output, Collection<Path> inputs) {
        if (output == null) {
            return;
        }
        refuseInputs(option, output, inputs);
        if (Files.isDirectory(output)) {
            refuse(option, output, "is a folder", "give the path of a file");
        }
        if (Files.exists(output) && !Files.isRegularFile(output)) {
            refuse(option, output, "exists and is no regular file (a device, a pipe or a socket), which writing it"
                    + " would replace", "give the path of a file");
        }
        Path parent = output.toAbsolutePath().normalize().getParent();
        if (parent == null || !Files.isDirectory(parent)) {
            refuse(option, output, "is in " + parent + (parent != null && Files.exists(parent) ? ", which is no folder"
                    : ", a folder that does not exist"), "create that folder first, or choose a path in an existing one");
        }
        if (!Files.isWritable(parent)) {
            refuse(option, output, "is in the folder " + parent + ", which this user cannot write",
                    "choose a path in a folder you can write");
        }
    }

    /**
     * A store's folder that a command creates or fills ({@code --view-store}, {@code --store}): refused when it is,
     * lies inside or holds one of {@code inputs}, lies inside a store or benchmark folder, or is a benchmark folder.
     */
    public static void folder(String option, Path output, Collection<Path> inputs) {
        if (output == null) {
            return;
        }
        refuseOnto(option, output, inputs);
        refuseKeptFolders(option, output, false);
        if (Files.isDirectory(output) && benchmarkFolder(output)) {
            refuse(option, output, "is a benchmark folder", "verify would find files build never wrote there;"
                    + " choose a folder outside it");
        }
    }

    /**
     * Refuses {@code output}, given as {@code option}, when it is, lies inside or holds one of {@code inputs} (nulls
     * skipped), lies inside a store folder or a benchmark folder, or is a store folder.
     */
    public static void refuseInputs(String option, Path output, Collection<Path> inputs) {
        if (output == null) {
            return;
        }
        refuseOnto(option, output, inputs);
        refuseKeptFolders(option, output, true);
    }

    private static void refuseOnto(String option, Path output, Collection<Path> inputs) {
        Path out = real(output);
        for (Path input : inputs) {
            if (input == null) {
                continue;
            }
            Path in = real(input);
            boolean folder = Files.isDirectory(input);
            if (out.equals(in) || sameFile(output, input)) {
                refuse(option, output, "is the input " + (folder ? "folder " : "") + input);
            }
            if (folder && Files.exists(output) && !Files.isDirectory(output)) {
                Path twin = sameFileInside(output, input);
                if (twin != null) {
                    refuse(option, output, "is the file " + twin + " of the input folder " + input
                            + (Files.isSymbolicLink(output) ? " (through a symbolic link)" : out.startsWith(in) ? ""
                            : " (a hard link to it)"));
                }
            }
            if (folder && out.startsWith(in)) {
                refuse(option, output, "lies inside the input folder " + input);
            }
            if (in.startsWith(out)) {
                refuse(option, output, "holds the input " + input + ", which writing there would replace");
            }
        }
    }

    /** Two outputs of one command must be two files. */
    public static void refuseSame(String option, Path output, String otherOption, Path other) {
        if (output != null && other != null && (real(output).equals(real(other)) || sameFile(output, other))) {
            refuse(option, output, "is also given as " + otherOption + " " + other + "; give two different files");
        }
    }

    private static void refuse(String option, Path output, String problem) {
        refuse(option, output, problem + ": writing it would overwrite that input", "choose another path");
    }

    private static void refuse(String option, Path output, String problem, String remedy) {
        throw new BadInputException(output.toString(), -1, -1, option + " " + output + " " + problem
                + ", so nothing was written; " + remedy);
    }

    /**
     * A store's or a benchmark's folder among the output's parent folders (the real ones: a symbolic link is
     * followed, {@code ..} resolved), or the output itself a store folder. Refused whether or not the command
     * reads that folder: {@code serve --keep-updates} reads no benchmark, and wrote over its summary.json.
     * {@code storeToo}: the output may not be a store folder itself either (it may for a store's own folder).
     */
    private static void refuseKeptFolders(String option, Path output, boolean storeToo) {
        Path out = real(output);
        if (storeToo && Files.isDirectory(out) && storeFolder(out)) {
            refuse(option, output, "is the folder of a store", "choose a path outside every store");
        }
        for (Path folder = out.getParent(); folder != null; folder = folder.getParent()) {
            if (storeFolder(folder)) {
                refuse(option, output, "lies inside the store folder " + folder + ", whose files only the store may"
                        + " write", "choose a path outside every store");
            }
            if (benchmarkFolder(folder)) {
                refuse(option, output, "lies inside the benchmark folder " + folder + ", whose files only lacuna build"
                        + " writes (verify fails on any other)", "choose a path outside every benchmark folder");
            }
        }
    }

    /** Whether {@code dir} is the folder of an embedded RDF4J store (LMDB or native): RDF4J's version file is there. */
    public static boolean storeFolder(Path dir) {
        return STORE_MARKERS.stream().anyMatch(marker -> Files.isRegularFile(dir.resolve(marker)));
    }

    /**
     * Whether {@code dir} is a Lacuna benchmark folder (a finished one, one a build left aside as failed or before its
     * rename): its summary.json is an object naming its KG, with the format version or the triple counts that
     * {@code build} writes.
     */
    public static boolean benchmarkFolder(Path dir) {
        Path summary = dir.resolve("summary.json");
        if (!Files.isRegularFile(summary)) {
            return false;
        }
        try {
            JsonNode n = Json.mapper().readTree(summary.toFile());
            return n != null && n.path("kg").isTextual() && (n.path("format").isNumber() || n.path("triples").isObject());
        } catch (IOException e) {
            return false;
        }
    }

    /** Whether two existing paths are one file (symbolic links followed, hard links by file key). */
    private static boolean sameFile(Path a, Path b) {
        try {
            return Files.exists(a) && Files.exists(b) && Files.isSameFile(a, b);
        } catch (IOException e) {
            return false;
        }
    }

    private static Path sameFileInside(Path output, Path folder) {
        Object key = fileKey(output);
        if (key == null) {
            return null;
        }
        try (Stream<Path> files = Files.walk(folder)) {
            return files.limit(MAX_FOLDER_FILES).filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS))
                    .filter(p -> Objects.equals(key, fileKey(p))).findFirst().orElse(null);
        } catch (IOException | UncheckedIOException e) {
            return null;
        }
    }

    private static Object fileKey(Path p) {
        try {
            return Files.readAttributes(p, BasicFileAttributes.class).fileKey();
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * The path with symbolic links and {@code ..} resolved as far as it exists, the rest appended: a file not yet
     * written is placed by its real parent folder.
     */
    public static Path real(Path p) {
        Path abs = p.toAbsolutePath().normalize();
        Path existing = abs;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return abs;
        }
        try {
            return existing.toRealPath().resolve(existing.relativize(abs));
        } catch (IOException e) {
            return abs;
        }
    }
}
