package dev.lacuna.rules;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.lacuna.AtomicFiles;
import dev.lacuna.BadInputException;
import dev.lacuna.LacunaException;
import dev.lacuna.LineReader;

/**
 * Joins the rule files of {@code mine --heads K/N} parts into the file one process would have written: the lines
 * are kept as the parts wrote them and put in {@link AmieRules#ORDER}. The parts must split the head relations:
 * a head relation found in two files means a part was given twice or the parts come from different runs.
 */
public final class RuleFileMerge {
    private RuleFileMerge() {
    }

    private record Line(MinedRule rule, String text) {
    }

    /** Merges {@code parts} into {@code output} (written whole or not at all); returns the number of rules. */
    public static int merge(List<Path> parts, Path output) {
        String header = String.join("\t", AmieRules.HEADER);
        List<Line> lines = new ArrayList<>();
        boolean allMarked = true;
        Map<String, Path> headOwner = new HashMap<>();
        for (Path part : parts) {
            String source = part.toString();
            Map<String, Boolean> headsHere = new HashMap<>();
            try (LineReader in = LineReader.open(part)) {
                String first = in.readLine();
                boolean marked = first != null && first.equals(AmieRules.MINED_BY_LACUNA_LINE);
                allMarked &= marked;
                if (marked) {
                    first = in.readLine();
                }
                if (first == null || !first.equals(header)) {
                    throw new BadInputException(source, 1, 1,
                            "not a rule file of 'lacuna mine': the first line must be the header '" + header + "'");
                }
                String text;
                while ((text = in.readLine()) != null) {
                    long lineNo = in.lineNumber();
                    if (text.isEmpty()) {
                        continue;
                    }
                    MinedRule rule = AmieRules.parseLine(text, source, lineNo);
                    String head = rule.rule().head().relation();
                    if (headsHere.putIfAbsent(head, Boolean.TRUE) == null) {
                        Path owner = headOwner.putIfAbsent(head, part);
                        if (owner != null) {
                            throw new BadInputException(source, lineNo, 1, "head relation " + head + " is also in "
                                    + owner + ": parts must come from one 'mine --heads K/N' run with distinct K");
                        }
                    }
                    lines.add(new Line(rule, text));
                }
            } catch (NoSuchFileException e) {
                throw new BadInputException(source, -1, -1, "no such file");
            } catch (IOException e) {
                throw new LacunaException("cannot read " + source + ": " + e.getMessage(), e);
            }
        }
        lines.sort((x, y) -> AmieRules.ORDER.compare(x.rule(), y.rule()));
        // the parts' mark, kept: the merged file is the one-process file byte for byte
        write(allMarked ? AmieRules.MINED_BY_LACUNA_LINE + "\n" + header : header, lines, output);
        return lines.size();
    }

    private static void write(String header, List<Line> lines, Path output) {
        try {
            Path parent = output.toAbsolutePath().getParent();
            Files.createDirectories(parent);
            Path part = AtomicFiles.newSibling(output);
            try {
                try (BufferedWriter out = Files.newBufferedWriter(part, StandardCharsets.UTF_8)) {
                    out.write(header);
                    out.write('\n');
                    for (Line l : lines) {
                        out.write(l.text());
                        out.write('\n');
                    }
                }
                Files.move(part, output, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(part);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + output, e);
        }
    }
}
