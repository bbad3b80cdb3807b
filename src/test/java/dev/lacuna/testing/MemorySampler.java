package dev.lacuna.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Samples a process tree's resident memory from {@code /proc/PID/status}, keeping the peaks of its two kinds apart:
 * {@code RssAnon} (heap, metaspace, thread stacks, native buffers: what the process really needs) and
 * {@code RssFile} (pages of mapped files, such as LMDB's databases, which the kernel can drop and read again).
 * Peak RSS from {@code /usr/bin/time} adds both and so overstates what a stage on LMDB needs; this tells them apart.
 *
 * <p>The tree's figures are summed over the process and its descendants at each sample, so a stage run under
 * {@code /usr/bin/time} is measured by its java child. Samples come every {@code periodMillis}; a peak shorter than
 * that can be missed, which is why {@link #vmHwmKb} (the kernel's own high-water mark of RSS) is kept as well.
 */
public final class MemorySampler implements AutoCloseable {
    /** The peaks in KiB: RssAnon, RssFile, and the largest VmHWM seen (both kinds, the kernel's exact peak). */
    public record Peaks(long rssAnonKb, long rssFileKb, long vmHwmKb) {
    }

    private final ProcessHandle root;
    private final long periodMillis;
    private final AtomicLong anon = new AtomicLong(-1);
    private final AtomicLong file = new AtomicLong(-1);
    private final AtomicLong hwm = new AtomicLong(-1);
    private final Thread thread;
    private volatile boolean running = true;

    private MemorySampler(ProcessHandle root, long periodMillis) {
        this.root = root;
        this.periodMillis = periodMillis;
        this.thread = new Thread(this::loop, "memory-sampler-" + root.pid());
        this.thread.setDaemon(true);
    }

    /** Starts sampling {@code process} and its descendants until {@link #close()}. */
    public static MemorySampler start(Process process, long periodMillis) {
        MemorySampler s = new MemorySampler(process.toHandle(), periodMillis);
        s.thread.start();
        return s;
    }

    private void loop() {
        while (running && root.isAlive()) {
            sample();
            try {
                Thread.sleep(periodMillis);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void sample() {
        long[] sum = new long[3];
        add(root, sum);
        root.descendants().forEach(d -> add(d, sum));
        anon.accumulateAndGet(sum[0], Math::max);
        file.accumulateAndGet(sum[1], Math::max);
        hwm.accumulateAndGet(sum[2], Math::max);
    }

    private static void add(ProcessHandle p, long[] sum) {
        long[] s = status(p.pid());
        for (int i = 0; i < 3; i++) {
            sum[i] += Math.max(0, s[i]);
        }
    }

    /** RssAnon, RssFile and VmHWM of one process in KiB (-1 each where /proc does not say, or it has ended). */
    public static long[] status(long pid) {
        long[] out = {-1, -1, -1};
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                int field = line.startsWith("RssAnon:") ? 0 : line.startsWith("RssFile:") ? 1 : line.startsWith("VmHWM:") ? 2 : -1;
                if (field >= 0) {
                    out[field] = Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
        } catch (NoSuchFileException ended) {
            return out;
        } catch (IOException | NumberFormatException e) {
            return out;
        }
        return out;
    }

    /** The peaks so far (-1 where no sample was taken). */
    public Peaks peaks() {
        return new Peaks(anon.get(), file.get(), hwm.get());
    }

    /** Stops sampling after one last sample, and returns the peaks. */
    @Override
    public void close() {
        if (root.isAlive()) {
            sample();
        }
        running = false;
        thread.interrupt();
    }
}
