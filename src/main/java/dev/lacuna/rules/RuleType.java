package dev.lacuna.rules;

import java.util.List;

/**
 * The rule types of the paper's Table 1.
 * <ul>
 * <li>symmetry {@code r(y,x) => r(x,y)}; inversion {@code r1(y,x) => r2(x,y)}, r1 != r2;
 *     hierarchy {@code r1(x,y) => r2(x,y)}, r1 != r2;</li>
 * <li>composition: a length-3 path from the head's subject to its object, {@code r1(x,z) ^ r2(z,y) => r3(x,y)},
 *     with both body atoms pointing along the path (no inverted atoms). This strict reading is the one that
 *     gives the paper's split of Family's 145 AMIE3 rules (0 / 6 / 0 / 56 / 83), checked by RuleTypeTest;</li>
 * <li>other: everything else (paths with an inverted atom, length-4 rules, every rule with a constant, ...).</li>
 * </ul>
 */
public enum RuleType {
    SYMMETRY("symmetry"), INVERSION("inversion"), HIERARCHY("hierarchy"), COMPOSITION("composition"), OTHER("other");

    private final String label;

    RuleType(String label) {
        this.label = label;
    }

    /** The lower-case word the paper uses, also the rdfs:label in ontologies/lacuna.ttl. */
    public String label() {
        return label;
    }

    /** The local name of the type's IRI in the Lacuna vocabulary, e.g. Composition. */
    public String vocabularyName() {
        return Character.toUpperCase(label.charAt(0)) + label.substring(1);
    }

    public static RuleType of(Rule r) {
        if (r.hasConstants()) {
            return OTHER; // the paper's types are patterns over variables only
        }
        List<Atom> body = r.body();
        String h = r.head().relation();
        if (body.size() == 1) {
            Atom b = body.get(0);
            if (b.subject() == 1 && b.object() == 0) {
                return b.relation().equals(h) ? SYMMETRY : INVERSION;
            }
            if (b.subject() == 0 && b.object() == 1 && !b.relation().equals(h)) {
                return HIERARCHY;
            }
            return OTHER;
        }
        if (body.size() == 2 && r.variableCount() == 3) {
            Atom x = body.get(0);
            Atom y = body.get(1);
            if (isChain(x, y) || isChain(y, x)) {
                return COMPOSITION;
            }
        }
        return OTHER;
    }

    /** first = ?a -> ?c, second = ?c -> ?b. */
    private static boolean isChain(Atom first, Atom second) {
        return first.subject() == 0 && first.object() == 2 && second.subject() == 2 && second.object() == 1;
    }
}
