package dev.lacuna.mining;

/**
 * AMIE3's mining options, with the paper's thresholds as defaults (section 3.1): head coverage 0.1, standard
 * confidence 0.3 (AMIE3's {@code -enstd} on), PCA confidence 0.4, at most 3 atoms. {@code minInitialSupport}
 * is AMIE3's {@code -minis}: only relations with at least that many facts become head relations.
 * {@code maxRelationOccurrences} is AMIE3's recursivity limit (a relation at most 3 times in a rule, head included).
 * {@code constants} is AMIE3's {@code -const}: rules may also have instantiated atoms (see {@link ConstantLanguage}).
 * {@code relations} is AMIE3's {@code -htr}/{@code -hexr}/{@code -btr}/{@code -bexr} with Lacuna's default for the
 * RDF/OWL vocabulary ({@link RelationChoice}).
 */
public record MinerOptions(double minHeadCoverage, double minStdConfidence, double minPcaConfidence, int maxAtoms,
        int minInitialSupport, int maxRelationOccurrences, int threads, boolean constants, RelationChoice relations) {

    /** Options with the default relation choice. */
    public MinerOptions(double minHeadCoverage, double minStdConfidence, double minPcaConfidence, int maxAtoms,
            int minInitialSupport, int maxRelationOccurrences, int threads, boolean constants) {
        this(minHeadCoverage, minStdConfidence, minPcaConfidence, maxAtoms, minInitialSupport, maxRelationOccurrences,
                threads, constants, RelationChoice.DEFAULT);
    }

    /** Options without constants (AMIE3's default). */
    public MinerOptions(double minHeadCoverage, double minStdConfidence, double minPcaConfidence, int maxAtoms,
            int minInitialSupport, int maxRelationOccurrences, int threads) {
        this(minHeadCoverage, minStdConfidence, minPcaConfidence, maxAtoms, minInitialSupport, maxRelationOccurrences,
                threads, false);
    }

    public static final double DEFAULT_MIN_HC = 0.1;
    public static final double DEFAULT_MIN_STD = 0.3;
    public static final double DEFAULT_MIN_PCA = 0.4;
    public static final int DEFAULT_MAX_ATOMS = 3;
    public static final int DEFAULT_MIN_INITIAL_SUPPORT = 100;
    public static final int DEFAULT_MAX_RELATION_OCCURRENCES = 3;

    public MinerOptions {
        check("minimum head coverage", minHeadCoverage);
        check("minimum standard confidence", minStdConfidence);
        check("minimum PCA confidence", minPcaConfidence);
        if (maxAtoms < 2) {
            throw new IllegalArgumentException("maximum rule length must be at least 2 atoms, got " + maxAtoms);
        }
        if (maxAtoms > 6) {
            throw new IllegalArgumentException("maximum rule length above 6 atoms is not supported, got " + maxAtoms);
        }
        if (minInitialSupport < 0) {
            throw new IllegalArgumentException("minimum initial support must be >= 0, got " + minInitialSupport);
        }
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1, got " + threads);
        }
        if (relations == null) {
            relations = RelationChoice.DEFAULT;
        }
    }

    private static void check(String what, double v) {
        if (!(v >= 0.0 && v <= 1.0)) {
            throw new IllegalArgumentException(what + " must lie in [0, 1], got " + v);
        }
    }

    public static MinerOptions defaults() {
        return new MinerOptions(DEFAULT_MIN_HC, DEFAULT_MIN_STD, DEFAULT_MIN_PCA, DEFAULT_MAX_ATOMS,
                DEFAULT_MIN_INITIAL_SUPPORT, DEFAULT_MAX_RELATION_OCCURRENCES, Runtime.getRuntime().availableProcessors());
    }

    public MinerOptions withMaxAtoms(int k) {
        return new MinerOptions(minHeadCoverage, minStdConfidence, minPcaConfidence, k, minInitialSupport,
                maxRelationOccurrences, threads, constants, relations);
    }

    public MinerOptions withThreads(int n) {
        return new MinerOptions(minHeadCoverage, minStdConfidence, minPcaConfidence, maxAtoms, minInitialSupport,
                maxRelationOccurrences, n, constants, relations);
    }

    /** The same options with AMIE3's {@code -const} on or off. */
    public MinerOptions withConstants(boolean on) {
        return new MinerOptions(minHeadCoverage, minStdConfidence, minPcaConfidence, maxAtoms, minInitialSupport,
                maxRelationOccurrences, threads, on, relations);
    }

    /** The same options with another choice of head and body relations. */
    public MinerOptions withRelations(RelationChoice choice) {
        return new MinerOptions(minHeadCoverage, minStdConfidence, minPcaConfidence, maxAtoms, minInitialSupport,
                maxRelationOccurrences, threads, constants, choice);
    }
}
