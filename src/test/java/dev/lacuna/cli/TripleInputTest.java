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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code lacuna load FILE} and {@code lacuna mine --input FILE} read through one reader: the same files are accepted with the same triples and entities, and the same bad files are
 * refused with the same file:line:col.
 */
class TripleInputTest {
    @TempDir
    Path dir;

    /** 4 distinct triples over entities a b c d, relations r s, whatever the decoration. */
    static final String PLAIN = "a\tr\tb\nb\tr\tc\nc\ts\td\na\ts\td\n";

    private Path write(String name, byte[] bytes) throws IOException {
        return Files.write(dir.resolve(name), bytes);
    }

    private Path write(String name, String text) throws IOException {
        return write(name, text.getBytes(StandardCharsets.UTF_8));
    }

    private CliRunner.Run load(Path file) {
        return CliRunner.run("load", "--store", "memory", "--kg", "t", file.toString());
    }

    private CliRunner.Run mine(Path file) {
        return CliRunner.run("mine", "--input", file.toString(), "--output", dir.resolve("rules.tsv").toString(),
                "--threads", "1");
    }

    /** Both commands accept the file and see the same triples and entities. */
    private void sameKg(Path file, int triples, int entities) {
        CliRunner.Run l = load(file);
        assertEquals(0, l.code(), l.toString());
        CliRunner.Run m = mine(file);
        assertEquals(0, m.code(), m.toString());
        Matcher lm = Pattern.compile("([\\d,]+) triples, ([\\d,]+) entities").matcher(l.out());
        Matcher mm = Pattern.compile("mining ([\\d,]+) triples, ([\\d,]+) entities").matcher(m.err());
        assertTrue(lm.find(), l.out());
        assertTrue(mm.find(), m.err());
        assertEquals(Integer.toString(triples), lm.group(1), l.toString());
        assertEquals(Integer.toString(entities), lm.group(2), l.toString());
        assertEquals(lm.group(1), mm.group(1), m.toString());
        assertEquals(lm.group(2), mm.group(2), m.toString());
    }

    /** Both commands refuse the file with exit 2 and the same position. */
    private void sameError(Path file, String where, String what) {
        for (CliRunner.Run run : new CliRunner.Run[] {load(file), mine(file)}) {
            assertEquals(2, run.code(), run.toString());
            assertTrue(run.err().contains(file + ":" + where), run.toString());
            assertTrue(run.err().contains(what), run.toString());
        }
    }

    @Test
    void byteOrderMarkIsStripped() throws IOException {
        byte[] text = ("7\tr\tb\n" + "b\tr\t7\n").getBytes(StandardCharsets.UTF_8);
        byte[] bom = new byte[text.length + 3];
        bom[0] = (byte) 0xEF;
        bom[1] = (byte) 0xBB;
        bom[2] = (byte) 0xBF;
        System.arraycopy(text, 0, bom, 3, text.length);
        sameKg(write("bom.tsv", bom), 2, 2);
    }

    @Test
    void commentsCrlfAndGzipAreReadAlike() throws IOException {
        sameKg(write("comments.tsv", "# head\trel\ttail\n# a comment\n" + PLAIN.replace("\n", "\r\n") + "\n"), 4, 4);
        Path gz = dir.resolve("kg.tsv.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            out.write(PLAIN.getBytes(StandardCharsets.UTF_8));
        }
        sameKg(gz, 4, 4);
        sameKg(write("kg.nt", "<http://x/a> <http://x/r> <http://x/b> .\n<http://x/b> <http://x/r> <http://x/c> .\n"), 2, 3);
    }

    @Test
    void spacesAroundAFieldAreRefusedWithTheirColumn() throws IOException {
        sameError(write("trailing.tsv", "a\tr\tb\nb \tr\tc\n"), "2:2", "head field ends with whitespace");
        sameError(write("leading.tsv", "a\tr\tb\nb\tr\t c\n"), "2:5", "tail field starts with whitespace");
        sameError(write("blank.tsv", "a\t  \tb\n"), "1:3", "relation field starts with whitespace only");
        sameError(write("empty.tsv", "a\tr\tb\na\t\tb\n"), "2:3", "empty relation field");
        sameError(write("four.tsv", "a\tr\tb\tx\n"), "1", "expected 3");
    }

    @Test
    void invalidUtf8AndBadGzipAreNamed() throws IOException {
        sameError(write("latin1.tsv", new byte[] {'a', '\t', 'r', '\t', (byte) 0xE9, '\n'}), "1:5", "invalid UTF-8");
        sameError(write("fake.tsv.gz", PLAIN), "", "not a valid gzip file");
        sameError(dir.resolve("missing.tsv"), "", "no such file");
    }

    @Test
    void anEndlessLineIsRefusedWithItsNumber() throws IOException {
        byte[] big = new byte[(16 << 20) + 10];
        Arrays.fill(big, (byte) 'x');
        byte[] first = "a\tr\tb\n".getBytes(StandardCharsets.UTF_8);
        System.arraycopy(first, 0, big, 0, first.length);
        sameError(write("endless.tsv", big), "2", "line longer than");
    }

    @Test
    void aRelationNameNoRuleFileCanHoldIsRefused() throws IOException {
        // every rule names relations, and both rule formats separate names by whitespace: 'has aunt' loaded, mined and
        // then broke build ("found 7 tokens") and every rule command on the file mine wrote
        sameError(write("space.tsv", "a\tr\tb\nb\thas aunt\tc\n"), "2:6", "relation 'has aunt' holds whitespace");
        sameError(write("nbsp-inside.tsv", "a\thas\u00A0aunt\tb\n"), "1:6", "holds whitespace (U+00A0)");
        sameError(write("arrow.tsv", "a\t=>\tb\n"), "1:3", "AMIE3's arrow");
        // an entity may hold a space inside its name (it can only not be a rule's constant)
        sameKg(write("entity-space.tsv", "New York\tr\tb\nb\tr\tNew York\n"), 2, 2);
    }

    @Test
    void aTrailingNoBreakSpaceIsWhitespace() throws IOException {
        // Character.isWhitespace misses U+00A0: "b\u00A0" passed as a second entity beside "b"
        sameError(write("nbsp.tsv", "a\tr\tb\nb\u00A0\tr\tc\n"), "2:2", "head field ends with whitespace");
        sameError(write("nbsp-lead.tsv", "a\tr\t\u2007b\n"), "1:5", "tail field starts with whitespace");
        // CSV trims an unquoted field of it as of any other whitespace
        sameKg(write("nbsp.csv", "a,r,b\u00A0\nb,r,c\n"), 2, 3);
    }

    @Test
    void aControlCharacterInANameIsRefusedAndNotEchoedRaw() throws IOException {
        Path file = write("esc.tsv", "a\tr\u001B]0;pwned\u0007\tb\n");
        sameError(file, "1:4", "control character U+001B");
        CliRunner.Run run = load(file);
        assertFalse(run.err().contains("\u001B") || run.err().contains("\u0007"), run.toString());
        assertTrue(run.err().contains("r\\e]0;pwned\\u0007"), run.toString());
        // a tab inside a quoted CSV field would break every tab-separated file the benchmark writes
        sameError(write("tab.csv", "a,r,\"b\tc\"\n"), "1", "control character U+0009");
    }

    @Test
    void everyWayOfNamingTheColumnsIsAHeader() throws IOException {
        // before, the first four loaded as a triple (a relation named "r", "p", "relation_id", "\"relation\"")
        String[] headers = {"h\tr\tt", "s\tp\to", "head_id\trelation_id\ttail_id", "\"head\"\t\"relation\"\t\"tail\"",
                "from\trel\tto", "Source\tEdge\tTarget", "subject\tproperty\tobject", "Subject\tPredicate\tObject",
                "HeadId\tRelationId\tTailId"};
        for (int i = 0; i < headers.length; i++) {
            sameError(write("header" + i + ".tsv", headers[i] + "\na\tr\tb\n"), "1:1", "looks like a header");
        }
        // made a comment, as the message says, it is skipped
        sameKg(write("commented.tsv", "# h\tr\tt\na\tr\tb\n"), 1, 2);
        // a first triple that only shares a word with a header is a triple
        sameKg(write("triple.tsv", "head\tr\tb\nb\tr\tc\n"), 2, 3);
    }

    @Test
    void aPipeIsRead() throws Exception {
        // a named pipe fed by a child process: the case where /dev/stdin failed with "Illegal seek"
        Path fifo = dir.resolve("kg.fifo");
        Process mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assertEquals(0, mk.waitFor());
        Path src = write("src.tsv", PLAIN);
        for (boolean mine : new boolean[] {false, true}) {
            Process feed = new ProcessBuilder("sh", "-c", "cat '" + src + "' > '" + fifo + "'").start();
            try {
                // a pipe has no extension: load needs --format, mine --input takes TSV as AMIE3 does
                CliRunner.Run run = mine ? mine(fifo)
                        : CliRunner.run("load", "--store", "memory", "--kg", "t", "--format", "tsv", fifo.toString());
                assertEquals(0, run.code(), run.toString());
                assertTrue((mine ? run.err() : run.out()).contains("4 triples, 4 entities"), run.toString());
                assertEquals(0, feed.waitFor());
            } finally {
                feed.destroyForcibly();
            }
        }
        assertFalse(Files.isRegularFile(fifo));
    }
}
