package dev.lacuna.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.apache.commons.cli.Options;
import org.junit.jupiter.api.Test;

/**
 * The command reference in docs is the rendering of the commands' own option definitions, and every
 * {@code lacuna COMMAND --option} written in the README and docs names an option that command has, so neither can
 * go stale when an option is added, renamed or removed.
 */
class CommandReferenceTest {
    private static final Path PAGE = Path.of("docs", "reference", "commands.md");
    /** A command line in prose or a code block: {@code lacuna NAME} up to the end of the line or code span. */
    private static final Pattern COMMAND_LINE = Pattern.compile("(?:^|[\\s`(./])lacuna ([a-z]+)([^`\\n]*)");
    private static final Pattern OPTION = Pattern.compile("(?<![\\w-])--([a-z][a-z0-9-]*)");

    @Test
    void theReferencePageIsTheRenderingOfTheOptions() throws IOException {
        String rendered = CommandReference.render(Main.allCommands());
        if (Boolean.getBoolean("reference.write")) {
            Files.createDirectories(PAGE.getParent());
            Files.writeString(PAGE, rendered, StandardCharsets.UTF_8);
        }
        assertTrue(Files.exists(PAGE), PAGE + " is missing; write it with -Dreference.write=true");
        assertEquals(rendered, Files.readString(PAGE, StandardCharsets.UTF_8), PAGE + " differs from the commands' options;"
                + " rewrite it with ./mvnw -B -q test -Dtest=CommandReferenceTest -Dreference.write=true");
    }

    @Test
    void everyOptionTheDocsWriteExists() throws IOException {
        Map<String, Options> options = new TreeMap<>();
        for (Command c : Main.allCommands()) {
            Options o = new Options();
            c.addOptions(o);
            options.put(c.name(), o);
        }
        List<Path> pages = new ArrayList<>(List.of(Path.of("README.md")));
        try (Stream<Path> docs = Files.walk(Path.of("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md") && !p.equals(PAGE)).sorted().forEach(pages::add);
        }
        List<String> unknown = new ArrayList<>();
        int checked = 0;
        for (Path page : pages) {
            List<String> lines = Files.readAllLines(page, StandardCharsets.UTF_8);
            for (int i = 0; i < lines.size(); i++) {
                Matcher m = COMMAND_LINE.matcher(lines.get(i));
                while (m.find()) {
                    Options o = options.get(m.group(1));
                    if (o == null) {
                        continue; // "lacuna" followed by an ordinary word, not a command
                    }
                    Matcher opt = OPTION.matcher(m.group(2));
                    while (opt.find()) {
                        checked++;
                        String name = opt.group(1);
                        if (!o.hasLongOption(name) && !name.equals("help")) {
                            unknown.add(page + ":" + (i + 1) + ": lacuna " + m.group(1) + " has no --" + name);
                        }
                    }
                }
            }
        }
        assertTrue(checked > 50, "the docs' command lines were not found: only " + checked + " options checked");
        assertEquals(List.of(), unknown);
    }
}
