package dev.lacuna.export;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Literal;
import org.eclipse.rdf4j.model.Resource;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
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
 * Writes a KG's graphs as files: a graph as sorted {@code head<TAB>relation<TAB>tail} with private ids, the
 * entity table, and all named graphs as one TriG file. Everything is sorted, so the same statements always give
 * the same bytes, whatever order a store returns them in. The writers take statements already in memory (a
 * build has them: it computed them) and write to any {@link Writer}, so that verify can compare what the store
 * holds with a folder's file as it streams, without writing a second copy ({@code FolderChecks}).
 */
public final class BenchmarkExport {
    private static final ValueFactory VF = SimpleValueFactory.getInstance();
    private static final int BUFFER = 1 << 16;

    private BenchmarkExport() {
    }

    /** Every statement of one named graph, its values as plain (string-backed) values shared between statements. */
    public static List<Statement> read(RepositoryConnection conn, IRI graph) {
        return read(conn, graph, new HashMap<>());
    }

    /**
     * As {@link #read(RepositoryConnection, IRI)}, sharing values with earlier reads through {@code values}: a
     * store's own value objects may hold a lazy link back into the store, and one entity appears in many
     * statements.
     */
    public static List<Statement> read(RepositoryConnection conn, IRI graph, Map<Value, Value> values) {
        return read(conn, graph, values, st -> { });
    }

    /**
     * As above, handing each statement to {@code each} too (a checksum, say), its values plain and without context:
     * each distinct value of the store is looked up once ({@link PlainValues}).
     */
    public static List<Statement> read(RepositoryConnection conn, IRI graph, Map<Value, Value> values,
                                       java.util.function.Consumer<Statement> each) {
        List<Statement> out = new ArrayList<>();
        stream(conn, graph, new PlainValues(values), each.andThen(out::add));
        return out;
    }

    /**
     * Every statement of one named graph handed to {@code each} as it is read, not held: its values plain through
     * {@code plain}, without context. Returns how many there were.
     */
    public static long stream(RepositoryConnection conn, IRI graph, PlainValues plain,
                              java.util.function.Consumer<Statement> each) {
        long n = 0;
        try (RepositoryResult<Statement> it = conn.getStatements(null, null, null, false, graph)) {
            for (Statement st : it) {
                each.accept(plain.plain(st));
                n++;
            }
        }
        return n;
    }

    /** One graph of the store as sorted TSV lines of private ids and relation source names. */
    public static long writeGraphTsv(Repository repository, KgGraphs kg, IRI graph, Path file) throws IOException {
        List<Statement> statements;
        try (RepositoryConnection conn = repository.getConnection()) {
            statements = read(conn, graph);
        }
        Files.createDirectories(file.getParent());
        try (Writer w = newWriter(file)) {
            return writeGraphTsv(kg, statements, w);
        }
    }

    /** A buffered UTF-8 writer of the file, as every writer here uses. */
    public static Writer newWriter(Path file) throws IOException {
        return new BufferedWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8), BUFFER);
    }

    /**
     * The statements as sorted TSV lines: by head id, relation name, tail id. Rows are sorted as primitive
     * columns with relation names ranked once, not compared as strings per comparison.
     */
    public static long writeGraphTsv(KgGraphs kg, Collection<Statement> statements, Writer out) throws IOException {
        int n = statements.size();
        long[] heads = new long[n];
        long[] tails = new long[n];
        int[] relations = new int[n];
        Map<IRI, Integer> relationIds = new HashMap<>();
        List<String> relationNames = new ArrayList<>();
        int i = 0;
        for (Statement st : statements) {
            Integer r = relationIds.get(st.getPredicate());
            if (r == null) {
                r = relationNames.size();
                relationIds.put(st.getPredicate(), r);
                relationNames.add(kg.relationName(st.getPredicate()));
            }
            heads[i] = kg.privateId((IRI) st.getSubject());
            relations[i] = r;
            tails[i] = kg.privateId((IRI) st.getObject());
            i++;
        }
        RelationRanks ranks = RelationRanks.of(relationNames);
        int[] rank = ranks.rank();
        StringBuilder line = new StringBuilder(64);
        long[] packed = packedRows(heads, rank, relations, tails);
        if (packed != null) {
            // One primitive sort of (head, rank, tail) packed in a long: at 20M lines the boxed row order and its
            // comparator took most of the time of the build's folder, which its commit waits for.
            writePackedTsv(packed, bits(rank.length - 1), bits(max(tails)), ranks.namesByRank(), out);
            return n;
        }
        Integer[] order = new Integer[n];
        for (int k = 0; k < n; k++) {
            order[k] = k;
        }
        Arrays.sort(order, (a, b) -> {
            int c = Long.compare(heads[a], heads[b]);
            if (c != 0) {
                return c;
            }
            c = Integer.compare(rank[relations[a]], rank[relations[b]]);
            return c != 0 ? c : Long.compare(tails[a], tails[b]);
        });
        for (int k = 0; k < n; k++) {
            int row = order[k];
            line.setLength(0);
            line.append(heads[row]).append('\t').append(relationNames.get(relations[row])).append('\t')
                    .append(tails[row]).append('\n');
            out.append(line);
        }
        return n;
    }

    /**
     * The relations of a graph TSV ranked as its lines are sorted: {@code rank[r]} is relation r's place among the
     * names in String order, {@code namesByRank} the names in that order.
     */
    public record RelationRanks(int[] rank, List<String> namesByRank) {
        public static RelationRanks of(List<String> names) {
            Integer[] byName = new Integer[names.size()];
            for (int r = 0; r < byName.length; r++) {
                byName[r] = r;
            }
            Arrays.sort(byName, (a, b) -> names.get(a).compareTo(names.get(b)));
            int[] rank = new int[byName.length];
            List<String> namesByRank = new ArrayList<>(byName.length);
            for (int k = 0; k < byName.length; k++) {
                rank[byName[k]] = k;
                namesByRank.add(names.get(byName[k]));
            }
            return new RelationRanks(rank, namesByRank);
        }
    }

    /** The graph TSV's sort key of one row: head, relation rank and tail in one long. */
    public static long tsvKey(long head, int rank, long tail, int rankBits, int tailBits) {
        return (((head << rankBits) | rank) << tailBits) | tail;
    }

    /**
     * Graph TSV lines from sorted keys of (head, relation rank, tail), {@code rankBits} and {@code tailBits} wide
     * at the low end; {@code namesByRank} the relation names in String order. Shared by {@link #writeGraphTsv} and
     * verify, which packs a store's graph as it streams it rather than holding its statements.
     */
    public static void writePackedTsv(long[] sortedKeys, int rankBits, int tailBits, List<String> namesByRank,
                                      Writer out) throws IOException {
        StringBuilder line = new StringBuilder(64);
        long rankMask = (1L << rankBits) - 1;
        long tailMask = (1L << tailBits) - 1;
        for (long key : sortedKeys) {
            line.setLength(0);
            line.append(key >>> (rankBits + tailBits)).append('\t')
                    .append(namesByRank.get((int) ((key >>> tailBits) & rankMask)))
                    .append('\t').append(key & tailMask).append('\n');
            out.append(line);
        }
    }

    /**
     * The rows as sorted longs of (head, relation rank, tail) when all ids are non-negative and the three fit 63
     * bits (the order of the keys is then the order of the rows), else null.
     */
    private static long[] packedRows(long[] heads, int[] rank, int[] relations, long[] tails) {
        int n = heads.length;
        if (n == 0 || min(heads) < 0 || min(tails) < 0) {
            return n == 0 ? new long[0] : null;
        }
        int tailBits = bits(max(tails));
        int rankBits = bits(rank.length - 1);
        if (bits(max(heads)) + rankBits + tailBits > 63) {
            return null;
        }
        long[] keys = new long[n];
        for (int k = 0; k < n; k++) {
            keys[k] = tsvKey(heads[k], rank[relations[k]], tails[k], rankBits, tailBits);
        }
        Arrays.parallelSort(keys);
        return keys;
    }

    /** Bits that hold every value from 0 to {@code max}, at least one: the width of a column of the packed TSV keys. */
    public static int bits(long max) {
        return Math.max(1, 64 - Long.numberOfLeadingZeros(max));
    }

    private static long max(long[] values) {
        long m = Long.MIN_VALUE;
        for (long v : values) {
            m = Math.max(m, v);
        }
        return m;
    }

    private static long min(long[] values) {
        long m = Long.MAX_VALUE;
        for (long v : values) {
            m = Math.min(m, v);
        }
        return m;
    }

    /** {@code private_id<TAB>source_id<TAB>label}, sorted by private id, with a header line. */
    public static long writeEntities(Repository repository, KgGraphs kg, Path file) throws IOException {
        List<Statement> labels;
        try (RepositoryConnection conn = repository.getConnection()) {
            labels = read(conn, kg.labels());
        }
        try (Writer w = newWriter(file)) {
            return writeEntities(kg, labels, w);
        }
    }

    /** The entity table from the statements of the labels graph. */
    public static long writeEntities(KgGraphs kg, Collection<Statement> labels, Writer w) throws IOException {
        Map<Long, String[]> entities = EntityTable.rows(kg, labels);
        w.write("private_id\tsource_id\tlabel\n");
        for (Map.Entry<Long, String[]> e : entities.entrySet()) {
            w.write(e.getKey() + "\t" + e.getValue()[0] + "\t" + e.getValue()[1] + "\n");
        }
        return entities.size();
    }

    /** The given named graphs of the store as one TriG file, sorted by graph, subject, predicate, object. */
    public static void writeTrig(Repository repository, List<IRI> graphs, Path file) throws IOException {
        Map<IRI, Collection<Statement>> read = new LinkedHashMap<>();
        Map<Value, Value> values = new HashMap<>();
        try (RepositoryConnection conn = repository.getConnection()) {
            for (IRI g : graphs) {
                read.put(g, read(conn, g, values));
            }
        }
        try (Writer w = newWriter(file)) {
            writeTrig(read, w);
        }
    }

    /**
     * Named graphs as one TriG document: each key is the graph name written, its value the graph's statements
     * (their own contexts are ignored). Statements are sorted by graph, subject, predicate, object, each by
     * {@link #key}: the order Rio's writer is fed decides its bytes. Each distinct value's key is computed and
     * ranked once, so the sort compares integers.
     */
    public static void writeTrig(Map<IRI, ? extends Collection<Statement>> graphs, Writer out) throws IOException {
        Map<Value, Integer> ranks = ranks(graphs);
        Map<IRI, List<Statement>> sorted = new LinkedHashMap<>();
        for (Map.Entry<IRI, ? extends Collection<Statement>> g : graphs.entrySet()) {
            sorted.put(g.getKey(), Arrays.asList(sort(g.getValue(), ranks)));
        }
        writeTrigInOrder(sorted, out);
    }

    /**
     * One graph's statements in the order {@link #writeTrig} writes them. Ranking one graph's values alone gives
     * the same order as ranking all graphs' values together: only values of the same graph are compared.
     */
    public static List<Statement> trigOrder(Collection<Statement> graph) {
        return Arrays.asList(sort(graph, ranks(Map.of(VF.createIRI("urn:x-lacuna:graph"), graph))));
    }

    /**
     * As {@link #writeTrig}, each graph's statements already in the file's order ({@link #trigOrder}, or a
     * packed graph's own order that is proven equal to it); graphs are written in the order of their names.
     */
    public static void writeTrigInOrder(Map<IRI, ? extends Iterable<Statement>> sorted, Writer out) throws IOException {
        List<IRI> names = new ArrayList<>(sorted.keySet());
        names.sort(java.util.Comparator.comparing(IRI::stringValue));
        try {
            RDFWriter writer = Rio.createWriter(RDFFormat.TRIG, out);
            // Rio's pretty printing buffers every 1,000 statements in a model and scans it once per subject: 3x the
            // time of the plain writer here (1.5M statements of a 2M-triple folder: 19-20 s against 6-7.5 s), and
            // most of verify's CPU at that size. The plain writer still groups a subject's statements (";", ",").
            writer.getWriterConfig().set(org.eclipse.rdf4j.rio.helpers.BasicWriterSettings.PRETTY_PRINT, false);
            writer.startRDF();
            writer.handleNamespace("lacuna", LacunaVocab.NS);
            writer.handleNamespace("rdf", RDF.NAMESPACE);
            writer.handleNamespace("rdfs", RDFS.NAMESPACE);
            writer.handleNamespace("xsd", XSD.NAMESPACE);
            for (IRI name : names) {
                for (Statement s : sorted.get(name)) {
                    writer.handleStatement(VF.createStatement(s.getSubject(), s.getPredicate(), s.getObject(), name));
                }
            }
            writer.endRDF();
        } catch (org.eclipse.rdf4j.rio.RDFHandlerException e) {
            // Rio wraps the writer's IOException (a full disk, say): the caller's handling of IOException applies
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            throw e;
        }
        out.flush();
    }

    private static Statement[] sort(Collection<Statement> graph, Map<Value, Integer> ranks) {
        Statement[] statements = graph.toArray(new Statement[0]);
        int n = statements.length;
        int[] subjects = new int[n];
        int[] predicates = new int[n];
        int[] objects = new int[n];
        Value subject = null;
        Value predicate = null;
        int subjectRank = 0;
        int predicateRank = 0;
        for (int i = 0; i < n; i++) {
            Statement st = statements[i];
            if (st.getSubject() != subject) {
                subject = st.getSubject();
                subjectRank = ranks.get(subject);
            }
            if (st.getPredicate() != predicate) {
                predicate = st.getPredicate();
                predicateRank = ranks.get(predicate);
            }
            subjects[i] = subjectRank;
            predicates[i] = predicateRank;
            objects[i] = ranks.get(st.getObject());
        }
        int[] order = packedOrder(subjects, predicates, objects);
        if (order == null) {
            Integer[] boxed = new Integer[n];
            for (int i = 0; i < n; i++) {
                boxed[i] = i;
            }
            Arrays.sort(boxed, (a, b) -> {
                int c = Integer.compare(subjects[a], subjects[b]);
                if (c == 0) {
                    c = Integer.compare(predicates[a], predicates[b]);
                }
                return c != 0 ? c : Integer.compare(objects[a], objects[b]);
            });
            order = new int[n];
            for (int i = 0; i < n; i++) {
                order[i] = boxed[i];
            }
        }
        Statement[] out = new Statement[n];
        for (int i = 0; i < n; i++) {
            out[i] = statements[order[i]];
        }
        return out;
    }

    /**
     * The statements' order by (subject, predicate, object) rank from two primitive sorts, or null when the keys
     * do not fit: first by object (rank and index in one long), then by subject and predicate with the place in
     * the first order as the last key, so ties keep the object order. At 20M statements a graph, boxed indexes
     * under a comparator were most of the sorting of the TriG file that the build's commit waits for.
     */
    private static int[] packedOrder(int[] subjects, int[] predicates, int[] objects) {
        int n = subjects.length;
        java.util.BitSet predicateRanks = new java.util.BitSet();
        for (int v : predicates) {
            predicateRanks.set(v);
        }
        int[] distinctPredicates = predicateRanks.stream().toArray();
        long maxSubject = 0;
        for (int v : subjects) {
            maxSubject = Math.max(maxSubject, v);
        }
        int positionBits = bits(Math.max(0, n - 1));
        long maxSubjectPredicate = (maxSubject + 1) * Math.max(1, distinctPredicates.length) - 1;
        if (bits(maxSubjectPredicate) + positionBits > 63) {
            return null;
        }
        long[] keys = new long[n];
        for (int i = 0; i < n; i++) {
            keys[i] = ((long) objects[i] << 32) | i;
        }
        Arrays.parallelSort(keys);
        int[] byObject = new int[n];
        for (int k = 0; k < n; k++) {
            byObject[k] = (int) keys[k];
        }
        for (int k = 0; k < n; k++) {
            int i = byObject[k];
            long predicate = Arrays.binarySearch(distinctPredicates, predicates[i]);
            keys[k] = (((long) subjects[i] * distinctPredicates.length + predicate) << positionBits) | k;
        }
        Arrays.parallelSort(keys);
        int[] order = new int[n];
        long mask = (1L << positionBits) - 1;
        for (int k = 0; k < n; k++) {
            order[k] = byObject[(int) (keys[k] & mask)];
        }
        return order;
    }

    /**
     * Every distinct value's place in the order of {@link #key}: within a graph, comparing two statements'
     * (subject, predicate, object) ranks gives the order of their keys joined by a character below every key
     * character, the order this file was always written in (graphs by name first).
     */
    private static Map<Value, Integer> ranks(Map<IRI, ? extends Collection<Statement>> graphs) {
        Map<Value, String> keys = new HashMap<>();
        for (Map.Entry<IRI, ? extends Collection<Statement>> g : graphs.entrySet()) {
            // A graph read from a store comes a subject (and its predicate) at a time, its values shared objects:
            // the same object as the last statement's needs no lookup (at 20M triples, most of them).
            Value subject = null;
            Value predicate = null;
            for (Statement s : g.getValue()) {
                if (s.getSubject() != subject) {
                    subject = s.getSubject();
                    keys.computeIfAbsent(subject, BenchmarkExport::key);
                }
                if (s.getPredicate() != predicate) {
                    predicate = s.getPredicate();
                    keys.computeIfAbsent(predicate, BenchmarkExport::key);
                }
                keys.computeIfAbsent(s.getObject(), BenchmarkExport::key);
            }
        }
        List<Map.Entry<Value, String>> sorted = new ArrayList<>(keys.entrySet());
        sorted.sort(Map.Entry.comparingByValue());
        Map<Value, Integer> ranks = new HashMap<>(sorted.size() * 2);
        int rank = 0;
        String previous = null;
        for (Map.Entry<Value, String> e : sorted) {
            if (previous != null && !previous.equals(e.getValue())) {
                rank++;
            }
            ranks.put(e.getKey(), rank);
            previous = e.getValue();
        }
        return ranks;
    }

    /**
     * Sort key of the TriG file: numeric private ids sort as numbers would, other values by their N-Triples form.
     * Public so that a packed graph's relations can be put in this order ({@code construct.StoreGraph}).
     */
    public static String key(Value v) {
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
