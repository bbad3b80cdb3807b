package dev.lacuna.tog;

import java.util.List;

/**
 * JSON as Python's {@code json.dumps} writes it with its defaults, which is how ToG's {@code save_2_jsonl} writes
 * each line: {@code ", "} and {@code ": "} between items, every character outside ASCII as a {@code \\uXXXX}
 * escape. Lacuna's ToG file is then the same bytes ToG would write for the same record.
 */
final class PythonJson {
    private PythonJson() {
    }

    /**
     * ToG's record: {@code {"question": ..., "results": ..., "reasoning_chains": [[[[h, r, t], ...]], ...]}}, each
     * depth a list holding one list of triplets, as ToG's {@code entity_prune} returns a depth and its main loop
     * appends it; a depth whose chains all scored 0 is {@code entity_prune}'s empty list.
     */
    static String togRecord(String question, String results, List<List<List<String>>> chains) {
        StringBuilder b = new StringBuilder();
        b.append("{\"question\": ");
        string(b, question);
        b.append(", \"results\": ");
        string(b, results);
        b.append(", \"reasoning_chains\": [");
        for (int d = 0; d < chains.size(); d++) {
            List<List<String>> depth = chains.get(d);
            b.append(d == 0 ? "" : ", ");
            if (depth.isEmpty()) {
                b.append("[]");
                continue;
            }
            b.append("[[");
            for (int c = 0; c < depth.size(); c++) {
                b.append(c == 0 ? "" : ", ").append('[');
                List<String> chain = depth.get(c);
                for (int k = 0; k < chain.size(); k++) {
                    if (k > 0) {
                        b.append(", ");
                    }
                    string(b, chain.get(k));
                }
                b.append(']');
            }
            b.append("]]");
        }
        return b.append("]}").toString();
    }

    static void string(StringBuilder b, String s) {
        b.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                case '\b' -> b.append("\\b");
                case '\f' -> b.append("\\f");
                default -> {
                    if (c < 0x20 || c > 0x7e) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        b.append('"');
    }
}
