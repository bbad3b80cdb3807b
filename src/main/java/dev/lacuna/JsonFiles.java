package dev.lacuna;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * Reading JSON files handed in from outside the same way everywhere: UTF-8 only (invalid bytes are an error naming
 * their line, never replaced), one leading byte order mark skipped as every other input of Lacuna skips it, a key
 * given twice refused, and values capped ({@link Json#bounded()}).
 */
public final class JsonFiles {
    private static final char BOM = '\uFEFF';
    /** The longest string one value of a file from outside may hold, in characters. */
    public static final int MAX_STRING_CHARS = 1 << 24;
    /** The longest number one value may hold, in characters (the limit later versions of Jackson set). */
    public static final int MAX_NUMBER_CHARS = 1000;

    private JsonFiles() {
    }

    /**
     * A reader of the file's text: strict UTF-8, a leading byte order mark skipped, one string or number capped
     * ({@link ValueLengthGuard}).
     */
    public static Reader utf8(Path file) throws IOException {
        return new ValueLengthGuard(text(file), MAX_STRING_CHARS, MAX_NUMBER_CHARS);
    }

    private static Reader text(Path file) throws IOException {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        BufferedReader in = new BufferedReader(new InputStreamReader(Files.newInputStream(file), decoder), 1 << 16);
        in.mark(1);
        if (in.read() != BOM) {
            in.reset();
        }
        return in;
    }

    /**
     * The file's one JSON object: anything after it, a key given twice, invalid UTF-8 or a value over the caps is an
     * error naming the file (exit 2).
     */
    public static JsonNode object(Path file) {
        try (Reader in = utf8(file); JsonParser p = Json.bounded().createParser(in)) {
            JsonToken first = p.nextToken();
            if (first != JsonToken.START_OBJECT) {
                throw new BadInputException(file.toString(), 1, -1, "expected one JSON object, found "
                        + (first == null ? "nothing" : p.getText()));
            }
            JsonNode node = p.readValueAsTree();
            JsonToken after = p.nextToken();
            if (after != null) {
                JsonLocation at = p.currentTokenLocation();
                throw new BadInputException(file.toString(), at.getLineNr(), at.getColumnNr(),
                        "text after the JSON object: the file must hold exactly one object");
            }
            return node;
        } catch (NoSuchFileException e) {
            throw new BadInputException(file.toString(), -1, -1, "does not exist");
        } catch (ValueLengthGuard.TooLong e) {
            throw new BadInputException(file.toString(), e.line(), -1, e.getMessage());
        } catch (CharacterCodingException e) {
            throw invalidUtf8(file);
        } catch (JsonProcessingException e) {
            throw malformed(file.toString(), e);
        } catch (IOException e) {
            if (e.getCause() instanceof CharacterCodingException) {
                throw invalidUtf8(file);
            }
            throw new BadInputException(file.toString(), -1, -1, "cannot read: " + e.getMessage(), e);
        }
    }

    /** Jackson's complaint as file:line:column: problem. */
    public static BadInputException malformed(String source, JsonProcessingException e) {
        JsonLocation loc = e.getLocation();
        String problem = e.getOriginalMessage();
        if (problem != null && problem.startsWith("Duplicate field")) {
            problem = "a key given twice (" + problem + "): which one counts would be a guess";
        }
        return new BadInputException(source, loc == null ? -1 : loc.getLineNr(), loc == null ? -1 : loc.getColumnNr(),
                "malformed JSON: " + problem);
    }

    /** The line of the first byte that is not UTF-8, found by a second pass that holds one buffer, not the file. */
    public static BadInputException invalidUtf8(Path file) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.allocate(1 << 16);
        CharBuffer out = CharBuffer.allocate(1 << 16);
        long line = 1;
        try (InputStream s = Files.newInputStream(file)) {
            boolean eof = false;
            while (!eof) {
                int n = s.read(in.array(), in.position(), in.remaining());
                eof = n < 0;
                if (n > 0) {
                    in.position(in.position() + n);
                }
                in.flip();
                int start = in.position();
                CoderResult r = decoder.decode(in, out, eof);
                for (int i = start; i < in.position(); i++) {
                    if (in.get(i) == '\n') {
                        line++;
                    }
                }
                if (r.isError()) {
                    return new BadInputException(file.toString(), line, -1, "not valid UTF-8");
                }
                out.clear();
                in.compact();
            }
        } catch (IOException e) {
            // fall through to the message without a line
        }
        return new BadInputException(file.toString(), -1, -1, "not valid UTF-8");
    }
}
