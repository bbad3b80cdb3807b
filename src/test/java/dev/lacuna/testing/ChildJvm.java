package dev.lacuna.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A benchmark step run as its own java process (the test class path, a given {@code -Xmx}) under
 * {@code /usr/bin/time}, so that each step has its own heap and its own wall, CPU and memory figures: a step run in
 * the benchmark's JVM inherits the heap and page cache the steps before it left behind.
 */
public final class ChildJvm {
    /**
     * What one child took: wall and CPU (user + system) seconds and peak RSS from {@code /usr/bin/time}, the sampled
     * peaks of RssAnon and RssFile apart, and its exit code.
     */
    public record Measure(double wallSeconds, double cpuSeconds, long peakRssKb, MemorySampler.Peaks sampled, int exit) {
    }

    private final String xmx;
    private final long sampleMillis;

    public ChildJvm(String xmx, long sampleMillis) {
        this.xmx = xmx;
        this.sampleMillis = sampleMillis;
    }

    /** java with this JVM's class path and the child's {@code -Xmx}, running {@code mainClass} with {@code args}. */
    public List<String> command(Class<?> mainClass, List<String> args) {
        List<String> c = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx" + xmx, "-da:org.eclipse.rdf4j...", "-cp", System.getProperty("java.class.path"), mainClass.getName()));
        c.addAll(args);
        return c;
    }

    /** Runs {@code mainClass} to its end, its output in {@code log} and /usr/bin/time's figures in {@code time}. */
    public Measure run(Class<?> mainClass, List<String> args, Path log, Path time) throws IOException, InterruptedException {
        List<String> c = new ArrayList<>(List.of("/usr/bin/time", "-f", "%e %M %U %S", "-o", time.toString()));
        c.addAll(command(mainClass, args));
        Process p = new ProcessBuilder(c).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        MemorySampler sampler = MemorySampler.start(p, sampleMillis);
        int exit = p.waitFor();
        sampler.close();
        List<String> lines = Files.readAllLines(time);
        String[] measured = lines.get(lines.size() - 1).trim().split(" ");
        return new Measure(Double.parseDouble(measured[0]), Double.parseDouble(measured[2]) + Double.parseDouble(measured[3]),
                Long.parseLong(measured[1]), sampler.peaks(), exit);
    }
}
