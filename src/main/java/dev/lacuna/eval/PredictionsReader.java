package dev.lacuna.eval;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.CharacterCodingException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;

import dev.lacuna.BadInputException;
import dev.lacuna.Json;
import dev.lacuna.JsonFiles;
import dev.lacuna.ValueLengthGuard;
import dev.lacuna.answer.Answer;
import dev.lacuna.folder.BenchmarkIdentity;

/**
 * Reads a predictions file: JSON Lines (one object per line) or one JSON array of objects, each
 * {@code {"id": ..., "prediction": [...]}} and/or {@code {"id": ..., "raw_output": "..."}} (the paper's
 * released format). Which form is detected from the first value. A {@code prediction}
 * that is a string is kept as raw output, as RoG's scripts treat it. Every problem names file and line.
 *
 * <p>The file is streamed, never held whole, and each record is read field by field: the fields evaluate does not
 * use are skipped without being built (RoG's prompt in {@code input}, unless its reasoning paths are asked for), one string or number is capped
 * ({@link JsonFiles#utf8}), and so are one prediction list ({@link #MAX_ANSWERS}) and what the file's records hold in
 * all ({@link #MAX_FILE_ANSWERS}, {@link #MAX_FILE_CHARS}); so memory is bounded, and time is linear in the file. A leading byte order mark is skipped, as in every file Lacuna reads.
 * A record's {@code benchmark_id}, which {@code lacuna answer} writes, must name the benchmark being scored; its
 * {@code entities} and {@code answers_digest} ({@link Answer}) are gathered into the file's {@link StatedNaming}.
 */
public final class PredictionsReader {
    /** The longest string one field may hold, in characters. */
    public static final int MAX_FIELD_CHARS = JsonFiles.MAX_STRING_CHARS;
    /** The most answers one prediction list may hold. */
    public static final int MAX_ANSWERS = 1 << 20;
    /** The most answers one file may hold in all: evaluate keeps every record, so the file as a whole is capped. */
    public static final long MAX_FILE_ANSWERS = 1L << 23;
    /** The most characters of answers and raw outputs one file may hold in all. */
    public static final long MAX_FILE_CHARS = 1L << 28;

    /** What a file's records hold so far, against the file's caps; and what they say of their naming. */
    private static final class Tally {
        private final long maxAnswers;
        private final long maxChars;
        /** Whether RoG's prompt in {@code input} is read for its reasoning paths. */
        final boolean rogInput;
        long answers;
        long chars;
        int stating;
        EntityForm form;
        String conflict;
        int altered;
        long firstAltered = -1;

        Tally() {
            this(false);
        }

        Tally(boolean rogInput) {
            this(MAX_FILE_ANSWERS, MAX_FILE_CHARS, rogInput);
        }

        Tally(long maxAnswers, long maxChars) {
            this(maxAnswers, maxChars, false);
        }

        private Tally(long maxAnswers, long maxChars, boolean rogInput) {
            this.maxAnswers = maxAnswers;
            this.maxChars = maxChars;
            this.rogInput = rogInput;
        }

        void keep(int answers, int chars, String source, long line) {
            this.answers += answers;
            this.chars += chars;
            if (this.answers > maxAnswers || this.chars > maxChars) {
                throw new BadInputException(source, line, -1, String.format(Locale.ROOT, "the file holds more than %,d"
                        + " answers or %,d characters of answers and raw outputs in all: evaluate keeps every record in"
                        + " memory, so a file is capped there; no benchmark needs that many, so give each question only the"
                        + " answers the system means", maxAnswers, maxChars));
            }
        }
    }

    private PredictionsReader() {
    }

    public static List<SystemOutput> read(Path file, PredictionField field) {
        return read(file, field, null).outputs();
    }

    /** A file's records, and what they say of their naming ({@link StatedNaming}). */
    public record Records(List<SystemOutput> outputs, StatedNaming naming) {
    }

    /**
     * The file's records; a record naming a benchmark other than {@code benchmarkId} (when given) is refused.
     */
    public static Records read(Path file, PredictionField field, String benchmarkId) {
        return read(file, field, benchmarkId, false);
    }

    /**
     * As {@link #read(Path, PredictionField, String)}; with {@code rogInput}, each record's {@code input} (RoG's prompt)
     * is read for the reasoning paths it shows ({@link RetrievalText#rogReasoningPaths}) instead of being skipped.
     */
    public static Records read(Path file, PredictionField field, String benchmarkId, boolean rogInput) {
        try (Reader in = JsonFiles.utf8(file)) {
            Tally tally = new Tally(rogInput);
            List<SystemOutput> out = parse(in, file.toString(), field, benchmarkId, tally);
            return new Records(out, new StatedNaming(file.toString(), out.size(), tally.stating, tally.form,
                    tally.conflict, tally.altered, tally.firstAltered));
        } catch (NoSuchFileException e) {
            throw new BadInputException(file.toString(), -1, -1, "predictions file does not exist");
        } catch (CharacterCodingException e) {
            throw JsonFiles.invalidUtf8(file);
        } catch (ValueLengthGuard.TooLong e) {
            throw new BadInputException(file.toString(), e.line(), -1, e.getMessage());
        } catch (IOException e) {
            throw new BadInputException(file.toString(), -1, -1, "cannot read predictions: " + e.getMessage(), e);
        }
    }

    /** One record of a JSON Lines file, with the file's own line number. */
    record JsonLine(long line, JsonNode node) {
    }

    /**
     * A JSON Lines file of objects (blank lines skipped), read as {@link #read} reads predictions: a missing file,
     * invalid UTF-8, malformed JSON and values over the caps are named with their line. For the systems' own output files.
     */
    static List<JsonLine> jsonLines(Path file) {
        List<JsonLine> out = new ArrayList<>();
        forEachJsonLine(file, out::add);
        return out;
    }

    /** As {@link #jsonLines}, each record handed on as it is read and then dropped: for files too large to hold. */
    static void forEachJsonLine(Path file, java.util.function.Consumer<JsonLine> sink) {
        String source = file.toString();
        try (Reader in = JsonFiles.utf8(file); JsonParser p = Json.bounded().createParser(in)) {
            long lastLine = 0;
            JsonToken t;
            while ((t = p.nextToken()) != null) {
                long line = p.currentTokenLocation().getLineNr();
                if (line == lastLine) {
                    throw new BadInputException(source, line, p.currentTokenLocation().getColumnNr(),
                            "text after the record on the same line: JSON Lines holds one object a line");
                }
                if (t != JsonToken.START_OBJECT) {
                    throw new BadInputException(source, line, 1, "expected one JSON object a line");
                }
                sink.accept(new JsonLine(line, p.readValueAsTree()));
                lastLine = p.currentLocation().getLineNr();
            }
        } catch (NoSuchFileException e) {
            throw new BadInputException(source, -1, -1, "file does not exist");
        } catch (CharacterCodingException e) {
            throw JsonFiles.invalidUtf8(file);
        } catch (ValueLengthGuard.TooLong e) {
            throw new BadInputException(source, e.line(), -1, e.getMessage());
        } catch (JsonProcessingException e) {
            throw JsonFiles.malformed(source, e);
        } catch (IOException e) {
            throw new BadInputException(source, -1, -1, "cannot read: " + e.getMessage(), e);
        }
    }

    /** Parses predictions text; {@code source} names it in messages. */
    public static List<SystemOutput> parse(String text, String source, PredictionField field) {
        return parse(text, source, field, new Tally());
    }

    /** As {@link #parse(String, String, PredictionField)} with other caps on the whole file, for tests. */
    static List<SystemOutput> parse(String text, String source, PredictionField field, long maxAnswers, long maxChars) {
        return parse(text, source, field, new Tally(maxAnswers, maxChars));
    }

    private static List<SystemOutput> parse(String text, String source, PredictionField field, Tally tally) {
        String body = text.startsWith("\uFEFF") ? text.substring(1) : text;
        try (Reader in = new ValueLengthGuard(new StringReader(body), JsonFiles.MAX_STRING_CHARS, JsonFiles.MAX_NUMBER_CHARS)) {
            return parse(in, source, field, null, tally);
        } catch (ValueLengthGuard.TooLong e) {
            throw new BadInputException(source, e.line(), -1, e.getMessage());
        } catch (IOException e) {
            throw new BadInputException(source, -1, -1, "cannot read predictions: " + e.getMessage(), e);
        }
    }

    /** The records of {@code in}; {@code tally} counts those naming the benchmark they were made for, and what is kept. */
    private static List<SystemOutput> parse(Reader in, String source, PredictionField field, String benchmarkId,
            Tally tally) throws IOException {
        List<SystemOutput> out = new ArrayList<>();
        try (JsonParser p = Json.bounded().createParser(in)) {
            JsonToken first = p.nextToken();
            if (first == null) {
                throw new BadInputException(source, -1, -1,
                        "predictions file is empty: expected JSON Lines or a JSON array of {\"id\", \"prediction\"|\"raw_output\"}");
            }
            if (first == JsonToken.START_ARRAY) {
                readArray(p, source, field, benchmarkId, out, tally);
            } else {
                readLines(p, first, source, field, benchmarkId, out, tally);
            }
        } catch (JsonProcessingException e) {
            throw JsonFiles.malformed(source, e);
        }
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

    private static void readLines(JsonParser p, JsonToken first, String source, PredictionField field, String benchmarkId,
            List<SystemOutput> out, Tally tally) throws IOException {
        long lastLine = 0;
        for (JsonToken t = first; t != null; t = p.nextToken()) {
            JsonLocation at = p.currentTokenLocation();
            if (at.getLineNr() == lastLine) {
                throw new BadInputException(source, at.getLineNr(), at.getColumnNr(),
                        "malformed JSON: text after the record on the same line (JSON Lines holds one object a line)");
            }
            try {
                out.add(record(p, source, at.getLineNr(), field, benchmarkId, tally));
            } catch (JsonProcessingException e) {
                // a record cut short ends where the file does, lines after its own: name the record's line
                JsonLocation loc = e.getLocation();
                boolean cut = e.getOriginalMessage() != null && e.getOriginalMessage().contains("end-of-input");
                throw new BadInputException(source, cut || loc == null ? at.getLineNr() : loc.getLineNr(),
                        cut || loc == null ? -1 : loc.getColumnNr(), "malformed JSON: " + e.getOriginalMessage());
            }
            lastLine = p.currentLocation().getLineNr();
        }
    }

    private static void readArray(JsonParser p, String source, PredictionField field, String benchmarkId,
            List<SystemOutput> out, Tally tally) throws IOException {
        JsonToken t;
        while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
            if (t == null) {
                throw new BadInputException(source, p.currentLocation().getLineNr(), -1,
                        "malformed JSON: the array is not closed");
            }
            out.add(record(p, source, p.currentTokenLocation().getLineNr(), field, benchmarkId, tally));
        }
        if (p.nextToken() != null) {
            throw new BadInputException(source, p.currentTokenLocation().getLineNr(), -1,
                    "malformed JSON: text after the closing ']'");
        }
    }

    /** A field's value as read: absent, null, a string, a list of scalars, or another JSON type (named). */
    private record Value(boolean present, boolean isNull, String text, List<String> items, String otherType) {
        static final Value ABSENT = new Value(false, false, null, null, null);
    }

    /** One record, its parser on the record's first token; leaves the parser on the record's last token. */
    private static SystemOutput record(JsonParser p, String source, long line, PredictionField field, String benchmarkId,
            Tally tally) throws IOException {
        if (p.currentToken() != JsonToken.START_OBJECT) {
            throw new BadInputException(source, line, -1,
                    "expected an object {\"id\": ..., \"prediction\": [...]} or {\"id\": ..., \"raw_output\": \"...\"}");
        }
        String id = null;
        Value prediction = Value.ABSENT;
        Value raw = Value.ABSENT;
        String recordBenchmark = null;
        String entities = null;
        String digest = null;
        List<List<String>> retrieved = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken v = p.nextToken();
            switch (name) {
                case "id" -> {
                    if (v != JsonToken.VALUE_STRING && v != JsonToken.VALUE_NUMBER_INT) {
                        throw new BadInputException(source, line, -1, "record has no \"id\" (a string)");
                    }
                    id = p.getText();
                }
                case "prediction" -> prediction = value(p, source, line, field != PredictionField.RAW_OUTPUT, tally);
                case "raw_output" -> raw = value(p, source, line, false, tally);
                case RetrievalText.FIELD -> retrieved = retrieved(p, source, line, tally);
                case "input" -> {
                    if (tally.rogInput && v == JsonToken.VALUE_STRING) {
                        retrieved = RetrievalText.rogReasoningPaths(p.getText());
                        keepChains(retrieved, source, line, tally);
                    } else {
                        p.skipChildren();
                    }
                }
                case BenchmarkIdentity.FIELD -> {
                    if (v == JsonToken.VALUE_STRING && benchmarkId != null && !benchmarkId.equals(p.getText())) {
                        throw new BadInputException(source, line, -1, "this record was made for benchmark " + p.getText()
                                + " (its \"" + BenchmarkIdentity.FIELD + "\"), and --benchmark is benchmark " + benchmarkId
                                + " (summary.json's \"" + BenchmarkIdentity.FIELD + "\"): score the file against the"
                                + " benchmark folder it was made for");
                    }
                    recordBenchmark = v == JsonToken.VALUE_STRING ? p.getText() : null;
                    p.skipChildren();
                }
                case Answer.ENTITIES -> {
                    if (v != JsonToken.VALUE_STRING) {
                        throw new BadInputException(source, line, -1, "\"" + Answer.ENTITIES + "\" must be a string:"
                                + " private, source or text (how the answers name entities)");
                    }
                    try {
                        entities = EntityForm.parse(p.getText()).label();
                    } catch (BadInputException e) {
                        throw new BadInputException(source, line, -1, "\"" + Answer.ENTITIES + "\": " + e.getMessage());
                    }
                }
                case Answer.DIGEST -> {
                    digest = v == JsonToken.VALUE_STRING ? p.getText() : "";
                    p.skipChildren();
                }
                default -> p.skipChildren();
            }
        }
        if (id == null) {
            throw new BadInputException(source, line, -1, "record has no \"id\" (a string)");
        }
        state(tally, source, line, entities, digest, digest == null ? null
                : Answer.digest(recordBenchmark, id, entities, prediction.items(), prediction.items() != null ? null
                : raw.text()));
        boolean usePrediction = switch (field) {
            case PREDICTION -> true;
            case RAW_OUTPUT -> false;
            case AUTO -> prediction.present();
        };
        Value chosen = usePrediction ? prediction : raw;
        String name = usePrediction ? "prediction" : "raw_output";
        if (!chosen.present()) {
            throw new BadInputException(source, line, -1, field == PredictionField.AUTO
                    ? "record has neither \"prediction\" nor \"raw_output\""
                    : "record has no \"" + name + "\" (chosen with --field " + field.label() + ")");
        }
        Retrieval retrieval = retrieved == null ? null : Retrieval.of(retrieved);
        if (chosen.isNull()) {
            return new SystemOutput(id, List.of(), null, line, retrieval);
        }
        if (chosen.text() != null) {
            return new SystemOutput(id, null, chosen.text(), line, retrieval);
        }
        if (usePrediction && chosen.items() != null) {
            return new SystemOutput(id, chosen.items(), null, line, retrieval);
        }
        throw new BadInputException(source, line, -1, "\"" + name + "\" must be "
                + (usePrediction ? "a list of strings or a string" : "a string") + ", found " + chosen.otherType());
    }

    /**
     * Counts what one record says of its naming: the form it states (a file states one), and whether the digest it
     * carries still matches its answers ({@code expected}, null when it carries none).
     */
    private static void state(Tally tally, String source, long line, String entities, String digest, String expected) {
        if (entities != null) {
            tally.stating++;
            EntityForm form = EntityForm.parse(entities);
            if (tally.form == null) {
                tally.form = form;
            } else if (tally.form != form && tally.conflict == null) {
                tally.conflict = "line " + line + " says \"" + Answer.ENTITIES + "\": \"" + entities + "\", earlier lines \""
                        + tally.form.label() + "\"";
            }
        }
        if (digest != null && !digest.equals(expected)) {
            tally.altered++;
            if (tally.firstAltered < 0) {
                tally.firstAltered = line;
            }
        }
    }

    /**
     * The {@code retrieved} field: a list of chains {@code [e0, r1, e1, ...]} of strings (numbers as their text), each
     * of odd length, at least one step; {@code null} says nothing was recorded (the record has no retrieval).
     */
    private static List<List<String>> retrieved(JsonParser p, String source, long line, Tally tally) throws IOException {
        if (p.currentToken() == JsonToken.VALUE_NULL) {
            return null;
        }
        String shape = "\"" + RetrievalText.FIELD + "\" must be a list of chains [entity, relation, entity, ...]";
        if (p.currentToken() != JsonToken.START_ARRAY) {
            throw new BadInputException(source, line, -1, shape);
        }
        List<List<String>> chains = new ArrayList<>();
        while (p.nextToken() != JsonToken.END_ARRAY) {
            if (p.currentToken() != JsonToken.START_ARRAY) {
                throw new BadInputException(source, line, -1, shape);
            }
            List<String> chain = new ArrayList<>();
            while (p.nextToken() != JsonToken.END_ARRAY) {
                if (!p.currentToken().isScalarValue() || p.currentToken() == JsonToken.VALUE_NULL) {
                    throw new BadInputException(source, line, -1, shape + ", each item a string");
                }
                chain.add(p.getText());
            }
            if (chain.size() < 3 || chain.size() % 2 == 0) {
                throw new BadInputException(source, line, -1, "\"" + RetrievalText.FIELD + "\" holds " + chain
                        + ": a chain is entity, relation, entity (and further relation, entity pairs), an odd count of"
                        + " at least 3");
            }
            chains.add(List.copyOf(chain));
        }
        keepChains(chains, source, line, tally);
        return chains;
    }

    /** Counts retrieved chains against the file's caps: they are kept with the records. */
    private static void keepChains(List<List<String>> chains, String source, long line, Tally tally) {
        if (chains == null) {
            return;
        }
        int items = 0;
        int chars = 0;
        for (List<String> c : chains) {
            items += c.size();
            for (String x : c) {
                chars += x.length();
            }
        }
        tally.keep(items, chars, source, line);
    }

    /** A field's value; a list is read item by item only when {@code lists} (else skipped and named). */
    private static Value value(JsonParser p, String source, long line, boolean lists, Tally tally) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) {
            return new Value(true, true, null, null, null);
        }
        if (t == JsonToken.VALUE_STRING) {
            tally.keep(0, p.getTextLength(), source, line);
            return new Value(true, false, p.getText(), null, null);
        }
        if (t == JsonToken.START_ARRAY && lists) {
            List<String> items = new ArrayList<>();
            JsonToken e;
            while ((e = p.nextToken()) != JsonToken.END_ARRAY) {
                if (e == JsonToken.VALUE_NULL) {
                    continue;
                }
                if (!e.isScalarValue()) {
                    throw new BadInputException(source, line, -1, "\"prediction\" must hold strings or numbers, found "
                            + (e == JsonToken.START_ARRAY ? "array" : "object"));
                }
                if (items.size() == MAX_ANSWERS) {
                    throw new BadInputException(source, line, -1, String.format(Locale.ROOT,
                            "\"prediction\" holds more than %,d answers: one list is capped there so that reading stays in"
                                    + " bounded memory", MAX_ANSWERS));
                }
                // the token's text, never a parsed number: an answer is compared as text
                tally.keep(1, p.getTextLength(), source, line);
                items.add(p.getText());
            }
            return new Value(true, false, null, items, null);
        }
        String type = switch (t) {
            case START_ARRAY -> "array";
            case START_OBJECT -> "object";
            case VALUE_TRUE, VALUE_FALSE -> "boolean";
            default -> "number";
        };
        p.skipChildren();
        return new Value(true, false, null, null, type);
    }
}
