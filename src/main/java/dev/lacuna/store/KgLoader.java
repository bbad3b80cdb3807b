package dev.lacuna.store;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.rdf4j.common.transaction.IsolationLevel;
import org.eclipse.rdf4j.common.transaction.IsolationLevels;
import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.model.vocabulary.RDF;
import org.eclipse.rdf4j.model.vocabulary.RDFS;
import org.eclipse.rdf4j.model.vocabulary.SKOS;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.lacuna.BadInputException;
import dev.lacuna.Defaults;
import dev.lacuna.FisherYates;
import dev.lacuna.LacunaException;
import dev.lacuna.Progress;
import dev.lacuna.Seeds;
import dev.lacuna.Warnings;

/**
 * Loads KG files into the graph complete of one KG, with entity labels in the graph labels.
 *
 * <p>Two phases. Read: every file is parsed and checked completely before the store is touched, each
 * triple packed into one long (subject, relation, object ids), so a 20-million-line file is held as
 * 160 MB of longs, not as strings. Write: the packed triples are sorted and de-duplicated, every entity
 * gets its private id (a seeded random permutation of 0..n-1, as in the paper), and everything is added
 * in one transaction, so a failed load leaves the store exactly as it was.
 */
public final class KgLoader {
    private static final Logger LOG = LoggerFactory.getLogger(KgLoader.class);
    private static final ValueFactory VF = SimpleValueFactory.getInstance();
    private static final int ENTITY_BITS = 26;
    private static final int RELATION_BITS = 11;
    private static final int MAX_ENTITIES = 1 << ENTITY_BITS;
    private static final int MAX_RELATIONS = 1 << RELATION_BITS;

    /** @param format forced format word (tsv, csv, nt, ttl, nq, trig) or null to detect per file */
    public record Options(TripleFormat format, Path labels, long seed, boolean replace) {
        public static Options defaults() {
            return new Options(null, null, Defaults.SEED, false);
        }
    }

    /**
     * @param triples         distinct triples now in complete
     * @param duplicates      input triples dropped as exact duplicates
     * @param literalsSkipped literal-valued RDF triples not loaded (other than labels)
     */
    public record Result(long triples, long duplicates, long entities, long relations, long labels,
                         long literalsSkipped, String checksum, double seconds) {
    }

    private final Repository repository;
    private final KgGraphs kg;
    private final IsolationLevel isolation;
    private final int batchSize;

    public KgLoader(Repository repository, KgGraphs kg) {
        this(repository, kg, StoreConfig.DEFAULT_LOAD_BATCH);
    }

    /** @param batchSize statements per add within the load's transaction ({@link StoreConfig#loadBatch()}) */
    public KgLoader(Repository repository, KgGraphs kg, int batchSize) {
        if (batchSize < 1) {
            throw new IllegalArgumentException("batch size " + batchSize);
        }
        this.repository = repository;
        this.kg = kg;
        this.isolation = isolationFor(repository);
        this.batchSize = batchSize;
    }

    /**
     * The isolation level a load into this store runs at; null is the store's own default.
     *
     * <p>LMDB: NONE. There RDF4J writes straight into one LMDB write transaction (copy-on-write pages, committed
     * by the transaction's commit only), so a killed load leaves the last committed state, as at the default level,
     * but without RDF4J's change set, an in-heap model of every statement with five hash indexes that took 40 % of
     * a 2M-triple load's CPU and most of its heap. One catch, found by
     * {@code LmdbLoadTransactionTest}: RDF4J's rollback at NONE does not abort that transaction (the next commit in
     * the process would write it), so a load that fails after its first write shuts the store down, which does
     * abort it; and a {@code --replace} runs at the default level (see write). Every other store keeps its own
     * default: at NONE a NativeStore writes into its B-trees before commit (docs/explanation/store-safety.md).
     */
    static IsolationLevel isolationFor(Repository repository) {
        return StoreKinds.config(repository).directWrites() ? IsolationLevels.NONE : null;
    }

    public Result load(List<Path> files, Options options) {
        if (files.isEmpty()) {
            throw new BadInputException("no input files given");
        }
        long started = System.nanoTime();
        Parsed parsed = new Parsed(new NameClashes(kg));
        for (int f = 0; f < files.size(); f++) {
            read(files.get(f), f, TripleFormat.of(files.get(f), options.format()), parsed);
        }
        if (parsed.size == 0) {
            throw new BadInputException(files.size() == 1 ? files.get(0).toString() : null, -1, -1,
                    "no triples found" + (files.size() > 1 ? " in " + files : ""));
        }
        if (options.labels() != null) {
            readLabels(options.labels(), parsed);
        }
        long[] triples = Arrays.copyOf(parsed.triples, parsed.size);
        Arrays.sort(triples);
        int distinct = dedupe(triples);
        long[] privateIds = permutation(parsed.entities.size(), options.seed());
        // A shared store (a lab's Virtuoso holding Freebase) must see that nothing else is touched.
        LOG.info("writing only the graphs {} and {}{}", kg.complete(), kg.labels(), options.replace()
                ? "; --replace also empties " + kg.incomplete() + " and " + kg.benchmark() : "");
        Result result = write(triples, distinct, privateIds, parsed, files, options, started);
        LOG.info("loaded {} triples, {} entities, {} relations into {} in {} s", result.triples(),
                result.entities(), result.relations(), kg.complete(), String.format("%.1f", result.seconds()));
        return result;
    }

    /** What the read phase collects: ids by first appearance, packed triples, labels. */
    private static final class Parsed {
        final Map<String, Integer> entityIds = new HashMap<>();
        final List<String> entities = new ArrayList<>();
        final Map<String, Integer> relationIds = new LinkedHashMap<>();
        final NameClashes clashes;
        final Map<Integer, String> labels = new HashMap<>();
        long[] triples = new long[1 << 16];
        int size;
        long literalsSkipped;
        long lines;

        Parsed(NameClashes clashes) {
            this.clashes = clashes;
        }

        int entity(String source, String file, long line) {
            Integer id = entityIds.get(source);
            if (id == null) {
                if (entities.size() == MAX_ENTITIES) {
                    throw new BadInputException(file, line, -1, "more than " + MAX_ENTITIES + " entities: too large for one load");
                }
                id = entities.size();
                entityIds.put(source, id);
                entities.add(source);
            }
            return id;
        }

        int relation(String name, String file, long line) {
            Integer id = relationIds.get(name);
            if (id == null) {
                if (relationIds.size() == MAX_RELATIONS) {
                    throw new BadInputException(file, line, -1, "more than " + MAX_RELATIONS + " relations: too many for one load");
                }
                id = relationIds.size();
                relationIds.put(name, id);
                clashes.relation(name, file, line);
            }
            return id;
        }

        void add(int s, int p, int o) {
            if (size == triples.length) {
                if (size == Integer.MAX_VALUE - 8) {
                    throw new LacunaException("more than " + size + " triples in one load");
                }
                triples = Arrays.copyOf(triples, (int) Math.min(Integer.MAX_VALUE - 8L, size * 2L));
            }
            triples[size++] = pack(s, p, o);
        }
    }

    static long pack(int s, int p, int o) {
        return ((long) s << (ENTITY_BITS + RELATION_BITS)) | ((long) p << ENTITY_BITS) | o;
    }

    static int subjectOf(long t) {
        return (int) (t >>> (ENTITY_BITS + RELATION_BITS));
    }

    static int relationOf(long t) {
        return (int) ((t >>> ENTITY_BITS) & (MAX_RELATIONS - 1));
    }

    static int objectOf(long t) {
        return (int) (t & (MAX_ENTITIES - 1));
    }

    private void read(Path file, int fileIndex, TripleFormat format, Parsed parsed) {
        String source = file.toString();
        TripleFiles.read(file, format, (s, r, o, literal, line) -> {
            parsed.lines++;
            parsed.clashes.entity(s, fileIndex, !format.isDelimited(), source, line);
            if (o != null) {
                parsed.clashes.entity(o, fileIndex, !format.isDelimited(), source, line);
            }
            if (literal != null) {
                if (isLabel(r)) {
                    parsed.labels.putIfAbsent(parsed.entity(s, source, line), literal.getLabel());
                } else {
                    parsed.literalsSkipped++;
                }
                return;
            }
            int si = parsed.entity(s, source, line);
            int ri = parsed.relation(r, source, line);
            int oi = parsed.entity(o, source, line);
            parsed.add(si, ri, oi);
        });
    }

    private static boolean isLabel(String predicate) {
        return predicate.equals(RDFS.LABEL.stringValue()) || predicate.equals(SKOS.PREF_LABEL.stringValue());
    }

    private static InputStream open(Path file) throws IOException {
        return TripleFiles.open(file);
    }

    /** {@code id<TAB>label} lines; labels for ids that are not in the KG are counted and ignored. */
    private void readLabels(Path file, Parsed parsed) {
        String source = file.toString();
        long[] unknown = {0};
        try (InputStream in = open(file)) {
            new LabelReader(source).read(in, (id, label, line) -> {
                Integer e = parsed.entityIds.get(id);
                if (e == null) {
                    unknown[0]++;
                } else {
                    parsed.labels.put(e, label);
                }
            });
        } catch (NoSuchFileException e) {
            throw new BadInputException(source, -1, -1, "no such file");
        } catch (IOException e) {
            throw new BadInputException(source, -1, -1, "cannot read file: " + e.getMessage(), e);
        }
        if (unknown[0] > 0) {
            Warnings.warn("{}: {} labels name entities that are not in the KG; ignored", source, unknown[0]);
        }
    }

    /** Sorted array: moves the distinct values to the front and returns how many there are. */
    static int dedupe(long[] sorted) {
        if (sorted.length == 0) {
            return 0;
        }
        int w = 1;
        for (int i = 1; i < sorted.length; i++) {
            if (sorted[i] != sorted[w - 1]) {
                sorted[w++] = sorted[i];
            }
        }
        return w;
    }

    /** A seeded random permutation of 0..n-1 (Fisher-Yates): entity i gets private id perm[i]. */
    static long[] permutation(int n, long seed) {
        long[] perm = new long[n];
        for (int i = 0; i < n; i++) {
            perm[i] = i;
        }
        FisherYates.shuffle(n, Seeds.stream(seed, Seeds.Stage.LOAD_IDS), (i, j) -> {
            long t = perm[i];
            perm[i] = perm[j];
            perm[j] = t;
        });
        return perm;
    }

    private Result write(long[] triples, int distinct, long[] privateIds, Parsed parsed, List<Path> files,
                         Options options, long started) {
        ValueFactory vf = repository.getValueFactory();
        IRI complete = vf.createIRI(kg.complete().stringValue());
        IRI labelsGraph = vf.createIRI(kg.labels().stringValue());
        IRI[] relationIris = new IRI[parsed.relationIds.size()];
        String[] relationNames = parsed.relationIds.keySet().toArray(new String[0]);
        for (int i = 0; i < relationIris.length; i++) {
            relationIris[i] = vf.createIRI(kg.relation(relationNames[i]).stringValue());
        }
        // A plain SPARQL endpoint buffers a whole transaction into one update request; send batches instead.
        boolean oneTransaction = StoreKinds.config(repository).transactional();
        GraphChecksum checksum = new GraphChecksum();
        long total = distinct + 2L * privateIds.length + parsed.labels.size() + 2L * relationIris.length
                + KG_RECORD_STATEMENTS + files.size();
        FreeSpace.require(repository, total, "loading KG '" + kg.name() + "'");
        boolean loaded;
        try (RepositoryConnection conn = repository.getConnection()) {
            loaded = conn.hasStatement(null, null, null, false, complete)
                    || conn.hasStatement(null, null, null, false, labelsGraph);
        }
        // See isolationFor: NONE only where the store's own transaction makes it safe (LMDB), and only for a first
        // load: a replace at NONE on LMDB lost the new triples (CrashSafetyTest), so a replace keeps RDF4J's
        // change set, which clears and adds in one commit.
        IsolationLevel level = loaded ? null : isolation;
        try (RepositoryConnection conn = repository.getConnection();
             Progress progress = Progress.start("load " + kg.name(), total, "statements")) {
            if (oneTransaction) {
                if (level == null) {
                    conn.begin();
                } else {
                    conn.begin(level);
                }
            }
            try {
                boolean exists = conn.hasStatement(null, null, null, false, complete)
                        || conn.hasStatement(null, null, null, false, labelsGraph);
                if (exists && !options.replace()) {
                    throw new BadInputException("KG '" + kg.name() + "' is already loaded in this store; use --replace to load it again");
                }
                if (exists) {
                    conn.clear(complete, kg.incomplete(), labelsGraph, kg.benchmark());
                }
                List<Statement> batch = new ArrayList<>(Math.min(batchSize, 1 << 20));
                IRI[] entities = entityIris(privateIds);
                // The labels graph's vocabulary made by the store's value factory too, so that an embedded store resolves
                // each of them once; each literal is used once, and made by that factory for the same reason.
                IRI type = vf.createIRI(RDF.TYPE.stringValue());
                IRI relationClass = vf.createIRI(LacunaVocab.RELATION_CLASS.stringValue());
                IRI sourceName = vf.createIRI(LacunaVocab.SOURCE_NAME.stringValue());
                IRI sourceId = vf.createIRI(LacunaVocab.SOURCE_ID.stringValue());
                IRI privateId = vf.createIRI(LacunaVocab.PRIVATE_ID.stringValue());
                IRI label = vf.createIRI(RDFS.LABEL.stringValue());
                // Relations and entities are written first, in the order the triples then use them, so that the store
                // numbers their values in that order and complete's triples, sorted by (subject, relation, object)
                // ids, arrive in the order of the store's subject-first index: appends, not random inserts.
                for (int r = 0; r < relationIris.length; r++) {
                    batch.add(VF.createStatement(relationIris[r], type, relationClass, labelsGraph));
                    batch.add(VF.createStatement(relationIris[r], sourceName, vf.createLiteral(relationNames[r]), labelsGraph));
                }
                for (int e = 0; e < privateIds.length; e++) {
                    IRI entity = entities[e];
                    batch.add(VF.createStatement(entity, sourceId, vf.createLiteral(parsed.entities.get(e)), labelsGraph));
                    batch.add(VF.createStatement(entity, privateId, vf.createLiteral(privateIds[e]), labelsGraph));
                    String text = parsed.labels.get(e);
                    if (text != null) {
                        batch.add(VF.createStatement(entity, label, vf.createLiteral(text), labelsGraph));
                    }
                    if (batch.size() >= batchSize) {
                        flush(conn, batch, oneTransaction, progress);
                    }
                }
                for (int i = 0; i < distinct; i++) {
                    long t = triples[i];
                    IRI s = entities[subjectOf(t)];
                    IRI p = relationIris[relationOf(t)];
                    IRI o = entities[objectOf(t)];
                    checksum.add(s.stringValue(), p.stringValue(), o.stringValue());
                    batch.add(VF.createStatement(s, p, o, complete));
                    if (batch.size() == batchSize) {
                        flush(conn, batch, oneTransaction, progress);
                    }
                }
                batch.addAll(kgRecord(labelsGraph, complete, distinct, privateIds.length, relationIris.length,
                        checksum.value(), options.seed(), files));
                flush(conn, batch, oneTransaction, progress);
                if (oneTransaction) {
                    CommitGuard.commit(conn);
                }
            } catch (RuntimeException | Error e) {
                if (oneTransaction && conn.isActive()) {
                    if (level == IsolationLevels.NONE && StoreKinds.config(repository).directWrites()) {
                        // RDF4J's rollback at NONE leaves LMDB's write transaction open for the next commit to
                        // write; closing the store aborts it (LmdbLoadTransactionTest).
                        Warnings.warn("load failed: closing the store to discard its partial write ({})", e.toString());
                        repository.shutDown();
                    } else {
                        conn.rollback();
                    }
                }
                throw e;
            }
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        return new Result(distinct, parsed.size - distinct, privateIds.length, relationIris.length,
                parsed.labels.size(), parsed.literalsSkipped, checksum.value(), seconds);
    }

    /** The statements of {@link #kgRecord} besides one per source file: the progress total counts them up front. */
    private static final int KG_RECORD_STATEMENTS = 11;

    /** The KG's own node in the labels graph: its graphs, counts, the checksum of complete, the seed, its files. */
    private List<Statement> kgRecord(IRI labelsGraph, IRI complete, int triples, int entities, int relations,
                                     String checksum, long seed, List<Path> files) {
        IRI node = kg.kg();
        List<Statement> out = new ArrayList<>(List.of(
                VF.createStatement(node, RDF.TYPE, LacunaVocab.KNOWLEDGE_GRAPH, labelsGraph),
                VF.createStatement(node, RDFS.LABEL, VF.createLiteral(kg.name()), labelsGraph),
                VF.createStatement(node, LacunaVocab.COMPLETE_GRAPH, complete, labelsGraph),
                VF.createStatement(node, LacunaVocab.INCOMPLETE_GRAPH, kg.incomplete(), labelsGraph),
                VF.createStatement(node, LacunaVocab.LABELS_GRAPH, labelsGraph, labelsGraph),
                VF.createStatement(node, LacunaVocab.BENCHMARK_GRAPH, kg.benchmark(), labelsGraph),
                VF.createStatement(node, LacunaVocab.TRIPLE_COUNT, VF.createLiteral((long) triples), labelsGraph),
                VF.createStatement(node, LacunaVocab.ENTITY_COUNT, VF.createLiteral((long) entities), labelsGraph),
                VF.createStatement(node, LacunaVocab.RELATION_COUNT, VF.createLiteral((long) relations), labelsGraph),
                VF.createStatement(node, LacunaVocab.CHECKSUM, VF.createLiteral(checksum), labelsGraph),
                VF.createStatement(node, LacunaVocab.SEED, VF.createLiteral(seed), labelsGraph)));
        if (out.size() != KG_RECORD_STATEMENTS) {
            throw new IllegalStateException("KG_RECORD_STATEMENTS is " + KG_RECORD_STATEMENTS + ", the record has " + out.size());
        }
        for (Path f : files) {
            out.add(VF.createStatement(node, LacunaVocab.SOURCE_FILE, VF.createLiteral(f.getFileName().toString()), labelsGraph));
        }
        return out;
    }

    /**
     * Every entity's IRI made once, by the store's own value factory: an embedded store keeps its internal id in
     * its own value objects, so each entity is looked up in the value store once rather than once per triple.
     */
    private IRI[] entityIris(long[] privateIds) {
        ValueFactory vf = repository.getValueFactory();
        String prefix = kg.entityPrefix();
        IRI[] out = new IRI[privateIds.length];
        for (int e = 0; e < out.length; e++) {
            out[e] = vf.createIRI(prefix + privateIds[e]);
        }
        return out;
    }

    private static void flush(RepositoryConnection conn, List<Statement> batch, boolean inTransaction, Progress progress) {
        if (batch.isEmpty()) {
            return;
        }
        if (!inTransaction) {
            conn.begin();
            conn.add(batch);
            CommitGuard.commit(conn);
        } else {
            conn.add(batch);
        }
        progress.step(batch.size());
        batch.clear();
    }
}
