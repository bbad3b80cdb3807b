package dev.lacuna;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * Imports go one way, from later pipeline stages to earlier ones (docs/architecture.md): the packages form no
 * cycle, nothing imports the command line, and the stages that share a lower package stay apart (the build does
 * not reach into export, export does not reach into serve; both name graphs through {@code view}).
 */
class PackageDependencyTest {

    private static final Path MAIN = Path.of("src/main/java/dev/lacuna");
    private static final Pattern IMPORT = Pattern.compile("^import (?:static )?dev\\.lacuna\\.((?:[a-z]\\w*\\.)*)[A-Z]",
            Pattern.MULTILINE);
    private static final String ROOT = "(dev.lacuna)";

    @Test
    void packagesImportEachOtherInOneDirection() {
        Map<String, Set<String>> imports = imports();
        assertTrue(imports.keySet().containsAll(List.of("store", "construct", "serve", "export", "cli")), imports.keySet().toString());
        assertEquals(List.of(), cycle(imports), "a cycle of package imports");
        List<String> wrong = new ArrayList<>();
        imports.forEach((from, to) -> {
            if (to.contains("cli")) {
                wrong.add(from + " imports cli");
            }
            if (from.equals(ROOT) && !to.isEmpty()) {
                wrong.add("the shared root package imports " + to);
            }
        });
        for (String[] apart : new String[][]{{"construct", "export"}, {"export", "serve"}, {"serve", "export"},
                {"construct", "serve"}, {"store", "rules"}}) {
            if (imports.getOrDefault(apart[0], Set.of()).contains(apart[1])) {
                wrong.add(apart[0] + " imports " + apart[1]);
            }
        }
        assertEquals(List.of(), wrong);
    }

    /** Package (relative to dev.lacuna) -> the packages of dev.lacuna its classes import. */
    private static Map<String, Set<String>> imports() {
        Map<String, Set<String>> imports = new TreeMap<>();
        try (Stream<Path> files = Files.walk(MAIN)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                String from = name(MAIN.relativize(file.getParent()).toString().replace('/', '.'));
                Set<String> to = imports.computeIfAbsent(from, k -> new TreeSet<>());
                Matcher m = IMPORT.matcher(Files.readString(file));
                while (m.find()) {
                    String target = name(m.group(1).isEmpty() ? "" : m.group(1).substring(0, m.group(1).length() - 1));
                    if (!target.equals(from)) {
                        to.add(target);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return imports;
    }

    private static String name(String relative) {
        return relative.isEmpty() ? ROOT : relative;
    }

    /** One cycle as the list of packages on it, or an empty list. */
    private static List<String> cycle(Map<String, Set<String>> imports) {
        Map<String, Integer> state = new TreeMap<>();
        for (String start : imports.keySet()) {
            List<String> path = new ArrayList<>();
            if (visit(start, imports, state, path)) {
                return path.subList(path.indexOf(path.get(path.size() - 1)), path.size());
            }
        }
        return List.of();
    }

    private static boolean visit(String node, Map<String, Set<String>> imports, Map<String, Integer> state,
                                 List<String> path) {
        int s = state.getOrDefault(node, 0);
        if (s == 2) {
            return false;
        }
        path.add(node);
        if (s == 1) {
            return true;
        }
        state.put(node, 1);
        for (String next : imports.getOrDefault(node, Set.of())) {
            if (visit(next, imports, state, path)) {
                return true;
            }
        }
        state.put(node, 2);
        path.remove(path.size() - 1);
        return false;
    }
}
