package dev.lacuna.answer;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.sail.SailRepository;
import org.eclipse.rdf4j.sail.nativerdf.NativeStore;

import dev.lacuna.eval.Benchmark;
import dev.lacuna.eval.BenchmarkFixture;
import dev.lacuna.questions.Question;
import dev.lacuna.store.GraphRole;
import dev.lacuna.store.KgGraphs;

/**
 * A tiny KG in a NativeStore, written with plain RDF4J calls into the complete and incomplete graphs, and
 * a benchmark folder about it.
 * <pre>
 * complete:   10 parentOf 11, 12, 13;  11, 12, 13 childOf 10;  20 parentOf 21;  21 childOf 20;  30 marriedTo 31
 * incomplete: complete minus 10 parentOf 12 and 21 childOf 20 (the deleted head triples)
 * rules:      ?b childOf ?a => ?a parentOf ?b;   ?b parentOf ?a => ?a childOf ?b
 * q1: topic 10, parentOf, head -> {11, 12, 13}, hard 12;   q2: topic 20, childOf, tail -> {21}, hard 21
 * </pre>
 */
public final class ResponderFixture {
    public static final KgGraphs KG = new KgGraphs(KgGraphs.DEFAULT_BASE, "tiny");
    static final long[][] COMPLETE = {
            {10, 0, 11}, {10, 0, 12}, {10, 0, 13}, {11, 1, 10}, {12, 1, 10}, {13, 1, 10}, {20, 0, 21}, {21, 1, 20},
            {30, 2, 31}};
    static final String[] RELATIONS = {"parentOf", "childOf", "marriedTo"};
    static final long[][] DELETED = {{10, 0, 12}, {21, 1, 20}};

    private ResponderFixture() {
    }

    /** Writes the store (and shuts it down, so a CLI run can open it) and the benchmark folder. */
    public static void write(Path storeDir, Path benchmarkDir) {
        Repository repo = new SailRepository(new NativeStore(storeDir.toFile(), "spoc,posc"));
        repo.init();
        try (RepositoryConnection c = repo.getConnection()) {
            c.begin();
            for (long[] t : COMPLETE) {
                c.add(KG.entity(t[0]), KG.relation(RELATIONS[(int) t[1]]), KG.entity(t[2]), KG.complete());
                if (!deleted(t)) {
                    c.add(KG.entity(t[0]), KG.relation(RELATIONS[(int) t[1]]), KG.entity(t[2]), KG.incomplete());
                }
            }
            c.commit();
        } finally {
            repo.shutDown();
        }
        BenchmarkFixture.writeQuestions(benchmarkDir, "test", List.of(
                BenchmarkFixture.question("q1", "10", "parentOf", "head", List.of("11", "12", "13"), "12", "inversion", "test"),
                BenchmarkFixture.question("q2", "20", "childOf", "tail", List.of("21"), "21", "inversion", "test")));
        BenchmarkFixture.writeString(benchmarkDir.resolve("summary.json"),
                "{\"format\": 1, \"kg\": \"tiny\", \"base\": \"" + KgGraphs.DEFAULT_BASE + "\"}\n");
        BenchmarkFixture.writeString(benchmarkDir.resolve("rules.tsv"),
                "Rule\tHead Coverage\tStandard Confidence\tPca Confidence\tSupport\tBody Size\tPca Body Size\tFunctional Variable\n"
                        + "?b  childOf  ?a   => ?a  parentOf  ?b\t1.0\t1.0\t1.0\t4\t4\t4\t-2\n"
                        + "?b  parentOf  ?a   => ?a  childOf  ?b\t1.0\t1.0\t1.0\t4\t4\t4\t-1\n");
        BenchmarkFixture.writeString(benchmarkDir.resolve("entities.tsv"), "private_id\tsource_id\tlabel\n"
                + "10\tp10\t\n11\tp11\t\n12\tp12\t\n13\tp13\t\n20\tp20\t\n21\tp21\t\n30\tp30\t\n31\tp31\t\n");
    }

    static boolean deleted(long[] t) {
        for (long[] d : DELETED) {
            if (Arrays.equals(d, t)) {
                return true;
            }
        }
        return false;
    }

    public static Repository open(Path storeDir) {
        Repository repo = new SailRepository(new NativeStore(storeDir.toFile(), "spoc,posc"));
        repo.init();
        return repo;
    }

    public static Question question(Benchmark b, String id) {
        return b.question(id);
    }

    public static IRI graph(String word) {
        return KG.graph(GraphRole.parse(word));
    }
}
