package dev.lacuna.breakage;

import java.util.Map;

import dev.lacuna.BadInputException;

/**
 * The broken graphs a build makes beside incomplete, from the build's one seed: {@code replaced} with
 * {@code --break replace}, {@code noisy} with {@code --noise P}. {@link #NONE} is the paper's build, whose folder
 * stays byte for byte what it was without these options.
 *
 * @param replace whether to build the graph {@code replaced} (each hard triple replaced by a trap)
 * @param noise   the share of incomplete's triples (those no question's proof needs) the graph {@code noisy}
 *                leaves out, or null for no noisy graph
 */
public record BreakSettings(BreakKind replace, Double noise) {
    public static final BreakSettings NONE = new BreakSettings(null, null);

    public BreakSettings {
        if (noise != null && (noise.isNaN() || noise <= 0 || noise >= 1)) {
            throw new BadInputException("--noise must be a share between 0 and 1 (exclusive), not " + noise);
        }
    }

    public boolean any() {
        return replace != null || noise != null;
    }

    /** The build parameters these settings add to summary.json and the benchmark graph (none for {@link #NONE}). */
    public void addParameters(Map<String, String> parameters) {
        if (replace != null) {
            parameters.put("break", replace.label());
        }
        if (noise != null) {
            parameters.put("noise", Double.toString(noise));
        }
    }
}
