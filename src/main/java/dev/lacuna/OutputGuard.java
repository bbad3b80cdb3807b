package dev.lacuna;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Collection;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * The one check every command that writes files makes before it reads or writes anything: its output must not
 * be one of its inputs. {@code mine --input F --output F} replaced a KG with its rules, and {@code evaluate -o
 * BENCH/summary.json} a benchmark's summary with a report. Refused (exit 2, naming both paths), so nothing is
 * written:
 * <ul>
 * <li>an output that is an input file, however named: the same path, through {@code ..} or a symbolic link, or a
 *     hard link to it (the file keys are compared, as {@link Files#isSameFile} does);</li>
 * <li>an output inside an input folder (a benchmark folder, a store), or a hard link to one of its files;</li>
 * <li>an output folder that holds an input, which replacing the folder would delete.</li>
 * </ul>
 */
public final class OutputGuard {
    /** Files of an input folder compared by file key against an output outside it; beyond, only paths count. */
    private static final int MAX_FOLDER_FILES = 10_000;

    private OutputGuard() {
    }

    /** Refuses {@code output}, given as {@code option}, when it is, lies inside or holds one of {@code inputs} (nulls skipped). */
    public static void refuseInputs(String option, Path output, Collection<Path> inputs) {
        if (output == null) {
            return;
        }
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
        throw new BadInputException(output.toString(), -1, -1, option + " " + output + " " + problem
                + ": writing it would overwrite that input, so nothing was written; choose another path");
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
