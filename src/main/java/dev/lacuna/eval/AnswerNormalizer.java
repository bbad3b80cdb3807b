package dev.lacuna.eval;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The normalisation function norm(.) of the paper's appendix E, applied alike to every predicted and
 * every gold answer string: lower case, drop punctuation, drop the articles a/an/the, drop the special
 * token {@code <pad>}, collapse white space.
 *
 * <p>Two variants share the code:
 * <ul>
 *   <li>{@link #strict(String)}: the protocol's. Punctuation is ASCII punctuation (Python's
 *       {@code string.punctuation}, which RoG's evaluation uses) plus every Unicode punctuation character
 *       (so the typographic apostrophe of "Carol’s" goes too). {@code <pad>} is removed as a token
 *       <em>before</em> punctuation is stripped, because the paper says the token is eliminated.</li>
 *   <li>{@link #rog(String)}: RoG's own {@code normalize} for the permissive metrics of appendix I. It
 *       strips punctuation first, so its {@code <pad>} pattern never fires and "pad" survives; we keep that
 *       behaviour so that the permissive numbers are RoG's numbers.</li>
 * </ul>
 * Punctuation is deleted, not replaced by a space (as RoG and SQuAD do): "o'neil" becomes "oneil" and the
 * Freebase id "/m/02mjmr" becomes "m02mjmr" on both sides of the comparison.
 */
public final class AnswerNormalizer {
    private static final String ASCII_PUNCTUATION = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
    private static final Pattern PAD = Pattern.compile("<pad>");
    private static final Pattern ARTICLES = Pattern.compile("\\b(a|an|the)\\b", Pattern.UNICODE_CHARACTER_CLASS);
    private static final Pattern SPACES = Pattern.compile("\\s+", Pattern.UNICODE_CHARACTER_CLASS);

    private AnswerNormalizer() {
    }

    /** The protocol's norm(.): may return the empty string, which callers drop (it is no answer). */
    public static String strict(String s) {
        String lower = s.toLowerCase(Locale.ROOT);
        if (lower.contains("<pad>")) {
            lower = PAD.matcher(lower).replaceAll(" ");
        }
        return dropArticlesAndSpaces(stripPunctuation(lower, true));
    }

    /**
     * One pass over white-space separated tokens: after strict punctuation removal a token boundary is a
     * word boundary, so dropping tokens equal to a/an/the is RoG's {@code \b(a|an|the)\b} without a regex.
     */
    private static String dropArticlesAndSpaces(String s) {
        StringBuilder out = new StringBuilder(s.length());
        int i = 0;
        int n = s.length();
        while (i < n) {
            while (i < n && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
            int start = i;
            while (i < n && !Character.isWhitespace(s.charAt(i))) {
                i++;
            }
            int len = i - start;
            if (len == 0 || isArticle(s, start, len)) {
                continue;
            }
            if (out.length() > 0) {
                out.append(' ');
            }
            out.append(s, start, i);
        }
        return out.toString();
    }

    private static boolean isArticle(String s, int start, int len) {
        return (len == 1 && s.charAt(start) == 'a')
                || (len == 2 && s.startsWith("an", start))
                || (len == 3 && s.startsWith("the", start));
    }

    /** RoG's normalize(), for the permissive metrics only. */
    public static String rog(String s) {
        return finish(stripPunctuation(s.toLowerCase(Locale.ROOT), false));
    }

    private static String stripPunctuation(String s, boolean unicode) {
        StringBuilder out = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (isPunctuation(c, unicode)) {
                if (out == null) {
                    out = new StringBuilder(s.length());
                    out.append(s, 0, i);
                }
            } else if (out != null) {
                out.append(c);
            }
        }
        return out == null ? s : out.toString();
    }

    private static boolean isPunctuation(char c, boolean unicode) {
        if (c < 128) {
            return ASCII_PUNCTUATION.indexOf(c) >= 0;
        }
        if (!unicode) {
            return false;
        }
        return switch (Character.getType(c)) {
            case Character.CONNECTOR_PUNCTUATION, Character.DASH_PUNCTUATION, Character.START_PUNCTUATION,
                    Character.END_PUNCTUATION, Character.INITIAL_QUOTE_PUNCTUATION,
                    Character.FINAL_QUOTE_PUNCTUATION, Character.OTHER_PUNCTUATION -> true;
            default -> false;
        };
    }

    private static String finish(String s) {
        String noArticles = ARTICLES.matcher(s).replaceAll(" ");
        return SPACES.matcher(noArticles).replaceAll(" ").trim();
    }
}
