package dev.lacuna.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.LineReader;
import dev.lacuna.rules.AmieRules;

/**
 * Rule files as a hostile user writes them: a line that never ends, a line whose error message would echo megabytes,
 * and control characters that an error message would hand to the terminal (an ESC sequence retitled it).
 */
class HostileTextTest {
    @TempDir
    Path tmp;

    /** {@code prefix}, then {@code n} times {@code fill}, then {@code suffix}. */
    private Path write(String name, String prefix, int n, char fill, String suffix) throws IOException {
        Path file = tmp.resolve(name);
        try (OutputStream out = Files.newOutputStream(file)) {
            out.write(prefix.getBytes(StandardCharsets.UTF_8));
            byte[] block = new byte[1 << 16];
            Arrays.fill(block, (byte) fill);
            for (int left = n; left > 0; left -= block.length) {
                out.write(block, 0, Math.min(left, block.length));
            }
            out.write(suffix.getBytes(StandardCharsets.UTF_8));
        }
        return file;
    }

    @Test
    void aLineLongerThanTheCapIsRefusedWithItsNumberInEveryRuleFormat() throws Exception {
        Path anyburl = write("endless.anyburl", "10\t5\t0.5\tr(X,Y) <= s(Y,X)\n10\t5\t0.5\tr(X,Y) <= ",
                LineReader.MAX_LINE_BYTES + 10, 'x', "\n");
        Path amie = write("endless.tsv", String.join("\t", AmieRules.HEADER) + "\n", LineReader.MAX_LINE_BYTES + 10,
                'x', "\n");
        for (String[] args : new String[][] {{"rules", "stats", "--format", "anyburl", anyburl.toString()},
                {"rules", "stats", amie.toString()}}) {
            CliRunner.Run run = CliRunner.run(args);
            assertEquals(2, run.code(), run.err().substring(0, Math.min(2000, run.err().length())));
            assertTrue(run.err().contains(":2: line longer than"), run.err().substring(0, Math.min(2000, run.err().length())));
            assertTrue(run.err().length() < 1000, "the message echoes " + run.err().length() + " characters");
        }
    }

    @Test
    void anErrorEchoesAFewHundredCharactersOfTheLineAtMost() throws Exception {
        // a 1 MB malformed rule: the message quoted the atom and the rule, each whole
        Path anyburl = write("long.anyburl", "10\t5\t0.5\tr(X,Y) <= s(X,Y) ", 1 << 20, 'x', "\n");
        Path amie = write("long.tsv", String.join("\t", AmieRules.HEADER) + "\n?a  r  ?b  ", 1 << 20, 'y',
                "\t0.5\t0.5\t0.5\t1\t1\t1\t-1\n");
        for (String[] args : new String[][] {{"rules", "stats", "--format", "anyburl", anyburl.toString()},
                {"rules", "stats", amie.toString()}}) {
            CliRunner.Run run = CliRunner.run(args);
            assertEquals(2, run.code(), run.err().substring(0, Math.min(2000, run.err().length())));
            assertTrue(run.err().length() < 5000, "the message echoes " + run.err().length() + " characters");
            assertTrue(run.err().contains("more characters)"), run.err().substring(0, Math.min(2000, run.err().length())));
        }
    }

    @Test
    void controlCharactersInAMessageReachTheTerminalEscaped() throws Exception {
        // ESC ] 0 ; ... BEL sets a terminal's title; ESC [ 2 J clears it; a CR hides what the line said before it
        String hostile = "r\u001B]0;pwned\u0007\u001B[2J\r\u009B31m\u202Egnp";
        Path amie = Files.writeString(tmp.resolve("esc.tsv"), String.join("\t", AmieRules.HEADER) + "\n?a  " + hostile
                + "  ?b\t0.5\t0.5\t0.5\t1\t1\t1\t-1\n");
        Path anyburl = Files.writeString(tmp.resolve("esc.anyburl"), "10\t5\t0.5\t" + hostile + "(X,Y)\n");
        for (String[] args : new String[][] {{"rules", "stats", amie.toString()},
                {"rules", "stats", "--format", "anyburl", anyburl.toString()}}) {
            CliRunner.Run run = CliRunner.run(args);
            assertEquals(2, run.code(), run.toString());
            for (char c : new char[] {'\u001B', '\u0007', '\r', '\u009B', '\u202E'}) {
                assertFalse(run.err().indexOf(c) >= 0, "U+" + Integer.toHexString(c) + " printed raw: " + run);
            }
            assertTrue(run.err().contains("r\\e]0;pwned\\u0007\\e[2J\\r\\u009B31m\\u202Egnp"), run.toString());
        }
    }
}
