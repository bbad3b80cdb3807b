package dev.lacuna.verify;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.function.Consumer;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.repository.RepositoryConnection;

import dev.lacuna.folder.GraphFiles;
import dev.lacuna.folder.PlainValues;
import dev.lacuna.folder.TrigFile;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.TriplePacking;

/**
 * One of the store's graphs as {@code lacuna verify} compares it with the folder's files, read in one stream. A
 * graph of the KG's form (canonical entity ids, relation IRIs) is kept as sorted longs of (head, relation rank,
 * tail), the graph TSV's own key ({@link GraphFiles#writePackedTsv}), 8 bytes a triple: at 20M triples,
 * holding complete and incomplete as statements made verify peak at 15.9 GiB. Any other graph, or one whose keys
 * do not fit a long, is kept as statements and written by the same writers as before.
 */
public final class StoreGraph {
    private static final ValueFactory VF = SimpleValueFactory.getInstance();
    private static final int BLOCK = 1 << 20;

    private final KgGraphs kg;
    private final String entityPrefix;
    private final Map<IRI, Integer> relationIds = new HashMap<>();
    private final List<IRI> relations = new ArrayList<>();
    /** While reading: the columns in blocks (no copying as they grow), until packed or given up. */
    private List<long[]> heads = new ArrayList<>();
    private List<long[]> tails = new ArrayList<>();
    private List<int[]> relationColumn = new ArrayList<>();
    private long count;
    private Value lastSubject;
    private Value lastObject;
    private IRI lastPredicate;
    private long lastHead;
    private long lastTail;
    private int lastRelation;
    private long maxHead;
    private long maxTail;
    /** Non-null once the graph is not of the KG's form: then it is held as statements. */
    private List<Statement> statements;
    private long[] keys;
    private int rankBits;
    private int tailBits;
    private List<String> namesByRank;
    /** For each relation rank (TSV order), its place among the relations in the TriG file's order. */
    private int[] trigRank;
    private List<IRI> relationsByTrig;

    private StoreGraph(KgGraphs kg) {
        this.kg = kg;
        this.entityPrefix = kg.entityPrefix();
    }

    /** The graph read once, each statement also handed to {@code each} (a checksum). */
    static StoreGraph read(RepositoryConnection conn, KgGraphs kg, IRI graph, PlainValues plain, Consumer<Statement> each) {
        StoreGraph g = new StoreGraph(kg);
        GraphFiles.stream(conn, graph, plain, each.andThen(g::add));
        g.finish();
        return g;
    }

    /** A graph to be given its statements one by one ({@link #add}), then {@link #finish}ed. */
    static StoreGraph reading(KgGraphs kg) {
        return new StoreGraph(kg);
    }

    /** The statements given, as {@link #read} would hold them (for tests and callers that hold statements). */
    public static StoreGraph of(Iterable<Statement> statements, KgGraphs kg) {
        StoreGraph g = new StoreGraph(kg);
        statements.forEach(g::add);
        g.finish();
        return g;
    }

    /** A statement of the graph, its values plain ({@link PlainValues}). */
    void add(Statement st) {
        if (statements != null) {
            statements.add(st);
            return;
        }
        // Plain values are one object per value (PlainValues): a value met by the last statement is known by identity.
        if (st.getSubject() != lastSubject) {
            lastSubject = st.getSubject();
            lastHead = TriplePacking.entityId(lastSubject, entityPrefix);
        }
        if (st.getObject() != lastObject) {
            lastObject = st.getObject();
            lastTail = TriplePacking.entityId(lastObject, entityPrefix);
        }
        long h = lastHead;
        long t = lastTail;
        if (h < 0 || t < 0) {
            unpackAll();
            statements.add(st);
            return;
        }
        if (st.getPredicate() != lastPredicate) {
            Integer r = relationIds.get(st.getPredicate());
            if (r == null) {
                r = relations.size();
                relationIds.put(st.getPredicate(), r);
                relations.add(st.getPredicate());
            }
            lastPredicate = st.getPredicate();
            lastRelation = r;
        }
        int r = lastRelation;
        int at = (int) (count % BLOCK);
        if (at == 0) {
            heads.add(new long[BLOCK]);
            tails.add(new long[BLOCK]);
            relationColumn.add(new int[BLOCK]);
        }
        int block = (int) (count / BLOCK);
        heads.get(block)[at] = h;
        tails.get(block)[at] = t;
        relationColumn.get(block)[at] = r;
        maxHead = Math.max(maxHead, h);
        maxTail = Math.max(maxTail, t);
        count++;
    }

    /** Gives up packing: what was read so far becomes statements again (the ids are canonical, so exactly). */
    private void unpackAll() {
        statements = new ArrayList<>();
        for (long i = 0; i < count; i++) {
            int block = (int) (i / BLOCK);
            int at = (int) (i % BLOCK);
            statements.add(VF.createStatement(kg.entity(heads.get(block)[at]),
                    relations.get(relationColumn.get(block)[at]), kg.entity(tails.get(block)[at])));
        }
        heads = tails = null;
        relationColumn = null;
    }

    /**
     * Ranks the relations in both files' orders and packs. The TriG order of a packed graph is (head id, relation
     * in {@link GraphFiles#key} order, tail id) only when entity keys sort as their ids do (the entity prefix
     * ends the IRI's path) and no two relations share a name or a TriG key; else the graph is held as statements.
     */
    void finish() {
        if (statements != null) {
            return;
        }
        int m = relations.size();
        List<String> names = new ArrayList<>(m);
        List<String> trigKeys = new ArrayList<>(m);
        for (IRI r : relations) {
            names.add(kg.relationName(r));
            trigKeys.add(TrigFile.key(r));
        }
        rankBits = GraphFiles.bits(Math.max(0, m - 1));
        tailBits = GraphFiles.bits(maxTail);
        if (!entityPrefix.endsWith("/") || new HashSet<>(names).size() < m || new HashSet<>(trigKeys).size() < m
                || GraphFiles.bits(maxHead) + rankBits + tailBits > 63 || count > Integer.MAX_VALUE - 8) {
            unpackAll();
            return;
        }
        GraphFiles.RelationRanks ranks = GraphFiles.RelationRanks.of(names);
        int[] rank = ranks.rank();
        namesByRank = ranks.namesByRank();
        Integer[] byKey = new Integer[m];
        for (int r = 0; r < m; r++) {
            byKey[r] = r;
        }
        Arrays.sort(byKey, (a, b) -> trigKeys.get(a).compareTo(trigKeys.get(b)));
        trigRank = new int[m];
        relationsByTrig = new ArrayList<>(m);
        for (int k = 0; k < m; k++) {
            trigRank[rank[byKey[k]]] = k;
            relationsByTrig.add(relations.get(byKey[k]));
        }
        keys = new long[(int) count];
        for (int i = 0; i < count; i++) {
            int block = i / BLOCK;
            int at = i % BLOCK;
            keys[i] = GraphFiles.tsvKey(heads.get(block)[at], rank[relationColumn.get(block)[at]],
                    tails.get(block)[at], rankBits, tailBits);
            if (at == BLOCK - 1) { // each block dropped once packed: the columns never all live beside the keys
                heads.set(block, null);
                tails.set(block, null);
                relationColumn.set(block, null);
            }
        }
        heads = tails = null;
        relationColumn = null;
        Arrays.parallelSort(keys);
    }

    public long size() {
        return statements != null ? statements.size() : keys.length;
    }

    /** Held as sorted keys rather than statements. */
    public boolean packed() {
        return statements == null;
    }

    /** The graph TSV, as {@link GraphFiles#writeGraphTsv} writes it. */
    public void writeTsv(Writer out) throws IOException {
        if (statements != null) {
            GraphFiles.writeGraphTsv(kg, statements, out);
        } else {
            GraphFiles.writePackedTsv(keys, rankBits, tailBits, namesByRank, out);
        }
    }

    /**
     * The statements in the TriG file's order ({@link GraphFiles#trigOrder}). Packed, a head's triples are
     * one run of the keys in both orders; within a run only the relation order differs, so each run is re-sorted
     * by (TriG relation rank, tail) as it is reached.
     */
    public Iterable<Statement> trigOrder() {
        if (statements != null) {
            return TrigFile.trigOrder(statements);
        }
        return () -> new Iterator<>() {
            private final long tailMask = (1L << tailBits) - 1;
            private final long rankMask = (1L << rankBits) - 1;
            private long[] run = new long[16];
            private int runLength;
            private int inRun;
            private int next;
            private IRI subject;

            @Override
            public boolean hasNext() {
                return inRun < runLength || next < keys.length;
            }

            @Override
            public Statement next() {
                if (inRun == runLength) {
                    nextRun();
                }
                long k = run[inRun++];
                return VF.createStatement(subject, relationsByTrig.get((int) (k >>> tailBits)), kg.entity(k & tailMask));
            }

            private void nextRun() {
                if (next >= keys.length) {
                    throw new NoSuchElementException();
                }
                long head = keys[next] >>> (rankBits + tailBits);
                int end = next;
                while (end < keys.length && keys[end] >>> (rankBits + tailBits) == head) {
                    end++;
                }
                runLength = end - next;
                if (run.length < runLength) {
                    run = new long[Math.max(runLength, 2 * run.length)];
                }
                for (int i = 0; i < runLength; i++) {
                    long key = keys[next + i];
                    run[i] = ((long) trigRank[(int) ((key >>> tailBits) & rankMask)] << tailBits) | (key & tailMask);
                }
                Arrays.sort(run, 0, runLength);
                inRun = 0;
                next = end;
                subject = kg.entity(head);
            }
        };
    }
}
