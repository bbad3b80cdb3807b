package dev.lacuna;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Imports go one way (docs/architecture.md): every package of the main code sits in one layer of {@link #LAYERS},
 * and its classes use only classes of earlier layers, never of its own layer's other packages nor of a later one.
 * Uses are import lines and fully qualified names in code. A new package fails this test until it is given its
 * layer here and its place in the picture of docs/architecture.md.
 */
class PackageDependencyTest {

    static final String ROOT = "(dev.lacuna)";

    /** The layers, first to last; the picture of docs/architecture.md in data. */
    static final List<Set<String>> LAYERS = List.of(
            Set.of(ROOT),
            Set.of("store"),
            Set.of("rules"),
            Set.of("rules.chain", "rules.sparql"),
            Set.of("mining", "questions", "view", "generate"),
            Set.of("folder"),
            Set.of("grounding"),
            Set.of("depth"),
            Set.of("evidence"),
            Set.of("breakage"),
            Set.of("verify"),
            Set.of("construct"),
            Set.of("serve", "export", "answer", "tog"),
            Set.of("eval"),
            Set.of("cli"));

    private static final Path MAIN = Path.of("src/main/java/dev/lacuna");
    private static final Pattern IMPORT = Pattern.compile("^import (?:static )?dev\\.lacuna\\.((?:[a-z]\\w*\\.)*)[A-Z]",
            Pattern.MULTILINE);
    private static final Pattern QUALIFIED = Pattern.compile("(?<![\\w.])dev\\.lacuna\\.((?:[a-z]\\w*\\.)*)[A-Z]");
    private static final Pattern COMMENT = Pattern.compile("/\\*.*?\\*/|(?<=^|\\s)//[^\n]*", Pattern.DOTALL | Pattern.MULTILINE);

    @Test
    void everyPackageUsesOnlyEarlierLayers() {
        Map<String, Integer> layer = new HashMap<>();
        for (int i = 0; i < LAYERS.size(); i++) {
            for (String p : LAYERS.get(i)) {
                layer.put(p, i);
            }
        }
        Map<String, Set<String>> uses = uses(MAIN);
        assertEquals(new TreeSet<>(layer.keySet()), uses.keySet(), "every package of the main code has one layer");
        List<String> wrong = new ArrayList<>();
        uses.forEach((from, targets) -> {
            for (String use : targets) {
                String to = use.substring(0, use.indexOf(' '));
                if (layer.get(to) == null || layer.get(to) >= layer.get(from)) {
                    wrong.add(from + " uses " + use + ", which is " + (layer.get(to) == null ? "in no layer"
                            : layer.get(to).equals(layer.get(from)) ? "in its own layer" : "in a later layer"));
                }
            }
        });
        assertEquals(List.of(), wrong);
    }

    /**
     * The picture of docs/architecture.md shows these layers, last first: each line names one layer's packages in
     * the columns before the description, which starts where the first line's does.
     */
    @Test
    void thePictureShowsTheLayers() throws IOException {
        String doc = Files.readString(Path.of("docs/architecture.md"));
        String picture = doc.substring(doc.indexOf("```\n") + 4, doc.indexOf("```", doc.indexOf("```\n") + 4));
        List<String> lines = picture.lines().filter(l -> !l.isBlank() && !l.strip().equals("\u2502")).toList();
        Matcher first = Pattern.compile("^\\S+\\s+").matcher(lines.get(0));
        assertTrue(first.find(), lines.get(0));
        int column = first.end();
        List<Set<String>> shown = new ArrayList<>();
        for (String line : lines) {
            Set<String> layer = new TreeSet<>();
            for (String p : line.substring(0, Math.min(column, line.length())).strip().split("\\s+")) {
                layer.add(p.equals("dev.lacuna") ? ROOT : p);
            }
            shown.add(0, layer);
        }
        assertEquals(LAYERS.stream().map(TreeSet::new).toList(), shown);
    }

    /** The scan itself: a use is found by import and by qualified name in code, not in comments. */
    @Test
    void usesAreFoundByImportAndQualifiedName(@TempDir Path dir) throws IOException {
        Path store = Files.createDirectories(dir.resolve("store"));
        Path verify = Files.createDirectories(dir.resolve("verify"));
        Files.writeString(store.resolve("A.java"), "package dev.lacuna.store;\n\nimport dev.lacuna.verify.B;\n\n"
                + "/** {@link dev.lacuna.construct.C} in a comment is no use. */\nclass A {\n"
                + "    String s = \"http://x\"; // dev.lacuna.eval.D\n    Object o = dev.lacuna.serve.E.of();\n}\n");
        Files.writeString(verify.resolve("B.java"), "package dev.lacuna.verify;\n\nclass B {\n}\n");
        Map<String, Set<String>> uses = uses(dir);
        assertEquals(Set.of("verify (A.java)", "serve (A.java)"), uses.get("store"));
        assertEquals(Set.of(), uses.get("verify"));
    }

    /** Package (relative to dev.lacuna) -> "package (File.java)" for each other package of dev.lacuna it uses. */
    private static Map<String, Set<String>> uses(Path main) {
        Map<String, Set<String>> uses = new TreeMap<>();
        try (Stream<Path> files = Files.walk(main)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                String from = name(main.relativize(file.getParent()).toString().replace('/', '.'));
                Set<String> to = uses.computeIfAbsent(from, k -> new TreeSet<>());
                String text = Files.readString(file);
                List<Matcher> found = List.of(IMPORT.matcher(text), QUALIFIED.matcher(COMMENT.matcher(text).replaceAll("")));
                for (Matcher m : found) {
                    while (m.find()) {
                        String target = name(m.group(1).isEmpty() ? "" : m.group(1).substring(0, m.group(1).length() - 1));
                        if (!target.equals(from)) {
                            to.add(target + " (" + file.getFileName() + ")");
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return uses;
    }

    private static String name(String relative) {
        return relative.isEmpty() ? ROOT : relative;
    }
}
