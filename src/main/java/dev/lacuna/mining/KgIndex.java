package dev.lacuna.mining;

import java.nio.file.Path;
import java.util.Arrays;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Resource;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.RepositoryResult;

import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.TripleFiles;
import dev.lacuna.store.TripleFormat;

/**
 * A compact, immutable integer index of a knowledge graph for rule mining. Entities and relations get dense
 * ids; every entity has its outgoing and incoming edges in one CSR array each, sorted by (relation, other end)
 * and packed into a long ({@code relation << 32 | entity}) so that "objects of s under r", "does r(s, o) hold"
 * and "which relations leave s" are a binary search or a scan over one contiguous slice. Duplicate triples
 * collapse, as in AMIE3.
 */
public final class KgIndex {
    private final String[] entityNames;
    private final String[] relationNames;
    private final int[] outOffsets;
    private final long[] outEdges;
    private final int[] inOffsets;
    private final long[] inEdges;
    /** Per relation: its facts as (subject, object) pairs packed in a long, sorted. */
    private final long[][] facts;
    /** Per relation: its distinct subjects and distinct objects, sorted. */
    private final int[][] subjects;
    private final int[][] objects;
    /**
     * Per entity (CSR by outRelOffsets / inRelOffsets): one run per distinct relation of its outgoing / incoming
     * edges, packed as {@code relation << 32 | first edge}, plus one sentinel at the very end. The relation and its
     * edge range sit in one long, and a run ends where the next one starts (the next entity's first run starts
     * where this entity's edges end), so a range lookup reads one array instead of three: the join asks for one
     * at every level, and each array read was a cache miss.
     */
    private final int[] outRelOffsets;
    private final long[] outRuns;
    private final int[] inRelOffsets;
    private final long[] inRuns;

    private final int entityCount;

    /** Indexes triples given as dense ids; entity names may be null (then "e" + id). The id arrays are read, not kept. */
    KgIndex(String[] entityNames, int entityCount, String[] relationNames, int[] heads, int[] rels,
            int[] tails, int n) {
        this.entityNames = entityNames;
        this.entityCount = entityCount;
        this.relationNames = relationNames;
        int ne = entityCount;
        int nr = relationNames.length;
        // Out-edges by counting sort on the head, then each slice sorted and de-duplicated in place.
        int[] rawOffsets = new int[ne + 1];
        for (int i = 0; i < n; i++) {
            rawOffsets[heads[i] + 1]++;
        }
        for (int e = 0; e < ne; e++) {
            rawOffsets[e + 1] += rawOffsets[e];
        }
        long[] out = new long[n];
        int[] pos = Arrays.copyOf(rawOffsets, ne);
        for (int i = 0; i < n; i++) {
            out[pos[heads[i]]++] = pack(rels[i], tails[i]);
        }
        this.outOffsets = new int[ne + 1];
        int m = 0;
        for (int e = 0; e < ne; e++) {
            int from = rawOffsets[e];
            int to = rawOffsets[e + 1];
            Arrays.sort(out, from, to);
            for (int k = from; k < to; k++) {
                if (k == from || out[k] != out[k - 1]) {
                    out[m++] = out[k];
                }
            }
            outOffsets[e + 1] = m;
        }
        this.outEdges = m == n ? out : Arrays.copyOf(out, m);
        this.inOffsets = new int[ne + 1];
        int[] relCount = new int[nr];
        for (int i = 0; i < m; i++) {
            inOffsets[low(outEdges[i]) + 1]++;
            relCount[high(outEdges[i])]++;
        }
        for (int e = 0; e < ne; e++) {
            inOffsets[e + 1] += inOffsets[e];
        }
        this.inEdges = new long[m];
        int[] inPos = Arrays.copyOf(inOffsets, ne);
        this.facts = new long[nr][];
        for (int rel = 0; rel < nr; rel++) {
            facts[rel] = new long[relCount[rel]];
        }
        int[] factPos = new int[nr];
        for (int e = 0; e < ne; e++) {
            for (int k = outOffsets[e]; k < outOffsets[e + 1]; k++) {
                int r = high(outEdges[k]);
                int t = low(outEdges[k]);
                inEdges[inPos[t]++] = pack(r, e);
                facts[r][factPos[r]++] = pack(e, t);
            }
        }
        for (int e = 0; e < ne; e++) {
            Arrays.sort(inEdges, inOffsets[e], inOffsets[e + 1]);
        }
        this.outRelOffsets = new int[ne + 1];
        this.outRuns = IndexColumns.relationRuns(outEdges, outOffsets, outRelOffsets);
        this.inRelOffsets = new int[ne + 1];
        this.inRuns = IndexColumns.relationRuns(inEdges, inOffsets, inRelOffsets);
        this.subjects = new int[nr][];
        this.objects = new int[nr][];
        for (int rel = 0; rel < nr; rel++) {
            // facts were filled in (subject, object) order already
            subjects[rel] = IndexColumns.distinct(facts[rel], true);
            objects[rel] = IndexColumns.distinct(facts[rel], false);
        }
    }

    /** Out-edges of e under relation r as a packed (from, to) range of {@link #outEdges()}, or 0 if none. */
    long outRange(int e, int r) {
        return range(outRuns, outRelOffsets[e], outRelOffsets[e + 1], r);
    }

    /** In-edges of e under relation r as a packed (from, to) range of {@link #inEdges()}, or 0 if none. */
    long inRange(int e, int r) {
        return range(inRuns, inRelOffsets[e], inRelOffsets[e + 1], r);
    }

    private static long range(long[] runs, int lo, int hi, int r) {
        // runs[m] < r << 32 exactly when run m's relation is below r (the low half is a non-negative edge index)
        long key = (long) r << 32;
        int a = lo;
        int b = hi;
        while (a < b) {
            int m = (a + b) >>> 1;
            if (runs[m] < key) {
                a = m + 1;
            } else {
                b = m;
            }
        }
        if (a == hi || high(runs[a]) != r) {
            return 0;
        }
        return pack(low(runs[a]), low(runs[a + 1]));
    }

    static long pack(int high, int low) {
        return ((long) high << 32) | (low & 0xffffffffL);
    }

    /** The end (exclusive) of the run of packed values from {@code from} on that share its high half. */
    static int runEnd(long[] packed, int from) {
        int high = high(packed[from]);
        int end = from + 1;
        while (end < packed.length && high(packed[end]) == high) {
            end++;
        }
        return end;
    }

    static int high(long v) {
        return (int) (v >>> 32);
    }

    static int low(long v) {
        return (int) v;
    }

    // ------------------------------------------------------------------ building

    /**
     * Reads a tab-separated file of {@code head<TAB>relation<TAB>tail} lines (AMIE3's input). Blank lines are
     * skipped; any other line without exactly three non-empty columns is reported with file and line.
     */
    public static KgIndex fromTsv(Path file) {
        return fromFile(file, null);
    }

    /**
     * Reads a KG file exactly as {@code lacuna load} does ({@link TripleFiles}: .gz, BOM, comments, the same
     * errors), so that mine --input and load accept the same files. Literal objects are skipped, as in
     * {@link #fromRepository}. The format is taken from --format, else the extension, else TSV.
     */
    public static KgIndex fromFile(Path file, TripleFormat format) {
        KgIndexBuilder b = new KgIndexBuilder();
        TripleFiles.read(file, TripleFiles.formatOrTsv(file, format), (s, r, o, literal, line) -> {
            if (literal == null) {
                b.add(s, r, o);
            }
        });
        return b.build();
    }

    /**
     * Reads the {@code complete} graph of a KG in a repository: relation names from
     * {@link KgGraphs#relationName}, entities by IRI string. Literal objects are skipped (rules are over entities).
     */
    public static KgIndex fromRepository(Repository repository, KgGraphs kg) {
        KgIndexBuilder b = new KgIndexBuilder();
        try (RepositoryConnection c = repository.getConnection();
                RepositoryResult<Statement> st = c.getStatements(null, null, null, false, kg.complete())) {
            for (Statement s : st) {
                Value o = s.getObject();
                if (!(o instanceof Resource)) {
                    continue;
                }
                IRI p = s.getPredicate();
                b.add(s.getSubject().stringValue(), kg.relationName(p), o.stringValue());
            }
        }
        return b.build();
    }

    // ------------------------------------------------------------------ queries

    /**
     * An index over triples already given as dense ids (entities 0..entityCount-1, named "e" + id); for
     * generated graphs, where a name table would only cost memory. The id arrays are read, not kept.
     */
    public static KgIndex ofIds(int entityCount, String[] relationNames, int[] heads, int[] rels, int[] tails, int n) {
        return new KgIndex(null, entityCount, relationNames.clone(), heads, rels, tails, n);
    }

    public int entityCount() {
        return entityCount;
    }

    public int relationCount() {
        return relationNames.length;
    }

    public long tripleCount() {
        return outEdges.length;
    }

    public String entityName(int e) {
        return entityNames == null ? "e" + e : entityNames[e];
    }

    public String relationName(int r) {
        return relationNames[r];
    }

    /** Relation id by name, or -1. */
    public int relationId(String name) {
        for (int r = 0; r < relationNames.length; r++) {
            if (relationNames[r].equals(name)) {
                return r;
            }
        }
        return -1;
    }

    /** Number of distinct facts of a relation. */
    public int size(int relation) {
        return facts[relation].length;
    }

    long[] facts(int relation) {
        return facts[relation];
    }

    int[] subjects(int relation) {
        return subjects[relation];
    }

    int[] objects(int relation) {
        return objects[relation];
    }

    /**
     * AMIE3's choice of the functional side: the subject if the relation has at least as many distinct subjects
     * as distinct objects (functionality >= inverse functionality), else the object.
     */
    public boolean subjectIsFunctional(int relation) {
        return subjects[relation].length >= objects[relation].length;
    }

    long[] outEdges() {
        return outEdges;
    }

    long[] inEdges() {
        return inEdges;
    }

    int outStart(int e) {
        return outOffsets[e];
    }

    int outEnd(int e) {
        return outOffsets[e + 1];
    }

    int inStart(int e) {
        return inOffsets[e];
    }

    int inEnd(int e) {
        return inOffsets[e + 1];
    }

    /** The relation runs of all entities ({@code relation << 32 | first edge}); entity e's are [outRelStart, outRelEnd). */
    long[] outRuns() {
        return outRuns;
    }

    long[] inRuns() {
        return inRuns;
    }

    int outRelStart(int e) {
        return outRelOffsets[e];
    }

    int outRelEnd(int e) {
        return outRelOffsets[e + 1];
    }

    int inRelStart(int e) {
        return inRelOffsets[e];
    }

    int inRelEnd(int e) {
        return inRelOffsets[e + 1];
    }

    /** Index of the first edge in [from, to) whose key is >= key. */
    static int lowerBound(long[] a, int from, int to, long key) {
        int lo = from;
        int hi = to;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] < key) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /**
     * The first index in a[from, to) whose value is >= key, for a sorted slice walked forward with rising keys:
     * probes 1, 2, 4, ... ahead, then binary-searches the last step, so a walk over a slice costs little more
     * than a merge when keys are dense and a binary search per key when they are sparse.
     */
    static int gallop(long[] a, int from, int to, long key) {
        if (from >= to || a[from] >= key) {
            return from;
        }
        int lo = from;
        int step = 1;
        while (lo + step < to && a[lo + step] < key) {
            lo += step;
            step <<= 1;
        }
        return lowerBound(a, lo + 1, Math.min(lo + step + 1, to), key);
    }

    /**
     * The objects o of the facts r(s, o), ascending, in a fresh array (empty if none): a read-only view for
     * enumerators outside the miner (the build's groundings).
     */
    public int[] objectsOf(int s, int r) {
        return ends(outEdges, outRange(s, r));
    }

    /** The subjects s of the facts r(s, o), ascending, in a fresh array (empty if none). */
    public int[] subjectsOf(int o, int r) {
        return ends(inEdges, inRange(o, r));
    }

    /** Number of facts r(s, ·). */
    public int outCount(int s, int r) {
        long range = outRange(s, r);
        return low(range) - high(range);
    }

    /** Number of facts r(·, o). */
    public int inCount(int o, int r) {
        long range = inRange(o, r);
        return low(range) - high(range);
    }

    /** The subject of the i-th fact of relation r (facts sorted by subject, then object). */
    public int factSubject(int r, int i) {
        return high(facts[r][i]);
    }

    /** The object of the i-th fact of relation r (facts sorted by subject, then object). */
    public int factObject(int r, int i) {
        return low(facts[r][i]);
    }

    private static int[] ends(long[] edges, long range) {
        int from = high(range);
        int to = low(range);
        int[] out = new int[to - from];
        for (int k = from; k < to; k++) {
            out[k - from] = low(edges[k]);
        }
        return out;
    }

    /** True if r(s, o) is a fact. */
    public boolean holds(int s, int r, int o) {
        int from = outOffsets[s];
        int to = outOffsets[s + 1];
        long key = pack(r, o);
        int i = lowerBound(outEdges, from, to, key);
        return i < to && outEdges[i] == key;
    }

    /** True if s is the subject of some r fact. */
    public boolean hasOut(int s, int r) {
        int to = outOffsets[s + 1];
        int i = lowerBound(outEdges, outOffsets[s], to, pack(r, 0) & 0xffffffff00000000L);
        return i < to && high(outEdges[i]) == r;
    }

    /** True if o is the object of some r fact. */
    public boolean hasIn(int o, int r) {
        int to = inOffsets[o + 1];
        int i = lowerBound(inEdges, inOffsets[o], to, pack(r, 0) & 0xffffffff00000000L);
        return i < to && high(inEdges[i]) == r;
    }

    /** Approximate heap bytes of the index arrays. */
    public long heapBytes() {
        long b = 8L * (outEdges.length + inEdges.length) + 4L * (outOffsets.length + inOffsets.length)
                + 8L * (outRuns.length + inRuns.length) + 4L * (outRelOffsets.length + inRelOffsets.length);
        for (int r = 0; r < facts.length; r++) {
            b += 8L * facts[r].length + 4L * (subjects[r].length + objects[r].length);
        }
        return b;
    }
}
