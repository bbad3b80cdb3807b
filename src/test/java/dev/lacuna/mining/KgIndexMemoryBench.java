package dev.lacuna.mining;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import dev.lacuna.generate.KgGenerator;
import dev.lacuna.generate.KgShape;

/**
 * Heap the miner's {@link KgIndex} keeps per million triples, on generated Wikidata5m-shaped KGs (entity names
 * included, as the miner holds them): the heap after a full GC with the index alive minus the heap before.
 * Writes target/bench/index-memory.md. Run: mvn -B -o -Pbench test -Dtest=KgIndexMemoryBench [-Dindex.sizes=1000000,4000000]
 */
@Tag("bench")
class KgIndexMemoryBench {
    @Test
    void heapPerMillionTriples() throws IOException {
        StringBuilder md = new StringBuilder("| triples | entities | relations | index heap | per million triples |\n|---:|---:|---:|---:|---:|\n");
        for (String size : System.getProperty("index.sizes", "1000000,4000000").split(",")) {
            long triples = Long.parseLong(size.trim());
            KgGenerator generator = new KgGenerator(KgShape.wikidata5mLike(triples, 2, 42));
            long before = usedAfterGc();
            KgIndex index = build(generator); // the builder's name maps are garbage once it returns
            long after = usedAfterGc();
            double mib = (after - before) / 1048576.0;
            String row = String.format(Locale.ROOT, "| %,d | %,d | %,d | %.0f MiB | %.0f MiB |", index.tripleCount(),
                    index.entityCount(), index.relationCount(), mib, mib * 1e6 / index.tripleCount());
            System.out.println(row);
            md.append(row).append('\n');
            if (index.tripleCount() == 0) {
                throw new AssertionError("empty index");
            }
        }
        Path out = Path.of("target", "bench", "index-memory.md");
        Files.createDirectories(out.getParent());
        Files.writeString(out, md.toString());
    }

    private static KgIndex build(KgGenerator generator) {
        KgIndexBuilder builder = new KgIndexBuilder();
        generator.generate((s, r, o) -> builder.add(KgGenerator.entityName(s), KgGenerator.relationName(r),
                KgGenerator.entityName(o)));
        return builder.build();
    }

    private static long usedAfterGc() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
