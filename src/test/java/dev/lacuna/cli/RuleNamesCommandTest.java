package dev.lacuna.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.rules.AmieRules;

/**
 * A rule's names as the KG names them, through every command that reads rules. Entities named like absolute IRIs,
 * as Wikidata dumps name them ({@code wd:Q96}), were taken for IRIs: a rule with such a constant compiled to
 * {@code <wd:Q96>}, matched nothing in {@code compile --run} and gave no grounding in {@code build}, which exited 0.
 */
class RuleNamesCommandTest {
    @TempDir
    Path tmp;
    String store;
    Path kg;

    static final String MALE = "wd:Q6581097";
    static final String FEMALE = "wd:Q6581072";
    /** Brothers are male: closed with one constant, as mine --const and AnyBURL's U_c rules are. */
    static final String BROTHER_RULE = "?a  brother  ?b  ?b  P21  " + MALE + "   => ?a  P21  " + MALE;

    /** 40 brothers in pairs and 40 sisters in pairs, each with a gender, all named as Wikidata names them. */
    static String wikidataKg() {
        return wikidataKg(40);
    }

    /** {@code n} brothers in pairs and {@code n} sisters in pairs, each with a gender. */
    static String wikidataKg(int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 1; i <= 2 * n; i += 2) {
            boolean men = i <= n;
            String r = men ? "brother" : "sister";
            String g = men ? MALE : FEMALE;
            sb.append("wd:Q").append(i).append('\t').append(r).append("\twd:Q").append(i + 1).append('\n');
            sb.append("wd:Q").append(i + 1).append('\t').append(r).append("\twd:Q").append(i).append('\n');
            sb.append("wd:Q").append(i).append("\tP21\t").append(g).append('\n');
            sb.append("wd:Q").append(i + 1).append("\tP21\t").append(g).append('\n');
        }
        return sb.toString();
    }

    static String amieFile(String... rules) {
        StringBuilder sb = new StringBuilder(String.join("\t", AmieRules.HEADER)).append('\n');
        for (String r : rules) {
            sb.append(r).append("\t0.500000\t1.000000\t1.000000\t20\t20\t20\t-1\n");
        }
        return sb.toString();
    }

    @BeforeEach
    void load() throws Exception {
        kg = Files.writeString(tmp.resolve("kg.tsv"), wikidataKg());
        store = "lmdb:" + tmp.resolve("store");
        CliRunner.succeed("load", "--store", store, "--kg", "wd", kg.toString());
    }

    @Test
    void aConstantNamedLikeAnIriIsTheKgsEntity() throws Exception {
        Path rules = Files.writeString(tmp.resolve("rules.tsv"), amieFile(BROTHER_RULE));
        CliRunner.Run compiled = CliRunner.succeed("compile", "--store", store, "--kg", "wd", "--rules",
                rules.toString(), "--rule", "1", "--run");
        assertTrue(compiled.out().contains("(40 rows)"), compiled.out());
        // printed, the query names the entity's IRI in the store, never <wd:Q6581097>
        CliRunner.Run printed = CliRunner.succeed("compile", "--store", store, "--kg", "wd", "--rules",
                rules.toString());
        assertFalse(printed.out().contains("<" + MALE + ">"), printed.out());
        assertTrue(printed.out().contains("/kg/wd/entity/"), printed.out());
        Path bench = tmp.resolve("bench");
        // a handful of questions: tau 1 keeps them all through balancing, and --min-split 0 takes the lopsided split
        // of so few; neither is what is tested here
        CliRunner.succeed("build", "--store", store, "--kg", "wd", "--rules", rules.toString(), "--tau", "1",
                "--min-split", "0", "--out", bench.toString());
        String removed = Files.readString(bench.resolve("kg/removed.tsv"));
        assertTrue(removed.contains("\tP21\t"), removed);
    }

    @Test
    void aConstantThatNamesNoEntityIsRefusedAtItsLine() throws Exception {
        Path rules = Files.writeString(tmp.resolve("rules.tsv"), amieFile(BROTHER_RULE,
                "?a  brother  ?b  ?b  P21  wd:Q99999   => ?a  P21  wd:Q99999"));
        for (String[] args : new String[][] {
                {"build", "--store", store, "--kg", "wd", "--rules", rules.toString(), "--out", tmp.resolve("b").toString()},
                {"compile", "--store", store, "--kg", "wd", "--rules", rules.toString(), "--run"},
                {"rules", "import", rules.toString(), "--store", store, "--kg", "wd"}}) {
            CliRunner.Run run = CliRunner.run(args);
            assertEquals(2, run.code(), args[0] + ": " + run);
            assertTrue(run.err().contains(rules + ":3") && run.err().contains("'wd:Q99999' is not an entity"),
                    args[0] + ": " + run);
        }
        assertFalse(Files.exists(tmp.resolve("b")));
    }

    @Test
    void anAnyBurlConstantNamedLikeAnIriIsTheKgsEntity() throws Exception {
        Path rules = Files.writeString(tmp.resolve("anyburl.txt"),
                "40\t40\t1.0\tP21(X," + MALE + ") <= brother(X,A), P21(A," + MALE + ")\n");
        Path bench = tmp.resolve("bench");
        CliRunner.succeed("build", "--store", store, "--kg", "wd", "--rules", rules.toString(), "--rules-format",
                "anyburl", "--const", "--tau", "1", "--min-split", "0", "--out", bench.toString());
        assertTrue(Files.readString(bench.resolve("kg/removed.tsv")).contains("\tP21\t"));
    }

    @Test
    void mineConstLeavesOutTheRulesWhoseConstantsNoRuleFileCanHold() throws Exception {
        // 120 men: enough for "male person" to be a head constant (-minis 100); it failed the whole run after mining
        Path spaced = Files.writeString(tmp.resolve("spaced.tsv"), wikidataKg(120).replace(MALE, "male person"));
        Path rules = tmp.resolve("r.tsv");
        PrintStream err = System.err;
        ByteArrayOutputStream warnings = new ByteArrayOutputStream();
        CliRunner.Run run;
        try {
            System.setErr(new PrintStream(warnings, true, StandardCharsets.UTF_8));
            run = CliRunner.run("mine", "--input", spaced.toString(), "--const", "--output", rules.toString());
        } finally {
            System.setErr(err);
        }
        assertEquals(0, run.code(), run.toString());
        String text = Files.readString(rules);
        assertFalse(text.contains("male person"), text);
        assertTrue(text.contains("P21  " + FEMALE), text);
        assertTrue(warnings.toString(StandardCharsets.UTF_8).contains("left out: a rule file cannot hold the constant"
                + " 'male person' holds whitespace"), warnings.toString(StandardCharsets.UTF_8));
        CliRunner.succeed("rules", "stats", rules.toString());
    }

    @Test
    void whatAnyBurlExportWritesItsImportReads() throws Exception {
        // p and its inverse q, and a relation whose '(' AnyBURL's atom takes for the start of its arguments
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 120; i++) {
            sb.append("x").append(i).append("\tp\ty").append(i).append('\n');
            sb.append("y").append(i).append("\tq\tx").append(i).append('\n');
            sb.append("x").append(i).append("\ta(b\tz").append(i).append('\n');
            sb.append("z").append(i).append("\tc\tx").append(i).append('\n');
        }
        Path kgFile = Files.writeString(tmp.resolve("paren.tsv"), sb.toString());
        Path rules = tmp.resolve("rules.tsv");
        CliRunner.succeed("mine", "--input", kgFile.toString(), "--output", rules.toString());
        assertTrue(Files.readString(rules).contains("a(b"));
        Path out = tmp.resolve("rules.anyburl");
        CliRunner.Run export = CliRunner.succeed("rules", "export", "--format", "anyburl", "--input", kgFile.toString(),
                "--output", out.toString(), rules.toString());
        assertTrue(export.out().contains("left out 2 rules with a name AnyBURL's format cannot hold"), export.out());
        assertFalse(Files.readString(out).contains("a(b"));
        CliRunner.Run stats = CliRunner.succeed("rules", "stats", "--format", "anyburl", out.toString());
        assertTrue(stats.out().contains("total"), stats.out());
    }
}
