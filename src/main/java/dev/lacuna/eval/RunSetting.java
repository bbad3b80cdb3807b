package dev.lacuna.eval;

import com.fasterxml.jackson.annotation.JsonValue;

import dev.lacuna.Choice;
import dev.lacuna.store.GraphRole;

/**
 * The graph a system's predictions file was made on: one of the KG graphs ({@link GraphRole}), or
 * {@link #SINGLE} for one file whose graph the user did not state. Reports list runs in this order.
 */
public enum RunSetting implements Choice {
    COMPLETE(GraphRole.COMPLETE),
    INCOMPLETE(GraphRole.INCOMPLETE),
    REPLACED(GraphRole.REPLACED),
    NOISY(GraphRole.NOISY),
    SINGLE(null);

    private final GraphRole graph;

    RunSetting(GraphRole graph) {
        this.graph = graph;
    }

    /** The graph's own label (complete, incomplete), or "single"; the key of a run in report.json. */
    @Override
    @JsonValue
    public String label() {
        return graph == null ? "single" : graph.label();
    }

    /** The graph the predictions were made on, or null when unstated. */
    public GraphRole graph() {
        return graph;
    }

    /** The setting of a graph's label (complete, incomplete, replaced, noisy). */
    public static RunSetting of(GraphRole role) {
        for (RunSetting s : values()) {
            if (s.graph == role) {
                return s;
            }
        }
        throw new IllegalArgumentException(role.toString());
    }

    /** The label, so that messages and reports name the setting as before. */
    @Override
    public String toString() {
        return label();
    }
}
