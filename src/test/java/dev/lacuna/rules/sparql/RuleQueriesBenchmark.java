package dev.lacuna.rules.sparql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

import org.eclipse.rdf4j.repository.Repository;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.rules.MinedRule;
import dev.lacuna.store.StoreConfig;
import dev.lacuna.store.Stores;

/**
 * Times the compiled rule queries on Family (145 rules) per store: the three counts, full grounding fetches,
 * and the two ways of drawing 30 seeded groundings per rule. Writes target/bench/rule-queries.md.
 * Run: mvn -B -o -Pbench test -Dtest=RuleQueriesBenchmark
 */
@Tag("bench")
class RuleQueriesBenchmark {
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

    @TempDir
    Path tmp;

    private record Row(String store, String what, double ms, double cpuMs, String note) {
    }

    @Test
    void familyOnEveryStore() throws Exception {
        List<Row> rows = new ArrayList<>();
        List<MinedRule> rules = FamilyFixture.rules();
        for (StoreConfig config : List.of(new StoreConfig.MemoryStoreConfig(),
                new StoreConfig.NativeStoreConfig(tmp.resolve("native")), new StoreConfig.LmdbStoreConfig(tmp.resolve("lmdb")))) {
            Repository repository = Stores.open(config);
            try {
                long t0 = System.nanoTime();
                FamilyFixture.load(repository);
                rows.add(new Row(config.kind(), "load Family", ms(t0), Double.NaN, ""));
                SparqlRuleRunner runner = new SparqlRuleRunner(repository, FamilyFixture.KG);
                var g = FamilyFixture.KG.complete();
                for (int round = 0; round < 2; round++) {
                    String tag = round == 0 ? " (cold)" : "";
                    rows.add(time(config.kind(), "support x145" + tag, rules, m -> runner.support(m.rule(), g), m -> m.measures().support()));
                    rows.add(time(config.kind(), "body size x145" + tag, rules, m -> runner.bodySize(m.rule(), g), m -> m.measures().bodySize()));
                    rows.add(time(config.kind(), "PCA body size x145" + tag, rules,
                            m -> runner.pcaBodySize(m.rule(), g, m.measures().functionalVariable()), m -> m.measures().pcaBodySize()));
                    rows.add(time(config.kind(), "all groundings x145" + tag, rules,
                            m -> (long) runner.groundings(m.rule(), g).size(), null));
                    rows.add(time(config.kind(), "30 seeded groundings in store x145" + tag, rules,
                            m -> (long) runner.sampleGroundings(m.rule(), g, 30, 42, SparqlRuleRunner.Sampling.IN_STORE).size(), null));
                    rows.add(time(config.kind(), "30 seeded groundings in Java x145" + tag, rules,
                            m -> (long) runner.sampleGroundings(m.rule(), g, 30, 42, SparqlRuleRunner.Sampling.IN_JAVA).size(), null));
                }
            } finally {
                repository.shutDown();
            }
        }
        StringBuilder md = new StringBuilder("# Rule queries on Family (145 rules of family-maxad3.tsv)\n\n")
                .append("Wall ms, and CPU ms of the calling thread (embedded stores evaluate in it; steadier under load).\n\n")
                .append("| store | what | wall ms | CPU ms | note |\n|---|---|---:|---:|---|\n");
        for (Row r : rows) {
            md.append(String.format(Locale.ROOT, "| %s | %s | %.0f | %.0f | %s |%n", r.store(), r.what(), r.ms(), r.cpuMs(), r.note()));
        }
        md.append("\nLoad average at the end: ").append(String.format(Locale.ROOT, "%.1f",
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage())).append('\n');
        Path out = Path.of("target/bench/rule-queries.md");
        Files.createDirectories(out.getParent());
        Files.writeString(out, md);
        System.out.println(md);
    }

    private static double ms(long t0) {
        return (System.nanoTime() - t0) / 1e6;
    }

    /** Runs the query for every rule; checks against AMIE3 where expected is given; notes the slowest rule. */
    private static Row time(String store, String what, List<MinedRule> rules, Function<MinedRule, Long> query,
            Function<MinedRule, Long> expected) {
        long total = System.nanoTime();
        long cpu0 = CPU.getCurrentThreadCpuTime();
        List<Object[]> per = new ArrayList<>();
        long rowsSum = 0;
        for (MinedRule m : rules) {
            long t0 = System.nanoTime();
            long value = query.apply(m);
            per.add(new Object[] {ms(t0), m.rule().toAmie()});
            rowsSum += value;
            if (expected != null) {
                assertEquals(expected.apply(m), value, m.rule().toAmie());
            }
        }
        per.sort(Comparator.comparingDouble((Object[] a) -> (Double) a[0]).reversed());
        String note = String.format(Locale.ROOT, "slowest %.0f ms: %s; sum of results %d", per.get(0)[0], per.get(0)[1], rowsSum);
        return new Row(store, what, ms(total), (CPU.getCurrentThreadCpuTime() - cpu0) / 1e6, note);
    }
}
