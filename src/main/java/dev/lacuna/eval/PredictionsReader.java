package dev.lacuna.eval;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;

import dev.lacuna.BadInputException;
import dev.lacuna.Json;

/**
 * Reads a predictions file: JSON Lines (one object per line) or one JSON array of objects, each
 * {@code {"id": ..., "prediction": [...]}} and/or {@code {"id": ..., "raw_output": "..."}} (the paper's
 * released format). Which form is detected from the first non-blank character. A {@code prediction}
 * that is a string is kept as raw output, as RoG's scripts treat it. Every problem names file and line.
 */
public final class PredictionsReader {
    private static final ObjectMapper JSON = Json.mapper();
    /** For one JSON Lines record: text after the object on the same line is an error, not ignored. */
    private static final ObjectReader JSON_LINE = Json.strict();

    private PredictionsReader() {
    }

    public static List<SystemOutput> read(Path file, PredictionField field) {
        return parse(text(file), file.toString(), field);
    }

    /** One record of a JSON Lines file, with the file's own line number. */
    record JsonLine(long line, JsonNode node) {
    }

    /**
     * A JSON Lines file of objects (blank lines skipped), read as {@link #read} reads predictions: a missing file,
     * invalid UTF-8 and malformed JSON are named with their line. For the systems' own output files.
     */
    static List<JsonLine> jsonLines(Path file) {
        List<JsonLine> out = jsonLines(text(file), file.toString());
        for (JsonLine l : out) {
            if (!l.node().isObject()) {
                throw new BadInputException(file.toString(), l.line(), 1, "expected one JSON object a line");
            }
        }
        return out;
    }

    private static String text(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new BadInputException(file.toString(), -1, -1, "predictions file does not exist");
        } catch (CharacterCodingException e) {
            throw invalidUtf8(file);
        } catch (IOException e) {
            throw new BadInputException(file.toString(), -1, -1, "cannot read predictions: " + e.getMessage(), e);
        }
    }

    /** Finds the line of the first invalid UTF-8, which Files.readString does not say. */
    private static BadInputException invalidUtf8(Path file) {
        try {
            byte[] bytes = Files.readAllBytes(file);
            var decoder = StandardCharsets.UTF_8.newDecoder();
            int start = 0;
            long line = 1;
            for (int i = 0; i <= bytes.length; i++) {
                if (i == bytes.length || bytes[i] == '\n') {
                    try {
                        decoder.reset().decode(ByteBuffer.wrap(bytes, start, i - start));
                    } catch (CharacterCodingException bad) {
                        return new BadInputException(file.toString(), line, -1, "not valid UTF-8");
                    }
                    start = i + 1;
                    line++;
                }
            }
        } catch (IOException e) {
            // fall through to the message without a line
        }
        return new BadInputException(file.toString(), -1, -1, "not valid UTF-8");
    }

    /** Parses predictions text; {@code source} names it in messages. */
    public static List<SystemOutput> parse(String text, String source, PredictionField field) {
        String stripped = text.strip();
        if (stripped.isEmpty()) {
            throw new BadInputException(source, -1, -1,
                    "predictions file is empty: expected JSON Lines or a JSON array of {\"id\", \"prediction\"|\"raw_output\"}");
        }
        List<SystemOutput> out = stripped.charAt(0) == '[' ? parseArray(text, source, field) : parseLines(text, source, field);
        if (out.isEmpty()) {
            throw new BadInputException(source, -1, -1, "predictions file has no records");
        }
        Map<String, Long> firstLine = new HashMap<>();
        for (SystemOutput o : out) {
            Long before = firstLine.putIfAbsent(o.id(), o.line());
            if (before != null) {
                throw new BadInputException(source, o.line(), -1,
                        "duplicate id '" + o.id() + "' (first on line " + before + ")");
            }
        }
        return out;
    }

    private static List<SystemOutput> parseLines(String text, String source, PredictionField field) {
        List<SystemOutput> out = new ArrayList<>();
        for (JsonLine l : jsonLines(text, source)) {
            out.add(record(l.node(), source, l.line(), field));
        }
        return out;
    }

    private static List<JsonLine> jsonLines(String text, String source) {
        List<JsonLine> out = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new StringReader(text))) {
            String line;
            long n = 0;
            while ((line = r.readLine()) != null) {
                n++;
                if (line.isBlank()) {
                    continue;
                }
                JsonNode node;
                try {
                    node = JSON_LINE.readTree(line);
                } catch (JsonProcessingException e) {
                    JsonLocation loc = e.getLocation();
                    throw new BadInputException(source, n, loc == null ? -1 : loc.getColumnNr(),
                            "malformed JSON: " + e.getOriginalMessage());
                }
                out.add(new JsonLine(n, node));
            }
        } catch (IOException e) {
            throw new BadInputException(source, -1, -1, "cannot read predictions: " + e.getMessage(), e);
        }
        return out;
    }

    private static List<SystemOutput> parseArray(String text, String source, PredictionField field) {
        List<SystemOutput> out = new ArrayList<>();
        try (JsonParser p = JSON.createParser(text)) {
            p.nextToken(); // START_ARRAY
            JsonToken t;
            while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
                if (t == null) {
                    throw new BadInputException(source, p.currentLocation().getLineNr(), -1,
                            "malformed JSON: the array is not closed");
                }
                long line = p.currentTokenLocation().getLineNr();
                JsonNode node = p.readValueAsTree();
                out.add(record(node, source, line, field));
            }
            if (p.nextToken() != null) {
                throw new BadInputException(source, p.currentTokenLocation().getLineNr(), -1,
                        "malformed JSON: text after the closing ']'");
            }
        } catch (JsonProcessingException e) {
            JsonLocation loc = e.getLocation();
            throw new BadInputException(source, loc == null ? -1 : loc.getLineNr(), loc == null ? -1 : loc.getColumnNr(),
                    "malformed JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new BadInputException(source, -1, -1, "cannot read predictions: " + e.getMessage(), e);
        }
        return out;
    }

    private static SystemOutput record(JsonNode node, String source, long line, PredictionField field) {
        if (node == null || !node.isObject()) {
            throw new BadInputException(source, line, -1,
                    "expected an object {\"id\": ..., \"prediction\": [...]} or {\"id\": ..., \"raw_output\": \"...\"}");
        }
        JsonNode id = node.get("id");
        if (id == null || !(id.isTextual() || id.isIntegralNumber())) {
            throw new BadInputException(source, line, -1, "record has no \"id\" (a string)");
        }
        JsonNode prediction = node.get("prediction");
        JsonNode raw = node.get("raw_output");
        boolean usePrediction = switch (field) {
            case PREDICTION -> true;
            case RAW_OUTPUT -> false;
            case AUTO -> prediction != null;
        };
        JsonNode chosen = usePrediction ? prediction : raw;
        String name = usePrediction ? "prediction" : "raw_output";
        if (chosen == null) {
            throw new BadInputException(source, line, -1, field == PredictionField.AUTO
                    ? "record has neither \"prediction\" nor \"raw_output\""
                    : "record has no \"" + name + "\" (chosen with --field " + field.label() + ")");
        }
        if (chosen.isNull()) {
            return new SystemOutput(id.asText(), List.of(), null, line);
        }
        if (chosen.isTextual()) {
            return new SystemOutput(id.asText(), null, chosen.asText(), line);
        }
        if (usePrediction && chosen.isArray()) {
            List<String> items = new ArrayList<>(chosen.size());
            for (JsonNode e : chosen) {
                if (e.isTextual() || e.isNumber() || e.isBoolean()) {
                    items.add(e.asText());
                } else if (!e.isNull()) {
                    throw new BadInputException(source, line, -1,
                            "\"prediction\" must hold strings or numbers, found " + e.getNodeType().name().toLowerCase());
                }
            }
            return new SystemOutput(id.asText(), items, null, line);
        }
        throw new BadInputException(source, line, -1, "\"" + name + "\" must be "
                + (usePrediction ? "a list of strings or a string" : "a string") + ", found "
                + chosen.getNodeType().name().toLowerCase());
    }
}
