package dev.lacuna.build;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Chooses which groundings' head triples to delete under the paper's two constraints (section 3.2):
 * every body triple of every selected grounding stays in the KG, and deleting a head never removes a
 * triple that another selected grounding uses in its body.
 *
 * <p>Greedy, single-threaded and in a fixed order, so the result never depends on timing: rules in the
 * order of the build's rule list, and each rule's candidates in their (seeded) sampling order. A candidate
 * is taken when its head is not a body triple of a grounding already taken and none of its body triples is
 * a head already taken. Several groundings may share a head (another rule, or another path of the same
 * rule): that head is deleted once and every such grounding keeps it inferable.
 *
 * <p>This differs from the authors' released script, which drops a grounding whenever its head appears in
 * the body of any other <em>sampled</em> grounding, selected or not; the greedy rule keeps every grounding
 * the constraints allow in this order, and satisfies them just the same.
 */
public final class GroundingSelector {

    /** Counts of why candidates were passed over. */
    public record Selection(List<Grounding> selected, Set<Triple> deleted, int candidates,
                            int headIsProtected, int bodyUsesDeleted, int headInOwnBody) {
    }

    private GroundingSelector() {
    }

    public static Selection select(List<Grounding> candidatesInOrder) {
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
