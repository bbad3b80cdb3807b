package dev.lacuna.mining;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.LongSupplier;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import dev.lacuna.store.LongKeyedTable;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;

/**
 * The hand-written primitive collections beside fastutil's of the same job, on the pattern of their users:
 * {@link LongIndexMap} as {@link ConstMatcher}'s constant counts (cleared per rule, keys cell << 32 | entity,
 * FB15k-237's 14,541 entities), {@link LongKeyedTable} as {@code folder.PlainValues}' values (LMDB's dense value ids,
 * about one in four used, read in random order) and {@link IntList} as the refinement strategies' groups. Each
 * pair does the same work from the same seed and must give the same checksum. Writes
 * target/bench/primitive-maps.md. Run with: ./mvnw -B -o -Pbench test -Dtest=PrimitiveMapsBench
 */
@Tag("bench")
class PrimitiveMapsBench {
    private static final int RUNS = 5;
    /** CPU time of the thread, not wall time: the machine that measures may be shared, and all work is this thread's. */
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

    private static final int RULES = 100;
    private static final int PUTS = 20_000;
    private static final int GETS = 60_000;
    private static final int ENTITIES = 14_541;
    private static final int VALUES = 1_000_000;
    private static final int READS = 5_000_000;
    private static final int GROUPS = 200_000;
    private static final int PER_GROUP = 100;

    @Test
    void sideBySide() throws IOException {
        StringBuilder md = new StringBuilder("# Primitive collections\n\n");
        md.append("Best of ").append(RUNS).append(" runs, after one warm-up run each; seconds of the thread's CPU time.\n\n");
        md.append("| job | hand-written s | fastutil s | fastutil / hand-written |\n|---|---:|---:|---:|\n");
        md.append(row("constant counts: LongIndexMap, Long2IntOpenHashMap", PrimitiveMapsBench::ownIndex,
                PrimitiveMapsBench::fastutilIndex));
        md.append(row("values by LMDB id: LongKeyedTable, Long2ObjectOpenHashMap", PrimitiveMapsBench::ownTable,
                PrimitiveMapsBench::fastutilTable));
        md.append(row("groups: IntList, IntArrayList", PrimitiveMapsBench::ownList, PrimitiveMapsBench::fastutilList));
        Path report = Path.of("target", "bench", "primitive-maps.md");
        Files.createDirectories(report.getParent());
        Files.writeString(report, md.toString());
        System.out.print(md);
    }

    private static String row(String job, LongSupplier own, LongSupplier fastutil) {
        assertEquals(own.getAsLong(), fastutil.getAsLong(), job);
        double a = best(own);
        double b = best(fastutil);
        return String.format(Locale.ROOT, "| %s | %.2f | %.2f | %.2f |%n", job, a, b, b / a);
    }

    private static double best(LongSupplier work) {
        double best = Double.MAX_VALUE;
        for (int i = 0; i < RUNS; i++) {
            long t = CPU.getCurrentThreadCpuTime();
            work.getAsLong();
            best = Math.min(best, (CPU.getCurrentThreadCpuTime() - t) / 1e9);
        }
        return best;
    }

    private static long constantKey(SplittableRandom rnd) {
        return ((long) rnd.nextInt(4) << 32) | rnd.nextInt(ENTITIES);
    }

    private static long ownIndex() {
        SplittableRandom rnd = new SplittableRandom(1);
        LongIndexMap m = new LongIndexMap();
        long sum = 0;
        for (int r = 0; r < RULES; r++) {
            m.clear();
            int n = 0;
            for (int i = 0; i < PUTS; i++) {
                long k = constantKey(rnd);
                if (m.get(k) < 0) {
                    m.put(k, n++);
                }
            }
            for (int i = 0; i < GETS; i++) {
                sum += m.get(constantKey(rnd));
            }
        }
        return sum;
    }

    private static long fastutilIndex() {
        SplittableRandom rnd = new SplittableRandom(1);
        Long2IntOpenHashMap m = new Long2IntOpenHashMap();
        m.defaultReturnValue(-1);
        long sum = 0;
        for (int r = 0; r < RULES; r++) {
            m.clear();
            int n = 0;
            for (int i = 0; i < PUTS; i++) {
                long k = constantKey(rnd);
                if (m.get(k) < 0) {
                    m.put(k, n++);
                }
            }
            for (int i = 0; i < GETS; i++) {
                sum += m.get(constantKey(rnd));
            }
        }
        return sum;
    }

    private static long ownTable() {
        SplittableRandom rnd = new SplittableRandom(2);
        LongKeyedTable<Long> t = new LongKeyedTable<>();
        for (int i = 0; i < VALUES; i++) {
            long id = 4L * i + rnd.nextInt(4);
            t.putIfAbsent(id, id);
        }
        long sum = 0;
        for (int i = 0; i < READS; i++) {
            Long v = t.get(4L * rnd.nextInt(VALUES) + rnd.nextInt(4));
            sum += v == null ? -1 : v;
        }
        return sum;
    }

    private static long fastutilTable() {
        SplittableRandom rnd = new SplittableRandom(2);
        Long2ObjectOpenHashMap<Long> t = new Long2ObjectOpenHashMap<>();
        for (int i = 0; i < VALUES; i++) {
            long id = 4L * i + rnd.nextInt(4);
            t.putIfAbsent(id, (Long) id);
        }
        long sum = 0;
        for (int i = 0; i < READS; i++) {
            Long v = t.get(4L * rnd.nextInt(VALUES) + rnd.nextInt(4));
            sum += v == null ? -1 : v;
        }
        return sum;
    }

    private static long ownList() {
        IntList l = new IntList();
        long sum = 0;
        for (int g = 0; g < GROUPS; g++) {
            l.clear();
            for (int i = 0; i < PER_GROUP; i++) {
                l.add(g + i);
            }
            for (int i = 0; i < l.size(); i++) {
                sum += l.get(i);
            }
        }
        return sum;
    }

    private static long fastutilList() {
        IntArrayList l = new IntArrayList();
        long sum = 0;
        for (int g = 0; g < GROUPS; g++) {
            l.clear();
            for (int i = 0; i < PER_GROUP; i++) {
                l.add(g + i);
            }
            for (int i = 0; i < l.size(); i++) {
                sum += l.getInt(i);
            }
        }
        return sum;
    }
}
