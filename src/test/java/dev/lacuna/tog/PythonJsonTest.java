package dev.lacuna.tog;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ToG's record as Lacuna writes it, held byte for byte against Python's own {@code json.dumps} (Debian's python3, as
 * ToG's {@code save_2_jsonl} calls it) for names an endpoint may send: quotes, backslashes, every control character,
 * DEL, letters outside ASCII, characters outside the basic plane, and halves of surrogate pairs.
 */
class PythonJsonTest {
    private static final String PYTHON = "/usr/bin/python3";

    @TempDir
    Path dir;

    @Test
    void theRecordIsTheBytesPythonsJsonDumpsWrites() throws IOException, InterruptedException {
        List<String> names = new ArrayList<>(List.of("", "plain", "a\"b\\c/d", "\t\n\r\b\f", "\u007f\u0080\u00e9\u00ff",
                "\u4e2d\u6587 \u2028\u2029", "\ud83d\ude00", "\ud800", "x\udc00", "\udbff\udfff\ud800"));
        StringBuilder controls = new StringBuilder();
        for (char c = 0; c < 0x20; c++) {
            controls.append(c);
        }
        names.add(controls.toString());
        Random random = new Random(7);
        for (int i = 0; i < 200; i++) {
            StringBuilder s = new StringBuilder();
            for (int k = random.nextInt(12); k > 0; k--) {
                s.append((char) (random.nextInt(4) == 0 ? random.nextInt(0x80) : random.nextInt(0x10000)));
            }
            names.add(s.toString());
        }
        // Each name as its UTF-16 units, so that Python gets the same units whatever they are.
        Path units = Files.writeString(dir.resolve("names.txt"), names.stream()
                .map(n -> n.chars().mapToObj(Integer::toString).collect(Collectors.joining(" ")))
                .collect(Collectors.joining("\n", "", "\n")));
        Path script = Files.writeString(dir.resolve("dumps.py"), String.join("\n",
                "import json, sys",
                "for line in open(sys.argv[1], encoding='ascii'):",
                "    s = ''.join(chr(int(u)) for u in line.split())",
                "    print(json.dumps({'question': s, 'results': s, 'reasoning_chains': [[[(s, 'r', s), ('a', s, 'b')]], []]}))",
                ""));
        Process p = new ProcessBuilder(PYTHON, script.toString(), units.toString()).redirectErrorStream(true).start();
        List<String> python = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).lines().toList();
        assertEquals(0, p.waitFor(), String.join("\n", python));
        assertEquals(names.size(), python.size());
        for (int i = 0; i < names.size(); i++) {
            String s = names.get(i);
            assertEquals(python.get(i), PythonJson.togRecord(s, s, List.of(List.of(List.of(s, "r", s),
                    List.of("a", s, "b")), List.of())), "name " + i);
        }
    }
}
