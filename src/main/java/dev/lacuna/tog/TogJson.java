package dev.lacuna.tog;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;

import dev.lacuna.Json;
import dev.lacuna.LacunaException;

/**
 * Lacuna's own files of a ToG run (trace, timings, run.json), written by the one Jackson configuration, with one
 * addition: a lone surrogate (half of a UTF-16 pair, which an endpoint can send as {@code "\ud800"} in its JSON) is
 * written as that JSON escape. Jackson writes it as it is, and UTF-8 cannot encode it, so one such name made the
 * write fail after ToG's file was written. Jackson writes every other character outside ASCII as itself, so a lone
 * surrogate in its text can only stand inside a string, where the escape means the same.
 */
final class TogJson {
    private TogJson() {
    }

    /** One line of a JSON Lines file, compact. */
    static String line(JsonNode value) {
        try {
            return escapeLoneSurrogates(Json.mapper().writeValueAsString(value));
        } catch (JsonProcessingException e) {
            throw new LacunaException("cannot write a ToG run's JSON: " + e.getMessage(), e);
        }
    }

    /** A JSON file, indented as Lacuna's reports are. */
    static String pretty(JsonNode value) {
        try {
            return escapeLoneSurrogates(Json.pretty().writeValueAsString(value));
        } catch (JsonProcessingException e) {
            throw new LacunaException("cannot write a ToG run's JSON: " + e.getMessage(), e);
        }
    }

    static String escapeLoneSurrogates(String json) {
        StringBuilder out = null;
        for (int i = 0; i < json.length(); i++) {
            char c = json.charAt(i);
            boolean paired = Character.isHighSurrogate(c) && i + 1 < json.length()
                    && Character.isLowSurrogate(json.charAt(i + 1));
            if (paired) {
                if (out != null) {
                    out.append(c).append(json.charAt(i + 1));
                }
                i++;
            } else if (Character.isSurrogate(c)) {
                if (out == null) {
                    out = new StringBuilder(json.length() + 16).append(json, 0, i);
                }
                out.append(String.format("\\u%04x", (int) c));
            } else if (out != null) {
                out.append(c);
            }
        }
        return out == null ? json : out.toString();
    }
}
