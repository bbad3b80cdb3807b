package dev.lacuna.verify;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Writer;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CoderResult;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A {@link Writer} that compares what is written to it, line by line, with a folder's file, as the store's
 * content is written out: verify never writes a second copy of a large graph to disk. The first differing line
 * is named with its number, as {@code name:line}; everything written after it is ignored. Lines end at LF only
 * and are compared with their line end, so a CR added before an LF, or a missing last LF, is a difference (a
 * {@link java.io.BufferedReader} takes CRLF and a bare CR as line ends and would hide both).
 *
 * <p>The comparison is of bytes: what is written is encoded to UTF-8 as the folder's writers encode it, and compared
 * a block at a time with the file's bytes by {@link Arrays#mismatch} (at 20M triples verify compares 3.65 GB, and
 * a char at a time cost most of its time). The file is never decoded unless it differs: the texts are equal only
 * if their bytes are, and the store's bytes are valid UTF-8. Lines are only taken apart to name a difference.
 */
final class FileComparison extends Writer {
    /** Bytes read from the file at once, and the store's text encoded before it is compared. */
    static final int BLOCK = 1 << 18;
    /** At most this much of a differing line's rest is kept: enough to show it, and to end on a file without LF. */
    private static final int REST = 1 << 20;
    /** The byte a lone surrogate is encoded as: never in valid UTF-8, as the folder's writers refuse to write one. */
    private static final byte LONE = (byte) 0xFF;
    /** Chars given to the encoder at once: its vectorised ASCII loop stops for good at a window's first other char. */
    private static final int WINDOW = 512;
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final String name;
    private final Path file;
    private InputStream in;
    private final byte[] block = new byte[BLOCK];
    private int blockPosition;
    private int blockLimit;
    /**
     * The store's text as UTF-8, from the start of a line: {@code [0, compared)} equals the file, {@code
     * [compared, length)} is still to be compared. It grows only to hold a line longer than itself.
     */
    private byte[] text = new byte[BLOCK];
    private int compared;
    private int length;
    /**
     * What is written, gathered to be encoded a block at a time by the encoder the folder's writers use: the same
     * bytes by construction, and its ASCII loop is the JDK's vectorised one. A high surrogate at the end waits here
     * for the low one of its pair (a writer may split a pair across writes).
     */
    private final char[] chars = new char[BLOCK / 4];
    private int charCount;
    private final CharsetEncoder encoder = StandardCharsets.UTF_8.newEncoder();
    private final List<String> failures = new ArrayList<>();
    /** LFs of the store's text compared equal; then, with the line that differs, the lines checked. */
    private long lines;
    private boolean done;
    /** Where in {@link #text} the store's text first differs from the file's; -1 while they are equal. */
    private int differs = -1;
    /** The file's bytes from {@link #differs} on, up to and with its LF; its whole rest when it has no LF. */
    private ByteArrayOutputStream fileRest;
    private boolean fileRestCut;
    /** The store's bytes from {@link #differs} up to here hold no LF. */
    private int scanned;

    FileComparison(String name, Path file) {
        this.name = name;
        this.file = file;
        try {
            in = Files.newInputStream(file);
        } catch (NoSuchFileException e) {
            fail(name + ": missing");
        } catch (IOException e) {
            fail(name + ": cannot read: " + e.getMessage());
        }
    }

    @Override
    public void write(int c) {
        if (!done) {
            chars[charCount++] = (char) c;
            if (charCount == chars.length) {
                encode(false);
            }
        }
    }

    @Override
    public void write(char[] cbuf, int off, int len) {
        Objects.checkFromIndexSize(off, len, cbuf.length);
        for (int end = off + len; off < end && !done; ) {
            int n = Math.min(end - off, chars.length - charCount);
            System.arraycopy(cbuf, off, chars, charCount, n);
            off += n;
            added(n);
        }
    }

    @Override
    public void write(String s, int off, int len) {
        for (int end = off + len; off < end && !done; ) {
            int n = Math.min(end - off, chars.length - charCount);
            s.getChars(off, off + n, chars, charCount);
            off += n;
            added(n);
        }
    }

    /** As {@link Writer#append(CharSequence)}, without a String copy of each line the TSV writers append. */
    @Override
    public Writer append(CharSequence csq) throws IOException {
        if (!(csq instanceof StringBuilder sb)) {
            return super.append(csq);
        }
        for (int off = 0; off < sb.length() && !done; ) {
            int n = Math.min(sb.length() - off, chars.length - charCount);
            sb.getChars(off, off + n, chars, charCount);
            off += n;
            added(n);
        }
        return this;
    }

    private void added(int n) {
        charCount += n;
        if (charCount == chars.length) {
            encode(false);
        }
    }

    /**
     * The gathered chars as UTF-8, appended to {@link #text} and compared; a high surrogate at their end is kept
     * for its pair unless the text has ended.
     */
    private void encode(boolean end) {
        CharBuffer in = CharBuffer.wrap(chars, 0, charCount);
        while (!done) {
            in.limit(Math.min(in.position() + WINDOW, charCount));
            ByteBuffer out = ByteBuffer.wrap(text, length, text.length - length);
            CoderResult result = encoder.encode(in, out, end && in.limit() == charCount);
            length = out.position();
            if (result.isOverflow()) {
                makeRoom();
            } else if (result.isError()) {
                ensureRoom(1);
                if (!done) {
                    lone();
                    in.position(in.position() + result.length());
                }
            } else if (in.limit() == charCount) {
                break;
            }
        }
        int left = in.remaining();
        System.arraycopy(chars, in.position(), chars, 0, left);
        charCount = left;
        if (differs >= 0 && !done) {
            findStoreLineEnd();
        }
    }

    /**
     * A surrogate without its pair: the folder's writers refuse it, so the file cannot hold it. It is encoded as a
     * byte no valid UTF-8 has; should the file hold that byte there, the file is not valid UTF-8 at that line.
     */
    private void lone() {
        text[length++] = LONE;
        if (differs < 0) {
            compare(length);
            if (!done && differs < 0) {
                fail(name + ":" + (lines + 1) + ": not valid UTF-8");
            }
        }
    }

    private void ensureRoom(int bytes) {
        while (text.length - length < bytes && !done) {
            makeRoom();
        }
    }

    /** Compares what is pending, then keeps only the current line (the one that differs): half the buffer free. */
    private void makeRoom() {
        if (differs < 0) {
            compare(length);
        } else {
            findStoreLineEnd();
        }
        if (done) {
            return;
        }
        int keep = lineStart(differs < 0 ? compared : differs);
        System.arraycopy(text, keep, text, 0, length - keep);
        length -= keep;
        compared -= keep;
        if (differs >= 0) {
            differs -= keep;
            scanned -= keep;
        }
        if (text.length - length < text.length / 2) {
            text = Arrays.copyOf(text, text.length * 2);
        }
    }

    /** Compares the store's text up to {@code to} with the file's next bytes, until they differ. */
    private void compare(int to) {
        while (compared < to) {
            if (blockPosition == blockLimit && !fill()) {
                if (!done) {
                    differ();
                }
                return;
            }
            int n = Math.min(to - compared, blockLimit - blockPosition);
            int m = Arrays.mismatch(text, compared, compared + n, block, blockPosition, blockPosition + n);
            int equal = m < 0 ? n : m;
            lines += lineEnds(text, compared, compared + equal);
            compared += equal;
            blockPosition += equal;
            if (m >= 0) {
                differ();
                return;
            }
        }
    }

    /** The file's next block; false at its end, or when it cannot be read (then the comparison has failed). */
    private boolean fill() {
        if (in == null) {
            return false;
        }
        try {
            int n = in.read(block, 0, block.length);
            blockPosition = 0;
            blockLimit = Math.max(n, 0);
            return n > 0;
        } catch (IOException e) {
            fail(name + ": cannot read: " + e.getMessage());
            return false;
        }
    }

    /**
     * The texts differ at {@link #compared} (or one of them ended there): the file's line is read to its end now,
     * the store's as it is written; the line is named when the store's ends.
     */
    private void differ() {
        differs = compared;
        scanned = compared;
        fileRest = new ByteArrayOutputStream();
        boolean lineEnded = false;
        while (!done && fileRest.size() < REST && (blockPosition < blockLimit || fill())) {
            int lf = blockPosition;
            while (lf < blockLimit && block[lf] != '\n') {
                lf++;
            }
            int end = Math.min(lf < blockLimit ? lf + 1 : blockLimit, blockPosition + REST - fileRest.size());
            fileRest.write(block, blockPosition, end - blockPosition);
            blockPosition = end;
            if (end == lf + 1) {
                lineEnded = true;
                break;
            }
        }
        fileRestCut = !lineEnded && fileRest.size() >= REST;
        findStoreLineEnd();
    }

    /** Names the differing line once the store's line has ended, or once enough of it is kept to show it. */
    private void findStoreLineEnd() {
        for (int i = scanned; i < length; i++) {
            if (text[i] == '\n') {
                report(i + 1);
                return;
            }
        }
        scanned = length;
        if (length - differs > REST) {
            report(length);
        }
    }

    /**
     * Names the first difference, the store's line ending at {@code end}: both lines are decoded only here, the
     * file's strictly, as the line that differs may be where the file is not UTF-8.
     */
    private void report(int end) {
        if (done) {
            return;
        }
        int start = lineStart(differs);
        byte[] rest = fileRest.toByteArray();
        String at = name + ":" + ++lines + ": ";
        if (start == differs && rest.length == 0) {
            fail(at + "file ends early; the store has more, from '" + shorten(lenient(start, end)) + "'");
            return;
        }
        byte[] got = Arrays.copyOfRange(text, start, differs + rest.length);
        System.arraycopy(rest, 0, got, differs - start, rest.length);
        String file = strict(got, !fileRestCut);
        if (file == null) {
            fail(at + "not valid UTF-8");
        } else if (start == differs && end == differs) {
            fail(at + "line '" + shorten(file) + "' and what follows are not in the store");
        } else {
            // The lines are equal up to differs: they differ only in their line end when one rest is the LF alone.
            int storeRest = end - differs;
            boolean lineEnd = storeRest + rest.length == 1 && (storeRest == 1 ? text[differs] : rest[0]) == '\n';
            fail(at + "'" + shorten(file) + "' differs from the store's '" + shorten(lenient(start, end)) + "'"
                    + (lineEnd ? " (in its line end)" : ""));
        }
    }

    /** The start of the line that holds {@code at}: {@link #text} always begins with a line. */
    private int lineStart(int at) {
        int i = at;
        while (i > 0 && text[i - 1] != '\n') {
            i--;
        }
        return i;
    }

    private String lenient(int start, int end) {
        return new String(text, start, end - start, StandardCharsets.UTF_8);
    }

    /** The bytes as UTF-8, or null when they are not; a cut line may end inside a char. */
    private static String strict(byte[] bytes, boolean whole) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder();
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult result = decoder.decode(ByteBuffer.wrap(bytes), out, whole);
        if (result.isError() || whole && decoder.flush(out).isError()) {
            return null;
        }
        return out.flip().toString();
    }

    /** The LFs in {@code [from, to)}, eight bytes at a time: each byte that is LF is found without a branch. */
    private static long lineEnds(byte[] b, int from, int to) {
        long n = 0;
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long x = (long) LONGS.get(b, i) ^ 0x0A0A0A0A0A0A0A0AL;
            // A byte's high bit ends up clear exactly when the byte is zero (an LF before the xor); no carries.
            long t = ((x & 0x7F7F7F7F7F7F7F7FL) + 0x7F7F7F7F7F7F7F7FL) | x;
            n += Long.bitCount(~t & 0x8080808080808080L);
        }
        for (; i < to; i++) {
            if (b[i] == '\n') {
                n++;
            }
        }
        return n;
    }

    private void fail(String message) {
        failures.add(message);
        done = true;
    }

    @Override
    public void flush() {
    }

    /** Ends the comparison: a last line without a newline, then whatever the file has beyond the store's lines. */
    @Override
    public void close() {
        if (!done) {
            encode(true);
        }
        if (!done && differs < 0) {
            compare(length);
        }
        if (!done && differs < 0) {
            if (blockPosition < blockLimit || fill()) {
                // The store's text ended where the file goes on: within a line, or before one of the file's.
                differ();
            } else if (!done && lineStart(length) < length) {
                lines++;
            }
        }
        if (!done && differs >= 0) {
            findStoreLineEnd();
            report(length);
        }
        done = true;
        if (in != null) {
            try {
                in.close();
            } catch (IOException ignored) {
                // the verdict is already known
            }
            in = null;
        }
    }

    /** The check, after {@link #close}. */
    Verifier.Check check() {
        return new Verifier.Check(name + " matches the store", lines, List.copyOf(failures));
    }

    Path file() {
        return file;
    }

    private static String shorten(String s) {
        String shown = strip(s).replace("\r", "\\r");
        return shown.length() <= 120 ? shown : shown.substring(0, 117) + "...";
    }

    /** The line without its LF. */
    private static String strip(String s) {
        return s.endsWith("\n") ? s.substring(0, s.length() - 1) : s;
    }
}
