package dev.lacuna.serve;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.lacuna.BadInputException;
import dev.lacuna.store.GraphRole;

/**
 * Which graphs an endpoint serves. The system under test must see only the graph of its run, so the default is
 * {@code incomplete} alone; {@code all} (every graph, labels and benchmark answers included) exists for the
 * operator's own inspection and is never implied by anything else. A broken graph of {@code build --break} or
 * {@code --noise} ({@code replaced}, {@code noisy}) is served alone: a system under test sees one graph per run.
 *
 * @param broken the one broken graph served, or null
 */
public record Exposure(boolean complete, boolean incomplete, boolean all, GraphRole broken) {
    public static final Exposure DEFAULT = new Exposure(false, true, false);

    public Exposure(boolean complete, boolean incomplete, boolean all) {
        this(complete, incomplete, all, null);
    }

    public Exposure {
        if (all) {
            complete = true;
            incomplete = true;
        }
        if (broken != null && (complete || incomplete || !broken.broken())) {
            throw new BadInputException("--expose " + broken.label() + " serves that graph alone; give it without others");
        }
        if (!complete && !incomplete && broken == null) {
            throw new BadInputException("expose at least one graph: incomplete, complete, complete,incomplete or all");
        }
    }

    /** "incomplete", "complete", "complete,incomplete" (either order), "all", or one of "replaced" and "noisy". */
    public static Exposure parse(String text) {
        boolean c = false;
        boolean i = false;
        boolean a = false;
        GraphRole broken = null;
        for (String word : text.toLowerCase(Locale.ROOT).split(",")) {
            if (word.trim().equals("all")) {
                a = true;
                continue;
            }
            try {
                switch (GraphRole.parse(word)) {
                    case COMPLETE -> c = true;
                    case INCOMPLETE -> i = true;
                    case REPLACED, NOISY -> {
                        if (broken != null) {
                            throw new BadInputException("one broken graph per endpoint");
                        }
                        broken = GraphRole.parse(word);
                    }
                }
            } catch (BadInputException e) {
                throw new BadInputException("--expose takes incomplete, complete, complete,incomplete or all, or one"
                        + " broken graph alone (replaced, noisy); got '" + text + "'");
            }
        }
        if (broken != null) {
            if (a || c || i) {
                throw new BadInputException("--expose " + broken.label() + " serves that graph alone; give it without"
                        + " others");
            }
            return new Exposure(false, false, false, broken);
        }
        if (a && (c || i)) {
            throw new BadInputException("--expose all already serves every graph; give it alone");
        }
        return new Exposure(c, i, a);
    }

    /** The graph roles served at /sparql/ROLE, in a fixed order. */
    public List<GraphRole> roles() {
        List<GraphRole> out = new ArrayList<>(2);
        if (broken != null) {
            out.add(broken);
        }
        if (complete) {
            out.add(GraphRole.COMPLETE);
        }
        if (incomplete) {
            out.add(GraphRole.INCOMPLETE);
        }
        return out;
    }

    /** The one graph served when exactly one is, which /sparql then serves too; null otherwise. */
    public GraphRole single() {
        return !all && roles().size() == 1 ? roles().get(0) : null;
    }

    public String word() {
        return all ? "all" : String.join(",", roles().stream().map(GraphRole::label).toList());
    }
}
