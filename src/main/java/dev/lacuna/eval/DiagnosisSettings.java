package dev.lacuna.eval;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import dev.lacuna.BadInputException;
import dev.lacuna.Defaults;
import dev.lacuna.evidence.AlternativePaths;

/**
 * How the retrieval-vs-reasoning breakdown is made; written into every report with the other settings.
 *
 * @param maxPaths the alternative paths kept per question and graph (every derivation is counted all the same)
 * @param cases    case studies shown per failure kind and run
 * @param seed     chooses the case studies
 */
@JsonPropertyOrder({"max_paths", "cases", "seed"})
public record DiagnosisSettings(
        @JsonProperty("max_paths") int maxPaths,
        @JsonProperty("cases") int cases,
        @JsonProperty("seed") long seed) {

    /** Case studies per failure kind unless told otherwise: the paper's Table 4 shows one of each. */
    public static final int DEFAULT_CASES = 2;

    public DiagnosisSettings {
        if (maxPaths < 1) {
            throw new BadInputException("--max-paths must be at least 1, not " + maxPaths);
        }
        if (cases < 0) {
            throw new BadInputException("--cases must be 0 or more, not " + cases);
        }
    }

    public static DiagnosisSettings defaults() {
        return new DiagnosisSettings(AlternativePaths.DEFAULT_MAX, DEFAULT_CASES, Defaults.SEED);
    }
}
