package dev.lacuna.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.eval.BenchmarkFixture;

/**
 * Every option that parses a number or a word from a closed set, given a value it cannot take, is bad input:
 * exit 2 with a message that names the option, never a failure (exit 1) out of a check deeper in the code.
 */
class BadOptionValueTest {
    @TempDir
    static Path dir;

    private static String store;
    private static String kgFile;

    @BeforeAll
    static void load() throws IOException {
        store = "native:" + dir.resolve("store");
        kgFile = Files.writeString(dir.resolve("tiny.tsv"), "a\tr\tb\nb\tr\tc\nc\ts\ta\n").toString();
        CliRunner.Run run = CliRunner.run("load", "--store", store, "--kg", "tiny", kgFile);
        assertEquals(0, run.code(), run.toString());
        BenchmarkFixture.write(dir.resolve("bench"));
    }

    /** A command line with one bad option value: the option, the value, then the command's own words. */
    private record Case(String option, String value, String... command) {
        String[] args() {
            String[] out = new String[command.length + 2];
            System.arraycopy(command, 0, out, 0, command.length);
            out[command.length] = "--" + option;
            out[command.length + 1] = value;
            return out;
        }
    }

    private static List<Case> cases() {
        String out = dir.resolve("out").toString();
        String[] mine = {"mine", "--store", store, "--kg", "tiny", "-o", dir.resolve("rules.tsv").toString()};
        String[] build = {"build", "--store", store, "--kg", "tiny", "--out", out};
        String[] generate = {"generate", "-o", dir.resolve("generated.tsv").toString()};
        String[] compile = {"compile", "--rules", dir.resolve("rules.tsv").toString()};
        String[] serve = {"serve", "--store", store, "--kg", "tiny"};
        List<Case> cases = new ArrayList<>();
        for (String o : List.of("minhc", "minc", "minpca")) {
            cases.add(new Case(o, "x", mine));
            cases.add(new Case(o, "1.5", mine));
            cases.add(new Case(o, "-0.1", build));
        }
        for (String[] v : List.of(new String[] {"maxad", "1"}, new String[] {"maxad", "9"}, new String[] {"maxad", "x"},
                new String[] {"minis", "-1"}, new String[] {"threads", "0"}, new String[] {"threads", "x"},
                new String[] {"seed", "x"}, new String[] {"heads", "3/2"}, new String[] {"heads", "0/2"},
                new String[] {"heads", "x"}, new String[] {"vocabulary", "x"})) {
            cases.add(new Case(v[0], v[1], mine));
        }
        for (String[] v : List.of(new String[] {"tau", "2"}, new String[] {"noise", "x"}, new String[] {"noise", "1.5"},
                new String[] {"noise", "-0.5"}, new String[] {"break", "x"}, new String[] {"groundings", "x"},
                new String[] {"questions", "x"}, new String[] {"groundings-per-rule", "0"},
                new String[] {"groundings-per-rule", "x"}, new String[] {"selection", "x"}, new String[] {"depth", "0"},
                new String[] {"depth", "x"}, new String[] {"per-depth", "-1"}, new String[] {"rules-format", "x"},
                new String[] {"seed", "1.5"}, new String[] {"min-split", "-1"}, new String[] {"min-split", "x"},
                new String[] {"vocabulary", "x"})) {
            cases.add(new Case(v[0], v[1], build));
        }
        for (String[] v : List.of(new String[] {"triples", "0"}, new String[] {"triples", "x"},
                new String[] {"planted", "-1"}, new String[] {"entities", "1"}, new String[] {"relations", "1"})) {
            cases.add(new Case(v[0], v[1], generate));
        }
        for (String[] v : List.of(new String[] {"kind", "x"}, new String[] {"graph", "x"}, new String[] {"limit", "x"},
                new String[] {"rule", "x"})) {
            cases.add(new Case(v[0], v[1], compile));
        }
        cases.add(new Case("side", "x", "compile", "--rules", dir.resolve("rules.tsv").toString(), "--kind", "predictions",
                "--topic", "1"));
        for (String[] v : List.of(new String[] {"port", "x"}, new String[] {"port", "70000"},
                new String[] {"workers", "0"}, new String[] {"queue", "-1"}, new String[] {"max-rows", "0"},
                new String[] {"max-body", "0"}, new String[] {"query-memory", "0"}, new String[] {"max-connections", "0"},
                new String[] {"expose", "x"}, new String[] {"labels", "x"}, new String[] {"shape", "x"})) {
            cases.add(new Case(v[0], v[1], serve));
        }
        cases.add(new Case("format", "x", "load", "--store", store, "--kg", "other", kgFile));
        String[] tog = {"tog", "--endpoint", "http://127.0.0.1:1/sparql", "--benchmark", dir.resolve("bench").toString(),
            "--out", out};
        for (String[] v : List.of(new String[] {"timeout", "0"}, new String[] {"timeout", "-5"},
                new String[] {"timeout", "x"}, new String[] {"timeout", "86401"},
                new String[] {"timeout", "9223372036854775807"}, new String[] {"max-response", "0"},
                new String[] {"max-response", "1023"}, new String[] {"max-response", "x"}, new String[] {"width", "0"},
                new String[] {"depth", "0"}, new String[] {"retain", "0"}, new String[] {"threads", "0"},
                new String[] {"threads", "x"}, new String[] {"seed", "x"}, new String[] {"split", "x"},
                new String[] {"shape", "x"}, new String[] {"pruning", "x"}, new String[] {"dataset", "a/b"})) {
            cases.add(new Case(v[0], v[1], tog));
        }
        String[] evaluate = {"evaluate", "--benchmark", out, "--predictions", dir.resolve("p.jsonl").toString()};
        for (String[] v : List.of(new String[] {"max-paths", "0"}, new String[] {"max-paths", "x"},
                new String[] {"cases", "-1"}, new String[] {"seed", "x"})) {
            cases.add(new Case(v[0], v[1], evaluate));
        }
        String[] answer = {"answer", "--benchmark", out, "--responder", "guided", "--graph", "incomplete", "--output",
            dir.resolve("answers.jsonl").toString()};
        for (String[] v : List.of(new String[] {"max-paths", "0"}, new String[] {"labels", "x"})) {
            cases.add(new Case(v[0], v[1], answer));
        }
        return cases;
    }

    @Test
    void badValuesAreBadInputNamingTheOption() {
        List<String> wrong = new ArrayList<>();
        for (Case c : cases()) {
            CliRunner.Run run = CliRunner.run(c.args());
            if (run.code() != 2 || !run.err().contains("--" + c.option())) {
                wrong.add(String.join(" ", c.args()).replace(dir.toString(), "DIR") + "\n  exit " + run.code() + ": "
                        + run.err().strip().replace(dir.toString(), "DIR"));
            }
        }
        assertTrue(wrong.isEmpty(), wrong.size() + " bad values not refused as bad input naming the option:\n"
                + String.join("\n", wrong));
    }
}
