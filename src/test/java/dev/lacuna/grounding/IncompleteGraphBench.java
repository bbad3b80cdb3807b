package dev.lacuna.grounding;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.RepositoryResult;
import org.eclipse.rdf4j.rio.RDFFormat;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.generate.GeneratedKgWriter;
import dev.lacuna.generate.KgGenerator;
import dev.lacuna.generate.KgShape;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.KgLoader;
import dev.lacuna.store.StoreConfig;
import dev.lacuna.store.Stores;

/**
 * complete and incomplete ready: Lacuna's load plus its incomplete write against RDF4J's plain path in the same
 * run and at the same (default) isolation: one {@code RepositoryConnection.add} of complete's N-Triples and one
 * of incomplete's, each in its own transaction, as Lacuna's load and build each use one. Also the incomplete
 * write by COPY then DELETE DATA batches, the way it was written before. One triple in 600 is removed (the
 * paper's Wikidata5m build removed 32,101 of 20.5M). KG: {@code lacuna generate}'s Wikidata5m-shaped graph.
 * Run with: {@code mvn -B -o -Pbench test -Dtest=IncompleteGraphBench [-Dscale.triples=N] [-Dscale.store=lmdb|native]
 * [-Dincomplete.copyDelete=false]}; writes target/bench/incomplete-N.md.
 */
@Tag("bench")
class IncompleteGraphBench {
    private static final int REMOVE_EVERY = 600;

    @TempDir
    Path tmp;

    @Test
    void completeAndIncompleteReady() throws IOException {
        long n = Long.getLong("scale.triples", 2_000_000L);
        String kind = System.getProperty("scale.store", "lmdb");
        boolean copyDelete = Boolean.parseBoolean(System.getProperty("incomplete.copyDelete", "true"));
        Path tsv = tmp.resolve("kg.tsv");
        GeneratedKgWriter.write(new KgGenerator(KgShape.wikidata5mLike(n, 2, 42)), tsv, GeneratedKgWriter.Format.TSV, x -> { });
        KgGraphs kg = KgGraphs.of("scale");

        // Lacuna: load, then incomplete streamed.
        Repository lacuna = Stores.open(config(kind, tmp.resolve("lacuna")));
        double load;
        double stream;
        double copy = Double.NaN;
        List<Triple> removed;
        long triples;
        try {
            long t0 = System.nanoTime();
            triples = new KgLoader(lacuna, kg).load(List.of(tsv), KgLoader.Options.defaults()).triples();
            load = (System.nanoTime() - t0) / 1e9;
            removed = removedSample(lacuna, kg);
            t0 = System.nanoTime();
            IncompleteGraph.rebuild(lacuna, kg, kg.incomplete(), removed, 1_000, IncompleteGraph.Method.STREAM);
            stream = (System.nanoTime() - t0) / 1e9;
            if (copyDelete) {
                t0 = System.nanoTime();
                IncompleteGraph.rebuild(lacuna, kg, kg.incomplete(), removed, 1_000, IncompleteGraph.Method.COPY_DELETE);
                copy = (System.nanoTime() - t0) / 1e9;
            }
        } finally {
            lacuna.shutDown();
        }

        // Plain RDF4J: the same triples as N-Triples, complete and incomplete each added in one transaction.
        Path completeNt = tmp.resolve("complete.nt");
        Path incompleteNt = tmp.resolve("incomplete.nt");
        toNTriples(tsv, completeNt, incompleteNt);
        Repository plain = Stores.open(config(kind, tmp.resolve("plain")));
        double plainComplete;
        double plainIncomplete;
        try (RepositoryConnection conn = plain.getConnection()) {
            long t0 = System.nanoTime();
            conn.begin();
            conn.add(completeNt.toFile(), RDFFormat.NTRIPLES, kg.complete());
            conn.commit();
            plainComplete = (System.nanoTime() - t0) / 1e9;
            t0 = System.nanoTime();
            conn.begin();
            conn.add(incompleteNt.toFile(), RDFFormat.NTRIPLES, kg.incomplete());
            conn.commit();
            plainIncomplete = (System.nanoTime() - t0) / 1e9;
        } finally {
            plain.shutDown();
        }

        double lacunaBoth = load + stream;
        double plainBoth = plainComplete + plainIncomplete;
        StringBuilder md = new StringBuilder();
        md.append(String.format("# complete and incomplete ready: %s, %,d triples, %,d removed (%s)%n%n", kind, triples,
                removed.size(), Instant.now()));
        md.append("| path | complete s | incomplete s | both s | both triples/s |\n|---|---:|---:|---:|---:|\n");
        md.append(String.format("| plain RDF4J add (N-Triples, default isolation) | %.1f | %.1f | %.1f | %,.0f |%n",
                plainComplete, plainIncomplete, plainBoth, (2.0 * triples - removed.size()) / plainBoth));
        md.append(String.format("| Lacuna load + incomplete streamed | %.1f | %.1f | %.1f | %,.0f |%n", load, stream,
                lacunaBoth, (2.0 * triples - removed.size()) / lacunaBoth));
        md.append(String.format("| (incomplete by COPY + DELETE DATA of 1,000) | | %s | | |%n",
                copyDelete ? String.format("%.1f", copy) : "not run"));
        md.append(String.format("%nLacuna / plain speed (both graphs): %.2f%n", plainBoth / lacunaBoth));
        Path out = Path.of("target", "bench", "incomplete-" + n + ".md");
        Files.createDirectories(out.getParent());
        Files.writeString(out, md.toString());
        System.out.println(md);
    }

    private static StoreConfig config(String kind, Path dir) {
        return kind.equals("native") ? new StoreConfig.NativeStoreConfig(dir) : new StoreConfig.LmdbStoreConfig(dir);
    }

    /** Every REMOVE_EVERY-th triple of complete in the store's order. */
    private static List<Triple> removedSample(Repository repository, KgGraphs kg) {
        List<Triple> out = new ArrayList<>();
        long i = 0;
        try (RepositoryConnection c = repository.getConnection();
             RepositoryResult<Statement> it = c.getStatements(null, null, null, false, kg.complete())) {
            for (Statement st : it) {
                if (i++ % REMOVE_EVERY == 0) {
                    out.add(new Triple(kg.privateId((IRI) st.getSubject()), kg.relationName(st.getPredicate()),
                            kg.privateId((IRI) st.getObject())));
                }
            }
        }
        out.sort(null);
        return out;
    }

    /** complete as N-Triples, and incomplete as every line but each REMOVE_EVERY-th (the same share removed). */
    private static void toNTriples(Path tsv, Path complete, Path incomplete) throws IOException {
        String e = GeneratedKgWriter.BASE;
        long i = 0;
        try (BufferedReader in = Files.newBufferedReader(tsv, StandardCharsets.UTF_8);
             BufferedWriter a = Files.newBufferedWriter(complete, StandardCharsets.UTF_8);
             BufferedWriter b = Files.newBufferedWriter(incomplete, StandardCharsets.UTF_8)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                String[] f = line.split("\t");
                String nt = "<" + e + "entity/" + f[0] + "> <" + e + "relation/" + f[1] + "> <" + e + "entity/" + f[2] + "> .\n";
                a.write(nt);
                if (i++ % REMOVE_EVERY != 0) {
                    b.write(nt);
                }
            }
        }
    }
}
