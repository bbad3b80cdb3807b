package dev.lacuna.grounding;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import dev.lacuna.Choice;

/**
 * Chooses which groundings' head triples to delete under the paper's two constraints (section 3.2):
 * every body triple of every selected grounding stays in the KG, and deleting a head never removes a
 * triple that another selected grounding uses in its body. Two procedures satisfy them; both are
 * single-threaded and take candidates in a fixed order (rules in the build's rule order, each rule's
 * candidates in their seeded sampling order), so the result never depends on timing.
 *
 * <ul>
 * <li>{@link Mode#FILTER} (default): the procedure of the authors' released code, which produced the paper's
 *     figures: a sampled grounding is dropped when its head is a body triple of any other sampled grounding,
 *     selected or not. Every remaining grounding is selected.</li>
 * <li>{@link Mode#GREEDY}: a candidate is taken when its head is not a body triple of a grounding already
 *     taken and none of its body triples is a head already taken. It keeps more groundings (on Family about a
 *     third more deletions than the paper reports), at the price of depending on the candidate order.</li>
 * </ul>
 * Several groundings may share a head (another rule, or another path of the same rule): that head is deleted
 * once and every such grounding keeps it inferable.
 */
public final class GroundingSelector {

    /** How candidates are chosen; see the class comment. */
    public enum Mode implements Choice {
        FILTER, GREEDY;

        /** Parses the word of {@code --selection}. */
        public static Mode parse(String word) {
            return Choice.parse(Mode.class, "selection", word);
        }
    }

    /** Counts of why candidates were passed over. */
    public record Selection(List<Grounding> selected, Set<Triple> deleted, int candidates,
                            int headIsProtected, int bodyUsesDeleted, int headInOwnBody) {
    }

    private GroundingSelector() {
    }

    public static Selection select(List<Grounding> candidatesInOrder, Mode mode) {
        return mode == Mode.FILTER ? filter(candidatesInOrder) : greedy(candidatesInOrder);
    }

    private static Selection filter(List<Grounding> candidates) {
        List<Grounding> usable = new ArrayList<>();
        int ownBody = 0;
        Set<Triple> anyBody = new HashSet<>();
        for (Grounding g : candidates) {
            if (g.headInOwnBody()) {
                ownBody++;
            } else {
                usable.add(g);
                anyBody.addAll(g.body());
            }
        }
        // A head is never in its own body here, so "in another grounding's body" is "in any body".
        List<Grounding> selected = new ArrayList<>();
        Set<Triple> deleted = new HashSet<>();
        int headIsBody = 0;
        for (Grounding g : usable) {
            if (anyBody.contains(g.head())) {
                headIsBody++;
            } else {
                selected.add(g);
                deleted.add(g.head());
            }
        }
        return new Selection(List.copyOf(selected), Set.copyOf(deleted), candidates.size(), headIsBody, 0, ownBody);
    }

    private static Selection greedy(List<Grounding> candidatesInOrder) {
        Set<Triple> deleted = new HashSet<>();
        Set<Triple> protectedBody = new HashSet<>();
        List<Grounding> selected = new ArrayList<>();
        int headIsProtected = 0;
        int bodyUsesDeleted = 0;
        int ownBody = 0;
        for (Grounding g : candidatesInOrder) {
            if (g.headInOwnBody()) {
                ownBody++;
                continue;
            }
            if (protectedBody.contains(g.head())) {
                headIsProtected++;
                continue;
            }
            boolean usesDeleted = false;
            for (Triple b : g.body()) {
                if (deleted.contains(b)) {
                    usesDeleted = true;
                    break;
                }
            }
            if (usesDeleted) {
                bodyUsesDeleted++;
                continue;
            }
            selected.add(g);
            deleted.add(g.head());
            protectedBody.addAll(g.body());
        }
        return new Selection(List.copyOf(selected), Set.copyOf(deleted), candidatesInOrder.size(),
                headIsProtected, bodyUsesDeleted, ownBody);
    }
}
