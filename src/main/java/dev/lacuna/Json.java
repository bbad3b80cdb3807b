package dev.lacuna;

import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * The one Jackson configuration of Lacuna. Every file Lacuna writes or reads as JSON goes through it, so that the
 * bytes of an output folder depend on one setting and not on which class wrote them. The mapper is shared and must
 * not be reconfigured: derive readers and writers from it instead.
 */
public final class Json {
    private static final ObjectMapper MAPPER = JsonMapper.builder().build();
    private static final ObjectWriter PRETTY = MAPPER.writerWithDefaultPrettyPrinter();
    private static final ObjectReader STRICT = MAPPER.reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    /**
     * For files a user or a system under test hands in (predictions, a system's own output, export.json): a key
     * given twice is an error rather than the last one winning. Read them through {@code JsonFiles.utf8}, which
     * also caps one value's length.
     */
    private static final ObjectMapper BOUNDED = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
            .build();

    private Json() {
    }

    /** The shared mapper: compact output, Jackson's defaults. */
    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /** Indented output, as summary.json, graphs.json and JSON reports are written (two spaces, " : "). */
    public static ObjectWriter pretty() {
        return PRETTY;
    }

    /** The mapper for files handed in from outside: each key once in an object. */
    public static ObjectMapper bounded() {
        return BOUNDED;
    }

    /** A reader for which text after the one JSON value is an error rather than ignored. */
    public static ObjectReader strict() {
        return STRICT;
    }
}
