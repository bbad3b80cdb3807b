package dev.lacuna.mining;

/**
 * How {@link ThreeHopClosures} names walks and the rules it refines: an edge's label is its relation and the
 * direction it is walked in, and three labels (or a rule shape and a parent rule's two body labels) pack into one
 * long of three 21-bit parts.
 */
final class WalkLabels {
    /** Rule shapes, by the edge of the walk that the closing atom adds: the third, the first, the middle one. */
    static final int FROM_SUBJECT = 0;
    static final int FROM_OBJECT = 1;
    static final int PRODUCT = 2;
    private static final int BITS = 21;
    private static final long MASK = (1L << BITS) - 1;

    private WalkLabels() {
    }

    /** Whether every label of the KG fits its part of a packed long; a KG of a million relations or more does not. */
    static boolean labelsFit(KgIndex kg) {
        return 2L * kg.relationCount() <= MASK;
    }

    /** The label of an edge walked from one end to the other: even when the walk goes from the atom's subject. */
    static int label(int relation, boolean fromSubject) {
        return 2 * relation + (fromSubject ? 0 : 1);
    }

    /** Three labels of a walk, or a shape and a parent's two body labels, in one long. */
    static long pack(int first, int second, int third) {
        return ((long) first << (2 * BITS)) | ((long) second << BITS) | third;
    }

    /** Part 0, 1 or 2 of a {@link #pack}ed long. */
    static int part(long packed, int i) {
        return (int) ((packed >>> ((2 - i) * BITS)) & MASK);
    }

    static long parentKey(int shape, int first, int second) {
        return pack(shape, first, second);
    }

    /**
     * The shape and the two body labels (in the walk's order) of a rule that this class refines, packed; -1 for
     * every other rule.
     */
    static long key(WorkRule rule) {
        if (rule.closed || rule.length() != 3) {
            return -1;
        }
        int[] a = rule.atoms;
        int onSubject = -1;
        int onObject = -1;
        int free = -1;
        for (int i = 3; i <= 6; i += 3) {
            boolean s = a[i] == 0 || a[i + 2] == 0;
            boolean o = a[i] == 1 || a[i + 2] == 1;
            if (s && o) {
                return -1;
            } else if (s) {
                onSubject = onSubject < 0 ? i : -2;
            } else if (o) {
                onObject = onObject < 0 ? i : -2;
            } else {
                free = i;
            }
        }
        if (onSubject >= 0 && onObject >= 0) {
            int c = other(a, onSubject, 0);
            int d = other(a, onObject, 1);
            return c == d ? -1 : parentKey(PRODUCT, walkLabel(a, onSubject, 0), walkLabel(a, onObject, d));
        }
        if (free < 0) {
            return -1;
        }
        if (onSubject >= 0) {
            int x = other(a, onSubject, 0);
            return touches(a, free, x) ? parentKey(FROM_SUBJECT, walkLabel(a, onSubject, 0), walkLabel(a, free, x)) : -1;
        }
        if (onObject >= 0) {
            int y = other(a, onObject, 1);
            int x = touches(a, free, y) ? other(a, free, y) : -1;
            return x < 0 ? -1 : parentKey(FROM_OBJECT, walkLabel(a, free, x), walkLabel(a, onObject, y));
        }
        return -1;
    }

    private static boolean touches(int[] a, int i, int v) {
        return a[i] == v || a[i + 2] == v;
    }

    private static int other(int[] a, int i, int v) {
        return a[i] == v ? a[i + 2] : a[i];
    }

    /** The label of atom i walked from its end {@code from}. */
    private static int walkLabel(int[] a, int i, int from) {
        return label(a[i + 1], a[i] == from);
    }
}
