package dev.lacuna.questions;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;

import dev.lacuna.BadInputException;
import dev.lacuna.LineReader;
import dev.lacuna.Json;

/**
 * {@code questions/{train,valid,test}.jsonl}: one {@link Question} per line as a JSON object, fields in the
 * record's fixed order, null fields left out, UTF-8 without escaping non-ASCII, LF after every line. The same
 * questions always give the same bytes.
 */
public final class QuestionFiles {
    /** The folder inside a benchmark output folder. */
    public static final String FOLDER = "questions";

    private static final ObjectMapper MAPPER = Json.mapper();
    private static final ObjectWriter WRITER = MAPPER.writerFor(Question.class);
    private static final ObjectReader READER = MAPPER.readerFor(Question.class)
            .with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private QuestionFiles() {
    }

    /** The file of one split: {@code <outDir>/questions/<split>.jsonl}. */
    public static Path file(Path outDir, SplitName split) {
        return outDir.resolve(FOLDER).resolve(split.label() + ".jsonl");
    }

    /** Writes the three split files under {@code outDir/questions/}. */
    public static void write(Path outDir, Splitter.Split split) {
        for (SplitName name : SplitName.values()) {
            writeJsonl(file(outDir, name), split.part(name));
        }
    }

    /** Reads the three split files back; each question's split field must match its file. */
    public static Splitter.Split read(Path outDir) {
        List<List<Question>> parts = new ArrayList<>();
        for (SplitName name : SplitName.values()) {
            Path file = file(outDir, name);
            List<Question> questions = readJsonl(file);
            for (int i = 0; i < questions.size(); i++) {
                Question q = questions.get(i);
                if (q.split() != null && !q.split().equals(name.label())) {
                    throw new BadInputException(file.toString(), -1, -1, "question " + q.id() + " has split \""
                            + q.split() + "\" but is in " + file.getFileName());
                }
            }
            parts.add(questions);
        }
        return new Splitter.Split(parts.get(0), parts.get(1), parts.get(2));
    }

    /** One question as its file holds it: the JSON object and its LF (verify compares files with these bytes). */
    public static String line(Question q) throws JsonProcessingException {
        return WRITER.writeValueAsString(q) + "\n";
    }

    public static void writeJsonl(Path file, List<Question> questions) {
        try {
            if (file.getParent() != null) {
                Files.createDirectories(file.getParent());
            }
            try (BufferedWriter out = new BufferedWriter(new OutputStreamWriter(Files.newOutputStream(file),
                    StandardCharsets.UTF_8))) {
                for (Question q : questions) {
                    out.write(line(q));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /**
     * Reads a JSONL file of questions. Blank lines are skipped; a line that is not one JSON object, lacks a
     * required field ({@code id}, {@code question}, {@code topic_entity}, {@code relation}, {@code direction},
     * {@code answers}, {@code hard_answer}) or has a direction other than head/tail is a
     * {@link BadInputException} naming the file and line.
     */
    public static List<Question> readJsonl(Path file) {
        List<Question> questions = new ArrayList<>();
        String source = file.toString();
        try (LineReader in = LineReader.open(file)) {
            String line;
            while ((line = in.readLine()) != null) {
                if (line.isBlank()) {
                    continue;
                }
                questions.add(parseLine(line, source, in.lineNumber()));
            }
        } catch (NoSuchFileException e) {
            throw new BadInputException(source, -1, -1, "file not found");
        } catch (IOException e) {
            throw new BadInputException(source, -1, -1, "cannot read: " + e);
        }
        return questions;
    }

    private static Question parseLine(String line, String source, long lineNo) {
        Question q;
        try {
            q = READER.readValue(line);
        } catch (JsonProcessingException e) {
            long column = e.getLocation() == null ? -1 : e.getLocation().getColumnNr();
            throw new BadInputException(source, lineNo, column, "not a JSON question object: " + e.getOriginalMessage(), e);
        }
        if (q == null) {
            throw new BadInputException(source, lineNo, -1, "expected a JSON object, found null");
        }
        String missing = q.id() == null ? "id" : q.question() == null ? "question"
                : q.topicEntity() == null ? "topic_entity" : q.relation() == null ? "relation"
                : q.direction() == null ? "direction" : q.answers() == null ? "answers"
                : q.hardAnswer() == null ? "hard_answer" : null;
        if (missing != null) {
            throw new BadInputException(source, lineNo, -1, "missing field \"" + missing + "\"");
        }
        if (!Question.HEAD.equals(q.direction()) && !Question.TAIL.equals(q.direction())) {
            throw new BadInputException(source, lineNo, -1, "direction must be \"head\" or \"tail\", not \""
                    + q.direction() + "\"");
        }
        return q;
    }
}
