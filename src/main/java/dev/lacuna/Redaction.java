package dev.lacuna;

import java.io.ByteArrayOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.regex.Pattern;

/**
 * Keeps credentials out of every line Lacuna prints, logs included. HTTP Basic puts the password, base64-encoded,
 * in each Authorization header; HttpClient's DEBUG logging prints the headers and the bytes on the wire, and some
 * endpoints echo a request's headers in their error answers, which end up in a message. The process's standard
 * error (where every log line and message goes) passes through {@link #guard}, which blanks the value of any
 * Basic or Bearer Authorization header, and every password known to the process in its plain and its Basic form.
 */
public final class Redaction {
    public static final String MASK = "[redacted]";
    private static final Pattern AUTHORIZATION = Pattern.compile(
            "(?i)((?:proxy-)?authorization:\\s*(?:basic|bearer)\\s+)[A-Za-z0-9+/=._~-]+");
    /** Shorter passwords are blanked in their Basic form only, so that a password "ab" does not blank every "ab". */
    private static final int SHORTEST_PLAIN = 6;
    private static final Set<String> SECRETS = new CopyOnWriteArraySet<>();

    private Redaction() {
    }

    /** Remembers a user's password so that no line this process prints shows it, plainly or as a Basic header. */
    public static void register(String user, String password) {
        if (password == null || password.isEmpty()) {
            return;
        }
        if (password.length() >= SHORTEST_PLAIN) {
            SECRETS.add(password);
        }
        SECRETS.add(Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8)));
        SECRETS.add(Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.ISO_8859_1)));
    }

    /** The text with every Authorization value and every known password blanked. */
    public static String redact(String text) {
        if (text == null) {
            return null;
        }
        String out = AUTHORIZATION.matcher(text).replaceAll("$1" + MASK);
        for (String secret : SECRETS) {
            if (out.contains(secret)) {
                out = out.replace(secret, MASK);
            }
        }
        return out;
    }

    /**
     * A print stream over {@code out} that redacts line by line (a line ends at '\n' or '\r', so progress lines
     * still show at once); what is flushed before a line ends is redacted as it stands.
     */
    public static PrintStream guard(PrintStream out) {
        return new PrintStream(new Lines(out), true, StandardCharsets.UTF_8);
    }

    private static final class Lines extends FilterOutputStream {
        private final ByteArrayOutputStream line = new ByteArrayOutputStream(256);

        Lines(OutputStream out) {
            super(out);
        }

        @Override
        public synchronized void write(int b) throws IOException {
            line.write(b);
            if (b == '\n' || b == '\r') {
                emit();
            }
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) throws IOException {
            for (int i = off; i < off + len; i++) {
                write(b[i]);
            }
        }

        @Override
        public synchronized void flush() throws IOException {
            emit();
            out.flush();
        }

        private void emit() throws IOException {
            if (line.size() == 0) {
                return;
            }
            // Latin-1 maps each byte to one char and back: the patterns are ASCII, every other byte passes unchanged.
            String text = line.toString(StandardCharsets.ISO_8859_1);
            line.reset();
            out.write(redact(text).getBytes(StandardCharsets.ISO_8859_1));
        }
    }
}
