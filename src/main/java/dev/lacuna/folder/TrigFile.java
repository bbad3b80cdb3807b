package dev.lacuna.folder;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Literal;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.model.vocabulary.RDF;
import org.eclipse.rdf4j.model.vocabulary.RDFS;
import org.eclipse.rdf4j.model.vocabulary.XSD;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.rio.RDFHandlerException;
import org.eclipse.rdf4j.rio.RDFWriter;
import org.eclipse.rdf4j.rio.helpers.BasicWriterSettings;
import org.eclipse.rdf4j.rio.helpers.NTriplesUtil;

import dev.lacuna.store.LacunaVocab;

/**
 * All named graphs of a benchmark as one TriG file, sorted by graph, subject, predicate, object, so the same
 * statements always give the same bytes whatever order a store returns them in. Written plainly (one subject's
 * statements grouped with {@code ;} and {@code ,}), not by Rio's pretty printer, which rescans its buffer per subject.
 */
public final class TrigFile {
    private static final ValueFactory VF = SimpleValueFactory.getInstance();

    private TrigFile() {
    }

    /** The given named graphs of the store as one TriG file, sorted by graph, subject, predicate, object. */
    public static void writeTrig(Repository repository, List<IRI> graphs, Path file) throws IOException {
        Map<IRI, Collection<Statement>> read = new LinkedHashMap<>();
        Map<Value, Value> values = new HashMap<>();
        try (RepositoryConnection conn = repository.getConnection()) {
            for (IRI g : graphs) {
                read.put(g, GraphFiles.read(conn, g, values));
            }
        }
        try (Writer w = GraphFiles.newWriter(file)) {
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
        Statement[] statements = graph.toArray(new Statement[0]);
        int n = statements.length;
        // Subjects and predicates ranked among themselves (only values of one position are ever compared); an
        // object's key only where a subject and predicate have several: a labels graph has one label each, and
        // keying and ranking its 5.5M literals was most of writing the TriG file again at 20M triples (JFR).
        Map<Value, Integer> subjectRanks = new HashMap<>();
        Map<Value, Integer> predicateRanks = new HashMap<>();
        Value subject = null;
        Value predicate = null;
        for (Statement st : statements) {
            if (st.getSubject() != subject) {
                subject = st.getSubject();
                subjectRanks.putIfAbsent(subject, 0);
            }
            if (st.getPredicate() != predicate) {
                predicate = st.getPredicate();
                predicateRanks.putIfAbsent(predicate, 0);
            }
        }
        rank(subjectRanks);
        rank(predicateRanks);
        int[] subjects = new int[n];
        int[] predicates = new int[n];
        for (int i = 0; i < n; i++) {
            subjects[i] = subjectRanks.get(statements[i].getSubject());
            predicates[i] = predicateRanks.get(statements[i].getPredicate());
        }
        int[] order = order(subjects, predicates, new int[n]);
        Statement[] out = new Statement[n];
        for (int i = 0; i < n; i++) {
            out[i] = statements[order[i]];
        }
        // Runs of one subject and predicate, in the statements' own order so far: by object key, ties as they were.
        for (int from = 0; from < n; ) {
            int to = from + 1;
            while (to < n && subjects[order[to]] == subjects[order[from]] && predicates[order[to]] == predicates[order[from]]) {
                to++;
            }
            if (to - from > 1) {
                Statement[] run = Arrays.copyOfRange(out, from, to);
                String[] keys = new String[run.length];
                Integer[] at = new Integer[run.length];
                for (int k = 0; k < run.length; k++) {
                    keys[k] = key(run[k].getObject());
                    at[k] = k;
                }
                Arrays.sort(at, (a, b) -> keys[a].compareTo(keys[b])); // stable: equal keys keep their order
                for (int k = 0; k < run.length; k++) {
                    out[from + k] = run[at[k]];
                }
            }
            from = to;
        }
        return Arrays.asList(out);
    }

    /** Replaces each value's entry by its place in the order of {@link #key}; equal keys share a place. */
    private static void rank(Map<Value, Integer> values) {
        List<Map.Entry<Value, String>> sorted = new ArrayList<>(values.size());
        for (Value v : values.keySet()) {
            sorted.add(Map.entry(v, key(v)));
        }
        sorted.sort(Map.Entry.comparingByValue());
        int rank = 0;
        String previous = null;
        for (Map.Entry<Value, String> e : sorted) {
            if (previous != null && !previous.equals(e.getValue())) {
                rank++;
            }
            values.put(e.getKey(), rank);
            previous = e.getValue();
        }
    }

    /**
     * As {@link #writeTrig}, each graph's statements already in the file's order ({@link #trigOrder}, or a
     * packed graph's own order that is proven equal to it); graphs are written in the order of their names.
     */
    public static void writeTrigInOrder(Map<IRI, ? extends Iterable<Statement>> sorted, Writer out) throws IOException {
        List<IRI> names = new ArrayList<>(sorted.keySet());
        names.sort(Comparator.comparing(IRI::stringValue));
        try {
            // Rio's TriG writer, its entity IRIs written from a template learnt from Rio itself: the same bytes.
            RDFWriter writer = new NumberedIriTrigWriter(out);
            // Rio's pretty printing buffers every 1,000 statements in a model and scans it once per subject: 3x the
            // time of the plain writer here (1.5M statements of a 2M-triple folder: 19-20 s against 6-7.5 s), and
            // most of verify's CPU at that size. The plain writer still groups a subject's statements (";", ",").
            writer.getWriterConfig().set(BasicWriterSettings.PRETTY_PRINT, false);
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
        } catch (RDFHandlerException e) {
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
        int[] order = order(subjects, predicates, objects);
        Statement[] out = new Statement[n];
        for (int i = 0; i < n; i++) {
            out[i] = statements[order[i]];
        }
        return out;
    }

    /** The statements' order by (subject, predicate, object) rank, ties in their given order. */
    private static int[] order(int[] subjects, int[] predicates, int[] objects) {
        int n = subjects.length;
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
        return order;
    }

    /**
     * The statements' order by (subject, predicate, object) rank from two primitive sorts, or null when the keys
     * do not fit: first by object (rank and index in one long), then by subject and predicate with the place in
     * the first order as the last key, so ties keep the object order. At 20M statements a graph, boxed indexes
     * under a comparator were most of the sorting of the TriG file that the build's commit waits for.
     */
    private static int[] packedOrder(int[] subjects, int[] predicates, int[] objects) {
        int n = subjects.length;
        BitSet predicateRanks = new BitSet();
        for (int v : predicates) {
            predicateRanks.set(v);
        }
        int[] distinctPredicates = predicateRanks.stream().toArray();
        long maxSubject = 0;
        for (int v : subjects) {
            maxSubject = Math.max(maxSubject, v);
        }
        int positionBits = GraphFiles.bits(Math.max(0, n - 1));
        long maxSubjectPredicate = (maxSubject + 1) * Math.max(1, distinctPredicates.length) - 1;
        if (GraphFiles.bits(maxSubjectPredicate) + positionBits > 63) {
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
        Map<Value, Integer> ranks = new HashMap<>();
        for (Map.Entry<IRI, ? extends Collection<Statement>> g : graphs.entrySet()) {
            // A graph read from a store comes a subject (and its predicate) at a time, its values shared objects:
            // the same object as the last statement's needs no lookup (at 20M triples, most of them).
            Value subject = null;
            Value predicate = null;
            for (Statement s : g.getValue()) {
                if (s.getSubject() != subject) {
                    subject = s.getSubject();
                    ranks.putIfAbsent(subject, 0);
                }
                if (s.getPredicate() != predicate) {
                    predicate = s.getPredicate();
                    ranks.putIfAbsent(predicate, 0);
                }
                ranks.putIfAbsent(s.getObject(), 0);
            }
        }
        rank(ranks);
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
