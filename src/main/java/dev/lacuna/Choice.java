package dev.lacuna;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A closed set of values the user picks from by a word (an enum that implements this), parsed in one way with one
 * error message: the bad value and the allowed ones.
 */
public interface Choice {
    /** The word the user types and the files record: by default the constant's name in lower case. */
    default String label() {
        return ((Enum<?>) this).name().toLowerCase(Locale.ROOT);
    }

    /**
     * The constant of {@code type} whose label is {@code text} (case and surrounding blanks ignored).
     *
     * @param what names the choice in the error, e.g. "--graph" or "question generator"
     * @throws BadInputException (exit 2) naming the value and the allowed ones
     */
    static <E extends Enum<E> & Choice> E parse(Class<E> type, String what, String text) {
        String word = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        for (E e : type.getEnumConstants()) {
            if (e.label().equals(word)) {
                return e;
            }
        }
        throw new BadInputException("unknown " + what + " '" + text + "': expected " + labels(type));
    }

    /** The allowed words, comma-separated, in declaration order. */
    static <E extends Enum<E> & Choice> String labels(Class<E> type) {
        List<String> out = new ArrayList<>();
        for (E e : type.getEnumConstants()) {
            out.add(e.label());
        }
        return String.join(", ", out);
    }
}
