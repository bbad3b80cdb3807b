package dev.lacuna;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The docs are moved and split as they grow; a reader must never meet a link that goes nowhere. Every relative link
 * in README.md and docs/ must name a file that exists (and a heading that exists, when it names one), and every path
 * of a Markdown file under docs that code, scripts or docs mention must exist.
 */
class DocsLinksTest {

    private static final Path ROOT = Path.of("").toAbsolutePath();
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s#]+\\.md)?(#[^)\\s]*)?\\)");
    private static final Pattern MENTION = Pattern.compile("(?<![\\w/.-])docs/[\\w/.-]+\\.md");
    private static final Pattern HEADING = Pattern.compile("^#{1,6} (.+)$", Pattern.MULTILINE);

    @Test
    void everyRelativeLinkInTheDocsReachesAFileAndHeading() throws IOException {
        List<String> broken = new ArrayList<>();
        for (Path doc : markdown()) {
            String text = Files.readString(doc);
            Matcher m = LINK.matcher(text);
            while (m.find()) {
                if (m.group(1) == null && m.group(2) == null) {
                    continue;
                }
                Path target = m.group(1) == null ? doc : doc.getParent().resolve(m.group(1)).normalize();
                if (!Files.isRegularFile(target)) {
                    broken.add(ROOT.relativize(doc) + ": " + m.group(1) + " does not exist");
                } else if (m.group(2) != null && !anchors(target).contains(m.group(2).substring(1))) {
                    broken.add(ROOT.relativize(doc) + ": " + m.group(1) + m.group(2) + " names no heading");
                }
            }
        }
        assertEquals(List.of(), broken);
    }

    @Test
    void everyDocsPathNamedInTheRepositoryExists() throws IOException {
        List<String> missing = new ArrayList<>();
        List<Path> sources = new ArrayList<>(markdown());
        for (String dir : List.of("src", "scripts", "docker", "graphdb/src")) {
            if (Files.isDirectory(ROOT.resolve(dir))) {
                try (Stream<Path> files = Files.walk(ROOT.resolve(dir))) {
                    files.filter(Files::isRegularFile).filter(f -> f.toString().matches(".*\\.(java|sh|py|xml|ttl|rq|ru|md|yml)"))
                            .forEach(sources::add);
                }
            }
        }
        sources.add(ROOT.resolve("pom.xml"));
        for (Path source : sources) {
            Matcher m = MENTION.matcher(Files.readString(source));
            while (m.find()) {
                if (!Files.isRegularFile(ROOT.resolve(m.group()))) {
                    missing.add(ROOT.relativize(source) + ": " + m.group());
                }
            }
        }
        assertTrue(sources.size() > 100, "the walk found the sources");
        assertEquals(List.of(), missing);
    }

    private static List<Path> markdown() {
        List<Path> docs = new ArrayList<>(List.of(ROOT.resolve("README.md")));
        try (Stream<Path> files = Files.walk(ROOT.resolve("docs"))) {
            files.filter(f -> f.toString().endsWith(".md")).sorted().forEach(docs::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return docs;
    }

    /** GitHub's anchors: a heading lower-cased, without punctuation but - and _, spaces as -. */
    private static Set<String> anchors(Path doc) throws IOException {
        Set<String> anchors = new HashSet<>();
        Matcher m = HEADING.matcher(Files.readString(doc));
        while (m.find()) {
            String slug = m.group(1).trim().toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
            String unique = slug;
            for (int i = 1; !anchors.add(unique); i++) {
                unique = slug + "-" + i;
            }
        }
        return anchors;
    }
}
