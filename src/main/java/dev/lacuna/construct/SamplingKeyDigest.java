package dev.lacuna.construct;

/**
 * The MD5 (RFC 1321) of a sampling key, resumable from any prefix: the state after the seed and the first
 * variables' bytes is copied into the next variable's digest, and the last variable's bytes are hashed into
 * two longs without touching the prefix. It gives the bytes of the JDK's MD5; it exists because the build
 * keys hundreds of millions of groundings, and {@code MessageDigest}'s clone, buffer copies and result array
 * per grounding cost more than the hashing itself. Not thread-safe: one per search.
 */
final class SamplingKeyDigest {
    private static final byte[] PADDING = new byte[64];

    static {
        PADDING[0] = (byte) 0x80;
    }

    private int a = 0x67452301;
    private int b = 0xefcdab89;
    private int c = 0x98badcfe;
    private int d = 0x10325476;
    /** Bytes not yet compressed: buffer[0 .. length % 64). */
    private final byte[] buffer = new byte[64];
    private long length;
    /** The digest's bytes 0-7 and 8-15 as big-endian longs (the order of the hex key), set by {@link #finishWith}. */
    private long high;
    private long low;

    /** Becomes a copy of {@code other}: the same bytes hashed so far. */
    void copyFrom(SamplingKeyDigest other) {
        a = other.a;
        b = other.b;
        c = other.c;
        d = other.d;
        length = other.length;
        System.arraycopy(other.buffer, 0, buffer, 0, (int) (length & 63));
    }

    void update(byte[] in, int offset, int count) {
        int pending = (int) (length & 63);
        length += count;
        if (pending > 0) {
            int fill = Math.min(count, 64 - pending);
            System.arraycopy(in, offset, buffer, pending, fill);
            offset += fill;
            count -= fill;
            if (pending + fill < 64) {
                return;
            }
            compress(buffer, 0);
        }
        while (count >= 64) {
            compress(in, offset);
            offset += 64;
            count -= 64;
        }
        System.arraycopy(in, offset, buffer, 0, count);
    }

    /** Ends the hash (padding and length, as RFC 1321 says); the result is read with {@link #high} and {@link #low}. */
    void finish() {
        long bits = length << 3;
        int pending = (int) (length & 63);
        update(PADDING, 0, pending < 56 ? 56 - pending : 120 - pending);
        for (int i = 0; i < 8; i++) {
            buffer[56 + i] = (byte) (bits >>> (8 * i));
        }
        compress(buffer, 0);
        high = (Integer.reverseBytes(a) & 0xffffffffL) << 32 | (Integer.reverseBytes(b) & 0xffffffffL);
        low = (Integer.reverseBytes(c) & 0xffffffffL) << 32 | (Integer.reverseBytes(d) & 0xffffffffL);
    }

    /** Becomes {@code prefix} followed by the bytes, finished. */
    void finishWith(SamplingKeyDigest prefix, byte[] in, int offset, int count) {
        copyFrom(prefix);
        update(in, offset, count);
        finish();
    }

    long high() {
        return high;
    }

    long low() {
        return low;
    }

    /** The digest as the JDK returns it: for tests and for anyone who needs the bytes. */
    byte[] bytes() {
        byte[] out = new byte[16];
        for (int i = 0; i < 8; i++) {
            out[i] = (byte) (high >>> (56 - 8 * i));
            out[8 + i] = (byte) (low >>> (56 - 8 * i));
        }
        return out;
    }

    private void compress(byte[] in, int at) {
        int x0 = le(in, at);
        int x1 = le(in, at + 4);
        int x2 = le(in, at + 8);
        int x3 = le(in, at + 12);
        int x4 = le(in, at + 16);
        int x5 = le(in, at + 20);
        int x6 = le(in, at + 24);
        int x7 = le(in, at + 28);
        int x8 = le(in, at + 32);
        int x9 = le(in, at + 36);
        int x10 = le(in, at + 40);
        int x11 = le(in, at + 44);
        int x12 = le(in, at + 48);
        int x13 = le(in, at + 52);
        int x14 = le(in, at + 56);
        int x15 = le(in, at + 60);
        int aa = a;
        int bb = b;
        int cc = c;
        int dd = d;

        aa = ff(aa, bb, cc, dd, x0, 7, 0xd76aa478);
        dd = ff(dd, aa, bb, cc, x1, 12, 0xe8c7b756);
        cc = ff(cc, dd, aa, bb, x2, 17, 0x242070db);
        bb = ff(bb, cc, dd, aa, x3, 22, 0xc1bdceee);
        aa = ff(aa, bb, cc, dd, x4, 7, 0xf57c0faf);
        dd = ff(dd, aa, bb, cc, x5, 12, 0x4787c62a);
        cc = ff(cc, dd, aa, bb, x6, 17, 0xa8304613);
        bb = ff(bb, cc, dd, aa, x7, 22, 0xfd469501);
        aa = ff(aa, bb, cc, dd, x8, 7, 0x698098d8);
        dd = ff(dd, aa, bb, cc, x9, 12, 0x8b44f7af);
        cc = ff(cc, dd, aa, bb, x10, 17, 0xffff5bb1);
        bb = ff(bb, cc, dd, aa, x11, 22, 0x895cd7be);
        aa = ff(aa, bb, cc, dd, x12, 7, 0x6b901122);
        dd = ff(dd, aa, bb, cc, x13, 12, 0xfd987193);
        cc = ff(cc, dd, aa, bb, x14, 17, 0xa679438e);
        bb = ff(bb, cc, dd, aa, x15, 22, 0x49b40821);

        aa = gg(aa, bb, cc, dd, x1, 5, 0xf61e2562);
        dd = gg(dd, aa, bb, cc, x6, 9, 0xc040b340);
        cc = gg(cc, dd, aa, bb, x11, 14, 0x265e5a51);
        bb = gg(bb, cc, dd, aa, x0, 20, 0xe9b6c7aa);
        aa = gg(aa, bb, cc, dd, x5, 5, 0xd62f105d);
        dd = gg(dd, aa, bb, cc, x10, 9, 0x02441453);
        cc = gg(cc, dd, aa, bb, x15, 14, 0xd8a1e681);
        bb = gg(bb, cc, dd, aa, x4, 20, 0xe7d3fbc8);
        aa = gg(aa, bb, cc, dd, x9, 5, 0x21e1cde6);
        dd = gg(dd, aa, bb, cc, x14, 9, 0xc33707d6);
        cc = gg(cc, dd, aa, bb, x3, 14, 0xf4d50d87);
        bb = gg(bb, cc, dd, aa, x8, 20, 0x455a14ed);
        aa = gg(aa, bb, cc, dd, x13, 5, 0xa9e3e905);
        dd = gg(dd, aa, bb, cc, x2, 9, 0xfcefa3f8);
        cc = gg(cc, dd, aa, bb, x7, 14, 0x676f02d9);
        bb = gg(bb, cc, dd, aa, x12, 20, 0x8d2a4c8a);

        aa = hh(aa, bb, cc, dd, x5, 4, 0xfffa3942);
        dd = hh(dd, aa, bb, cc, x8, 11, 0x8771f681);
        cc = hh(cc, dd, aa, bb, x11, 16, 0x6d9d6122);
        bb = hh(bb, cc, dd, aa, x14, 23, 0xfde5380c);
        aa = hh(aa, bb, cc, dd, x1, 4, 0xa4beea44);
        dd = hh(dd, aa, bb, cc, x4, 11, 0x4bdecfa9);
        cc = hh(cc, dd, aa, bb, x7, 16, 0xf6bb4b60);
        bb = hh(bb, cc, dd, aa, x10, 23, 0xbebfbc70);
        aa = hh(aa, bb, cc, dd, x13, 4, 0x289b7ec6);
        dd = hh(dd, aa, bb, cc, x0, 11, 0xeaa127fa);
        cc = hh(cc, dd, aa, bb, x3, 16, 0xd4ef3085);
        bb = hh(bb, cc, dd, aa, x6, 23, 0x04881d05);
        aa = hh(aa, bb, cc, dd, x9, 4, 0xd9d4d039);
        dd = hh(dd, aa, bb, cc, x12, 11, 0xe6db99e5);
        cc = hh(cc, dd, aa, bb, x15, 16, 0x1fa27cf8);
        bb = hh(bb, cc, dd, aa, x2, 23, 0xc4ac5665);

        aa = ii(aa, bb, cc, dd, x0, 6, 0xf4292244);
        dd = ii(dd, aa, bb, cc, x7, 10, 0x432aff97);
        cc = ii(cc, dd, aa, bb, x14, 15, 0xab9423a7);
        bb = ii(bb, cc, dd, aa, x5, 21, 0xfc93a039);
        aa = ii(aa, bb, cc, dd, x12, 6, 0x655b59c3);
        dd = ii(dd, aa, bb, cc, x3, 10, 0x8f0ccc92);
        cc = ii(cc, dd, aa, bb, x10, 15, 0xffeff47d);
        bb = ii(bb, cc, dd, aa, x1, 21, 0x85845dd1);
        aa = ii(aa, bb, cc, dd, x8, 6, 0x6fa87e4f);
        dd = ii(dd, aa, bb, cc, x15, 10, 0xfe2ce6e0);
        cc = ii(cc, dd, aa, bb, x6, 15, 0xa3014314);
        bb = ii(bb, cc, dd, aa, x13, 21, 0x4e0811a1);
        aa = ii(aa, bb, cc, dd, x4, 6, 0xf7537e82);
        dd = ii(dd, aa, bb, cc, x11, 10, 0xbd3af235);
        cc = ii(cc, dd, aa, bb, x2, 15, 0x2ad7d2bb);
        bb = ii(bb, cc, dd, aa, x9, 21, 0xeb86d391);

        a += aa;
        b += bb;
        c += cc;
        d += dd;
    }

    /** By hand, not by a VarHandle: C2 gave up inlining the VarHandle's chain inside this large method. */
    private static int le(byte[] in, int at) {
        return (in[at] & 0xff) | (in[at + 1] & 0xff) << 8 | (in[at + 2] & 0xff) << 16 | in[at + 3] << 24;
    }

    private static int ff(int a, int b, int c, int d, int x, int s, int t) {
        return Integer.rotateLeft(a + ((b & c) | (~b & d)) + x + t, s) + b;
    }

    private static int gg(int a, int b, int c, int d, int x, int s, int t) {
        return Integer.rotateLeft(a + ((b & d) | (c & ~d)) + x + t, s) + b;
    }

    private static int hh(int a, int b, int c, int d, int x, int s, int t) {
        return Integer.rotateLeft(a + (b ^ c ^ d) + x + t, s) + b;
    }

    private static int ii(int a, int b, int c, int d, int x, int s, int t) {
        return Integer.rotateLeft(a + (c ^ (b | ~d)) + x + t, s) + b;
    }
}
