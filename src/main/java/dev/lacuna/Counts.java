package dev.lacuna;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Counts by name in words for a person to read ("inversion 6, composition 56"), never a Java map's toString. */
public final class Counts {
    private Counts() {
    }

    /** Each name (underscores as spaces) and its count, in the map's order, separated by commas; "none" when empty. */
    public static String describe(Map<String, ? extends Number> counts) {
        if (counts == null || counts.isEmpty()) {
            return "none";
        }
        List<String> parts = new ArrayList<>(counts.size());
        counts.forEach((name, n) -> parts.add(name.replace('_', ' ') + " " + String.format(Locale.ROOT, "%,d", n.longValue())));
        return String.join(", ", parts);
    }
}
