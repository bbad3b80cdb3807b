package dev.lacuna.export;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Literal;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.model.vocabulary.RDF;
import org.eclipse.rdf4j.model.vocabulary.RDFS;
import org.eclipse.rdf4j.model.vocabulary.XSD;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.RepositoryResult;
import org.eclipse.rdf4j.rio.RDFFormat;
import org.eclipse.rdf4j.rio.RDFWriter;
import org.eclipse.rdf4j.rio.Rio;
import org.eclipse.rdf4j.rio.helpers.NTriplesUtil;

import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.LacunaVocab;

/**
 * Writes a KG's graphs out of the store as files: a graph as sorted {@code head<TAB>relation<TAB>tail} with
 * private ids, the entity table, and all named graphs as one TriG file. Everything is sorted, so the same
 * store content always gives the same bytes, whatever order a store returns statements in.
 */
public final class BenchmarkExport {
    private BenchmarkExport() {
    }

    /** One graph as sorted TSV lines of private ids and relation source names. */
    public static long writeGraphTsv(Repository repository, KgGraphs kg, IRI graph, Path file) throws IOException {
        List<long[]> rows = new ArrayList<>();
        Map<String, Integer> relationIds = new TreeMap<>();
        List<String> relationNames = new ArrayList<>();
        try (RepositoryConnection conn = repository.getConnection();
             RepositoryResult<Statement> it = conn.getStatements(null, null, null, false, graph)) {
            for (Statement st : it) {
                String rel = kg.relationName(st.getPredicate());
                Integer r = relationIds.get(rel);
                if (r == null) {
                    r = relationNames.size();
                    relationIds.put(rel, r);
                    relationNames.add(rel);
                }
                rows.add(new long[] {kg.privateId((IRI) st.getSubject()), r, kg.privateId((IRI) st.getObject())});
            }
        }
        rows.sort(Comparator.<long[]>comparingLong(a -> a[0])
                .thenComparing(a -> relationNames.get((int) a[1]))
                .thenComparingLong(a -> a[2]));
        Files.createDirectories(file.getParent());
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (long[] row : rows) {
                w.write(row[0] + "\t" + relationNames.get((int) row[1]) + "\t" + row[2] + "\n");
            }
        }
        return rows.size();
    }

    /** {@code private_id<TAB>source_id<TAB>label}, sorted by private id, with a header line. */
    public static long writeEntities(Repository repository, KgGraphs kg, Path file) throws IOException {
        TreeMap<Long, String[]> entities = new TreeMap<>();
        try (RepositoryConnection conn = repository.getConnection()) {
            for (Statement st : conn.getStatements(null, LacunaVocab.SOURCE_ID, null, false, kg.labels())) {
                long id = kg.privateId((IRI) st.getSubject());
                if (id >= 0) {
                    entities.computeIfAbsent(id, k -> new String[] {"", ""})[0] = st.getObject().stringValue();
                }
            }
            for (Statement st : conn.getStatements(null, RDFS.LABEL, null, false, kg.labels())) {
                long id = st.getSubject() instanceof IRI iri ? kg.privateId(iri) : -1;
                if (id >= 0 && entities.containsKey(id)) {
                    entities.get(id)[1] = st.getObject().stringValue();
                }
            }
        }
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write("private_id\tsource_id\tlabel\n");
            for (Map.Entry<Long, String[]> e : entities.entrySet()) {
                w.write(e.getKey() + "\t" + clean(e.getValue()[0]) + "\t" + clean(e.getValue()[1]) + "\n");
            }
        }
        return entities.size();
    }

    private static String clean(String s) {
        return s.replace('\t', ' ').replace('\n', ' ').replace('\r', ' ');
    }

    /** The given named graphs as one TriG file, statements sorted by graph, subject, predicate, object. */
    public static void writeTrig(Repository repository, List<IRI> graphs, Path file) throws IOException {
        Map<IRI, IRI> same = new java.util.LinkedHashMap<>();
        graphs.forEach(g -> same.put(g, g));
        writeTrig(repository, same, file);
    }

    /** As above, each graph read from a key and written under its value (a build's staged graphs). */
    public static void writeTrig(Repository repository, Map<IRI, IRI> graphs, Path file) throws IOException {
        List<Statement> all = new ArrayList<>();
        org.eclipse.rdf4j.model.ValueFactory vf = repository.getValueFactory();
        try (RepositoryConnection conn = repository.getConnection()) {
            for (Map.Entry<IRI, IRI> g : graphs.entrySet()) {
                try (RepositoryResult<Statement> it = conn.getStatements(null, null, null, false, g.getKey())) {
                    for (Statement s : it) {
                        all.add(g.getKey().equals(g.getValue()) ? s
                                : vf.createStatement(s.getSubject(), s.getPredicate(), s.getObject(), g.getValue()));
                    }
                }
            }
        }
        // Keys computed once per statement: building them inside the comparator cost a minute on Family.
        List<Map.Entry<String, Statement>> keyed = new ArrayList<>(all.size());
        for (Statement s : all) {
            keyed.add(Map.entry(s.getContext().stringValue() + '\u0000' + key(s.getSubject()) + '\u0000'
                    + key(s.getPredicate()) + '\u0000' + key(s.getObject()), s));
        }
        keyed.sort(Map.Entry.comparingByKey());
        try (OutputStream out = new java.io.BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
            RDFWriter writer = Rio.createWriter(RDFFormat.TRIG, out);
            writer.startRDF();
            writer.handleNamespace("lacuna", LacunaVocab.NS);
            writer.handleNamespace("rdf", RDF.NAMESPACE);
            writer.handleNamespace("rdfs", RDFS.NAMESPACE);
            writer.handleNamespace("xsd", XSD.NAMESPACE);
            for (Map.Entry<String, Statement> e : keyed) {
                writer.handleStatement(e.getValue());
            }
            writer.endRDF();
        }
    }

    /** Sort key: numeric private ids sort as numbers would, other values by their N-Triples form. */
    private static String key(Value v) {
        if (v instanceof Literal) {
            return "2" + NTriplesUtil.toNTriplesString(v);
        }
        String s = v.stringValue();
        int slash = s.lastIndexOf('/');
        String tail = s.substring(slash + 1);
        if (!tail.isEmpty() && tail.length() < 19 && tail.chars().allMatch(Character::isDigit)) {
            if (!tail.chars().allMatch(c -> c >= '0' && c <= '9')) { // other scripts' digits: normalised by parsing
                return "1" + s.substring(0, slash + 1) + String.format("%019d", Long.parseLong(tail));
            }
            // Zero-padded to 19 digits, as String.format("%019d") would, without its per-call parsing cost.
            StringBuilder b = new StringBuilder(s.length() + 20).append('1').append(s, 0, slash + 1);
            for (int i = tail.length(); i < 19; i++) {
                b.append('0');
            }
            return b.append(tail).toString();
        }
        return "1" + s;
    }

}
