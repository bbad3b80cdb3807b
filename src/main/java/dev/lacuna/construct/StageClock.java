package dev.lacuna.construct;

import java.lang.management.ManagementFactory;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import com.sun.management.OperatingSystemMXBean;

/**
 * Wall and CPU seconds per stage of one build, for benchmarks. Never written to the folder: it must not vary
 * between two builds of the same input and seed.
 */
final class StageClock {
    private final Map<String, Double> wall = new LinkedHashMap<>();
    private final Map<String, Double> cpu = new LinkedHashMap<>();
    private long wallStart;
    private long cpuStart;

    /** Forgets the last build's stages; the first stage starts at {@code started} (System.nanoTime). */
    void restart(long started) {
        wall.clear();
        cpu.clear();
        wallStart = started;
        cpuStart = processCpuNanos();
    }

    /** Ends the stage called {@code name}; the next one starts now. */
    void stage(String name) {
        long now = System.nanoTime();
        long cpuNow = processCpuNanos();
        wall.put(name, (now - wallStart) / 1e9);
        cpu.put(name, (cpuNow - cpuStart) / 1e9);
        wallStart = now;
        cpuStart = cpuNow;
    }

    Map<String, Double> wallSeconds() {
        return Collections.unmodifiableMap(new LinkedHashMap<>(wall));
    }

    Map<String, Double> cpuSeconds() {
        return Collections.unmodifiableMap(new LinkedHashMap<>(cpu));
    }

    /** CPU time of the whole JVM (all threads), or 0 where the platform does not tell. */
    private static long processCpuNanos() {
        return ManagementFactory.getOperatingSystemMXBean()
                instanceof OperatingSystemMXBean os ? os.getProcessCpuTime() : 0;
    }
}
