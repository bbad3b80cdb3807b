package dev.lacuna.tog;

import java.io.IOException;
import java.util.List;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.core.util.MinimalPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.lacuna.Json;
import dev.lacuna.LacunaException;

/**
 * JSON as Python's {@code json.dumps} writes it with its defaults, which is how ToG's {@code save_2_jsonl} writes
 * each line: {@code ", "} and {@code ": "} between items, every character outside printable ASCII as a lowercase
 * {@code \\uXXXX} escape (one per UTF-16 unit, so a lone surrogate too), as {@code ensure_ascii} does. Written by
 * Jackson with a printer for the separators and escapes for the characters; Lacuna's ToG file is then the same bytes
 * ToG would write for the same record.
 */
final class PythonJson {
    private static final ObjectWriter DUMPS = Json.mapper().writer(new Separators()).with(new AsciiEscapes());

    private PythonJson() {
    }

    /**
     * ToG's record: {@code {"question": ..., "results": ..., "reasoning_chains": [[[[h, r, t], ...]], ...]}}, each
     * depth a list holding one list of triplets, as ToG's {@code entity_prune} returns a depth and its main loop
     * appends it; a depth whose chains all scored 0 is {@code entity_prune}'s empty list.
     */
    static String togRecord(String question, String results, List<List<List<String>>> chains) {
        ObjectNode record = Json.mapper().createObjectNode();
        record.put("question", question);
        record.put("results", results);
        ArrayNode depths = record.putArray("reasoning_chains");
        for (List<List<String>> depth : chains) {
            ArrayNode entry = depths.addArray();
            if (depth.isEmpty()) {
                continue;
            }
            ArrayNode triplets = entry.addArray();
            for (List<String> chain : depth) {
                ArrayNode triplet = triplets.addArray();
                chain.forEach(triplet::add);
            }
        }
        return dumps(record);
    }

    /** {@code json.dumps(value)}. */
    static String dumps(JsonNode value) {
        try {
            return DUMPS.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new LacunaException("cannot write a ToG record: " + e.getMessage(), e);
        }
    }

    /** json.dumps' default separators: a space after each comma and colon, nothing between values at the root. */
    private static final class Separators extends MinimalPrettyPrinter {
        Separators() {
            super("");
        }

        @Override
        public void writeObjectFieldValueSeparator(JsonGenerator g) throws IOException {
            g.writeRaw(": ");
        }

        @Override
        public void writeObjectEntrySeparator(JsonGenerator g) throws IOException {
            g.writeRaw(", ");
        }

        @Override
        public void writeArrayValueSeparator(JsonGenerator g) throws IOException {
            g.writeRaw(", ");
        }
    }

    /**
     * ensure_ascii's escapes: {@code \"}, {@code \\}, {@code \b \f \n \r \t} short (Jackson's standard ones), every
     * other character outside {@code ' '..'~'} as {@code \\u} and four lowercase hex digits (Jackson's own are
     * uppercase).
     */
    private static final class AsciiEscapes extends CharacterEscapes {
        private static final int[] ASCII = standardAsciiEscapesForJSON();

        static {
            for (int c = 0; c < 0x20; c++) {
                if ("\b\f\n\r\t".indexOf(c) < 0) {
                    ASCII[c] = ESCAPE_CUSTOM;
                }
            }
            ASCII[0x7f] = ESCAPE_CUSTOM;
        }

        @Override
        public int[] getEscapeCodesForAscii() {
            return ASCII;
        }

        @Override
        public SerializableString getEscapeSequence(int c) {
            return new SerializedString(String.format("\\u%04x", c));
        }
    }
}
