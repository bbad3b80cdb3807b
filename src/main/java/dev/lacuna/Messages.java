package dev.lacuna;

/**
 * Text from outside (a line of a file, a name in it) as messages show it. {@link #echo} caps what one message
 * quotes of the input: a reader that named the whole of a 50 MB line printed 50 MB. {@link #printable} is applied
 * where messages reach the user's terminal ({@code cli}'s entry point for errors, {@link Warnings} for warnings),
 * once for every message rather than by each message's author: control characters are shown escaped, so that an
 * ESC sequence in a relation name cannot retitle or clear the terminal (nor a CR hide what came before it on the
 * line), and a message longer than {@link #MAX_MESSAGE_CHARS} keeps its start and end.
 */
public final class Messages {
    /** The most one message quotes of the input, in characters. */
    public static final int MAX_ECHO_CHARS = 200;
    /** The longest message printed whole, in characters. */
    public static final int MAX_MESSAGE_CHARS = 4000;

    private Messages() {
    }

    /** {@code text}, or its first {@link #MAX_ECHO_CHARS} characters and how many more there were. */
    public static String echo(String text) {
        if (text == null || text.length() <= MAX_ECHO_CHARS) {
            return text;
        }
        int cut = MAX_ECHO_CHARS;
        if (Character.isHighSurrogate(text.charAt(cut - 1))) {
            cut--;
        }
        return text.substring(0, cut) + "... (" + String.format("%,d", text.length() - cut) + " more characters)";
    }

    /**
     * The message as it may be printed: every control character but the line feed (and a tab) written as an escape
     * ({@code \e} for ESC, {@code \r}, {@code \u0007}, ...), unpaired surrogates and the bidirectional overrides
     * that reorder what a terminal shows as {@code \u202E}, and a middle cut out of a message over
     * {@link #MAX_MESSAGE_CHARS} characters.
     */
    public static String printable(String message) {
        if (message == null) {
            return null;
        }
        String text = message;
        if (text.length() > MAX_MESSAGE_CHARS) {
            int head = MAX_MESSAGE_CHARS * 3 / 4;
            int tail = MAX_MESSAGE_CHARS / 8;
            text = text.substring(0, head) + " [... " + String.format("%,d", text.length() - head - tail)
                    + " characters left out ...] " + text.substring(text.length() - tail);
        }
        StringBuilder out = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            String escaped = escape(text, i);
            if (escaped != null && out == null) {
                out = new StringBuilder(text.length() + 16).append(text, 0, i);
            }
            if (out != null) {
                if (escaped != null) {
                    out.append(escaped);
                } else {
                    out.append(c);
                }
            }
        }
        return out == null ? text : out.toString();
    }

    private static String escape(String text, int i) {
        char c = text.charAt(i);
        if (c == '\n' || c == '\t') {
            return null;
        }
        if (c == '\u001B') {
            return "\\e";
        }
        if (c == '\r') {
            return "\\r";
        }
        boolean unpaired = Character.isHighSurrogate(c)
                ? i + 1 >= text.length() || !Character.isLowSurrogate(text.charAt(i + 1))
                : Character.isLowSurrogate(c) && (i == 0 || !Character.isHighSurrogate(text.charAt(i - 1)));
        if (Character.getType(c) == Character.CONTROL || unpaired || bidiControl(c)) {
            return String.format("\\u%04X", (int) c);
        }
        return null;
    }

    /** The embeddings, overrides and isolates that make a terminal show text in another order than it is. */
    private static boolean bidiControl(char c) {
        return (c >= '\u202A' && c <= '\u202E') || (c >= '\u2066' && c <= '\u2069') || c == '\u200E' || c == '\u200F'
                || c == '\u061C';
    }
}
