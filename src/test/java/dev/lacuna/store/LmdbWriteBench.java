package dev.lacuna.store;

import static org.lwjgl.system.MemoryStack.stackPush;
import static org.lwjgl.util.lmdb.LMDB.MDB_APPEND;
import static org.lwjgl.util.lmdb.LMDB.MDB_CREATE;
import static org.lwjgl.util.lmdb.LMDB.MDB_NOMETASYNC;
import static org.lwjgl.util.lmdb.LMDB.MDB_NOOVERWRITE;
import static org.lwjgl.util.lmdb.LMDB.MDB_NOSYNC;
import static org.lwjgl.util.lmdb.LMDB.MDB_NOTLS;
import static org.lwjgl.util.lmdb.LMDB.MDB_SUCCESS;
import static org.lwjgl.util.lmdb.LMDB.mdb_dbi_open;
import static org.lwjgl.util.lmdb.LMDB.mdb_del;
import static org.lwjgl.util.lmdb.LMDB.mdb_env_close;
import static org.lwjgl.util.lmdb.LMDB.mdb_env_create;
import static org.lwjgl.util.lmdb.LMDB.mdb_env_open;
import static org.lwjgl.util.lmdb.LMDB.mdb_env_set_mapsize;
import static org.lwjgl.util.lmdb.LMDB.mdb_env_set_maxdbs;
import static org.lwjgl.util.lmdb.LMDB.mdb_get;
import static org.lwjgl.util.lmdb.LMDB.mdb_put;
import static org.lwjgl.util.lmdb.LMDB.mdb_strerror;
import static org.lwjgl.util.lmdb.LMDB.mdb_txn_begin;
import static org.lwjgl.util.lmdb.LMDB.mdb_txn_commit;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;

import org.eclipse.rdf4j.sail.lmdb.Varint;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lwjgl.PointerBuffer;
import org.lwjgl.system.MemoryStack;
import org.lwjgl.system.MemoryUtil;
import org.lwjgl.util.lmdb.MDBVal;

import dev.lacuna.generate.KgGenerator;
import dev.lacuna.generate.KgShape;

/**
 * What LMDB itself costs for a load's triples, below RDF4J: the floor under {@link LoadBench}'s two paths.
 *
 * <p>Why Lacuna's load cannot be much faster than RDF4J's plain {@code add}: both go through RDF4J's LMDB triple store,
 * which does per statement what the first pattern here does (RDF4J 5.2's {@code TripleStore.storeTriple}): a put
 * into the first index (no overwrite), a delete from its inferred twin, a put into the second index, and a read and
 * a write of the context's statement count. The second pattern is what a bulk loader below RDF4J's API would do:
 * each index's keys sorted and appended ({@code MDB_APPEND}). Both write the same KG's triples (a generated
 * Wikidata5m-shaped KG, ids as the generator numbers them) with RDF4J's varint keys, in one transaction, with the
 * environment flags RDF4J uses, and no values: this is the triple store alone, against which
 * {@link LoadBench}'s whole loads (values, RDF4J's caller and writer threads) compare.
 *
 * <p>Run: {@code mvn -B -o -Pbench test -Dtest=LmdbWriteBench [-Dload.triples=N] [-Dload.rounds=R]}; writes
 * target/bench/lmdb-write-N.md.
 */
@Tag("bench")
class LmdbWriteBench {
    private static final long CONTEXT = 7;
    /** Entity ids fit 26 bits in the loader's packing, so (relation, object, subject) fits one long too. */
    private static final int ID_BITS = 26;
    private static final long ID_MASK = (1L << ID_BITS) - 1;

    @TempDir
    Path tmp;

    @Test
    void rdf4jPatternAgainstSortedAppends() throws IOException {
        long n = Long.getLong("load.triples", 2_000_000L);
        int rounds = Integer.getInteger("load.rounds", 2);
        KgShape shape = KgShape.wikidata5mLike(n, 2, 42);
        long[] spo = triples(shape);
        StringBuilder md = new StringBuilder(String.format(
                "# LMDB writes of a load's triples: %,d distinct triples of the generated KG (%s)%n%n"
                        + "| round | pattern | puts s | commit s | triples/s | MiB on disk |%n"
                        + "|---:|---|---:|---:|---:|---:|%n",
                spo.length, Instant.now()));
        for (int round = 1; round <= rounds; round++) {
            for (boolean append : new boolean[] {false, true}) {
                Path dir = Files.createDirectories(tmp.resolve((append ? "append-" : "rdf4j-") + round));
                double[] seconds = write(dir, spo, shape.entities(), append);
                String row = String.format("| %d | %s | %.1f | %.1f | %,.0f | %,.0f |", round,
                        append ? "sorted appends per index" : "RDF4J's per-statement pattern", seconds[0], seconds[1],
                        spo.length / (seconds[0] + seconds[1]), mib(dir));
                System.out.println(row);
                md.append(row).append('\n');
            }
        }
        Path out = Path.of("target", "bench", "lmdb-write-" + n + ".md");
        Files.createDirectories(out.getParent());
        Files.writeString(out, md.toString());
        System.out.println(md);
    }

    /** The KG's distinct triples packed (subject, relation, object), sorted: the order Lacuna's loader writes. */
    private static long[] triples(KgShape shape) {
        long[][] buf = {new long[1 << 20]};
        int[] size = {0};
        new KgGenerator(shape).generate((s, r, o) -> {
            if (size[0] == buf[0].length) {
                buf[0] = Arrays.copyOf(buf[0], size[0] * 2);
            }
            buf[0][size[0]++] = KgLoader.pack(s, r, o);
        });
        long[] t = Arrays.copyOf(buf[0], size[0]);
        Arrays.sort(t);
        return Arrays.copyOf(t, KgLoader.dedupe(t));
    }

    /** @return seconds of the puts and of the commit */
    private static double[] write(Path dir, long[] spo, int entities, boolean append) {
        long env;
        try (MemoryStack stack = stackPush()) {
            PointerBuffer pp = stack.mallocPointer(1);
            check(mdb_env_create(pp));
            env = pp.get(0);
        }
        ByteBuffer key = MemoryUtil.memAlloc(64);
        ByteBuffer count = MemoryUtil.memAlloc(16);
        ByteBuffer contextKey = MemoryUtil.memAlloc(16);
        MDBVal keyVal = MDBVal.malloc();
        MDBVal dataVal = MDBVal.calloc();
        MDBVal contextVal = MDBVal.malloc();
        MDBVal countVal = MDBVal.calloc();
        try {
            check(mdb_env_set_mapsize(env, 16L << 30));
            check(mdb_env_set_maxdbs(env, 8));
            check(mdb_env_open(env, dir.toString(), MDB_NOTLS | MDB_NOSYNC | MDB_NOMETASYNC, 0664));
            long started = System.nanoTime();
            long txn;
            int spoc;
            int posc;
            int spocInferred;
            int contexts;
            try (MemoryStack stack = stackPush()) {
                PointerBuffer pp = stack.mallocPointer(1);
                check(mdb_txn_begin(env, 0, 0, pp));
                txn = pp.get(0);
                IntBuffer dbi = stack.mallocInt(1);
                check(mdb_dbi_open(txn, "spoc", MDB_CREATE, dbi));
                spoc = dbi.get(0);
                check(mdb_dbi_open(txn, "posc", MDB_CREATE, dbi));
                posc = dbi.get(0);
                check(mdb_dbi_open(txn, "spoc-inf", MDB_CREATE, dbi));
                spocInferred = dbi.get(0);
                check(mdb_dbi_open(txn, "contexts", MDB_CREATE, dbi));
                contexts = dbi.get(0);
            }
            Varint.writeUnsigned(contextKey, CONTEXT);
            contextKey.flip();
            contextVal.mv_data(contextKey);
            if (append) {
                for (long t : spo) {
                    put(txn, spoc, keyVal, dataVal,
                            key(key, KgLoader.subjectOf(t), relation(t, entities), KgLoader.objectOf(t)), MDB_APPEND);
                }
                long[] pos = new long[spo.length];
                for (int i = 0; i < spo.length; i++) {
                    pos[i] = posOrder(spo[i]);
                }
                Arrays.sort(pos);
                for (long t : pos) {
                    put(txn, posc, keyVal, dataVal, key(key, (t >>> 2 * ID_BITS) + entities, (t >>> ID_BITS) & ID_MASK,
                            t & ID_MASK), MDB_APPEND);
                }
                count.clear();
                Varint.writeUnsigned(count, spo.length);
                count.flip();
                countVal.mv_data(count);
                check(mdb_put(txn, contexts, contextVal, countVal, 0));
            } else {
                for (long t : spo) {
                    long s = KgLoader.subjectOf(t);
                    long p = relation(t, entities);
                    long o = KgLoader.objectOf(t);
                    keyVal.mv_data(key(key, s, p, o));
                    dataVal.mv_size(0);
                    int rc = mdb_put(txn, spoc, keyVal, dataVal, MDB_NOOVERWRITE);
                    if (rc != MDB_SUCCESS) {
                        throw new IllegalStateException(mdb_strerror(rc));
                    }
                    mdb_del(txn, spocInferred, keyVal, null);
                    put(txn, posc, keyVal, dataVal, key(key, p, o, s), 0);
                    long c = 1;
                    if (mdb_get(txn, contexts, contextVal, countVal) == MDB_SUCCESS) {
                        c = Varint.readUnsigned(countVal.mv_data()) + 1;
                    }
                    count.clear();
                    Varint.writeUnsigned(count, c);
                    count.flip();
                    countVal.mv_data(count);
                    check(mdb_put(txn, contexts, contextVal, countVal, 0));
                }
            }
            long written = System.nanoTime();
            check(mdb_txn_commit(txn));
            long committed = System.nanoTime();
            return new double[] {(written - started) / 1e9, (committed - written) / 1e9};
        } finally {
            mdb_env_close(env);
            MemoryUtil.memFree(key);
            MemoryUtil.memFree(count);
            MemoryUtil.memFree(contextKey);
            keyVal.free();
            dataVal.free();
            contextVal.free();
            countVal.free();
        }
    }

    /** Relations numbered after the entities, as one value store numbers both. */
    private static long relation(long t, int entities) {
        return KgLoader.relationOf(t) + (long) entities;
    }

    /** (relation, object, subject) packed so that sorting the longs gives the posc index's order. */
    private static long posOrder(long spo) {
        return ((long) KgLoader.relationOf(spo) << 2 * ID_BITS) | ((long) KgLoader.objectOf(spo) << ID_BITS)
                | KgLoader.subjectOf(spo);
    }

    /** An index key as RDF4J writes it: the four ids as varints, in the index's order. */
    private static ByteBuffer key(ByteBuffer key, long a, long b, long c) {
        key.clear();
        Varint.writeUnsigned(key, a);
        Varint.writeUnsigned(key, b);
        Varint.writeUnsigned(key, c);
        Varint.writeUnsigned(key, CONTEXT);
        key.flip();
        return key;
    }

    private static void put(long txn, int dbi, MDBVal keyVal, MDBVal dataVal, ByteBuffer key, int flags) {
        keyVal.mv_data(key);
        dataVal.mv_size(0);
        check(mdb_put(txn, dbi, keyVal, dataVal, flags));
    }

    private static void check(int rc) {
        if (rc != MDB_SUCCESS) {
            throw new IllegalStateException(mdb_strerror(rc));
        }
    }

    private static double mib(Path dir) throws IOException {
        try (var files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).mapToLong(f -> f.toFile().length()).sum() / (1024.0 * 1024);
        }
    }
}
