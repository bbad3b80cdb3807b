package dev.lacuna.folder;

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
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.RepositoryResult;

import dev.lacuna.store.KgGraphs;

/**
 * Writes a KG's graphs as files: a graph as sorted {@code head<TAB>relation<TAB>tail} with private ids, and the
 * entity table, and all named graphs as one TriG file. Everything is sorted, so the same statements always give
 * the same bytes, whatever order a store returns them in. The writers take statements already in memory (a
 * build has them: it computed them) and write to any {@link Writer}, so that verify can compare what the store
 * holds with a folder's file as it streams, without writing a second copy ({@code FolderChecks}).
 */
public final class GraphFiles {
    private static final int BUFFER = 1 << 16;

    private GraphFiles() {
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
                                       Consumer<Statement> each) {
        List<Statement> out = new ArrayList<>();
        stream(conn, graph, new PlainValues(values), each.andThen(out::add));
        return out;
    }

    /**
     * Every statement of one named graph handed to {@code each} as it is read, not held: its values plain through
     * {@code plain}, without context. Returns how many there were.
     */
    public static long stream(RepositoryConnection conn, IRI graph, PlainValues plain,
                              Consumer<Statement> each) {
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
}
