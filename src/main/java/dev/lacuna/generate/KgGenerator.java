package dev.lacuna.generate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;

import dev.lacuna.FisherYates;
import dev.lacuna.Seeds;
import dev.lacuna.rules.Atom;
import dev.lacuna.rules.Rule;

/**
 * A seeded synthetic KG with a Wikidata5m-like shape, produced relation by relation so that memory stays at the
 * size of the largest relation. Entities belong to types of skewed sizes; each relation links a domain type to a
 * range type; within a type, entity popularity follows a power law (a few hubs, a long tail), and relation sizes
 * follow a power law too. Planted rules, each on its own relations:
 * <ul>
 * <li>symmetry {@code s(a,b) <= s(b,a)}: each base fact is mirrored with probability c/(2-c), which makes the
 *     rule's standard confidence c;</li>
 * <li>inversion {@code q(a,b) <= p(b,a)} and hierarchy {@code q(a,b) <= p(a,b)}: each fact of p gives q's fact
 *     with probability c; q also gets random facts (a fifth of the derived ones) that no rule explains;</li>
 * <li>composition {@code t(a,b) <= p(a,c), q(c,b)}: q is functional (one random value per object of p), each
 *     fact p(x,y) gives t(x, q(y)) with probability c.</li>
 * </ul>
 * Same shape (seed included) gives the same triples in the same order.
 */
public final class KgGenerator {
    /** Relations used by one planted rule of each kind: 1 + 2 + 2 + 3. */
    public static final int RELATIONS_PER_PLANTED_SET = 8;
    private static final double ENTITY_SKEW = 0.9;
    private static final double RELATION_SKEW = 1.0;
    private static final double TYPE_SKEW = 0.7;
    private static final double NOISE = 0.2;

    /** Receives the triples as ids; names come from {@link #entityName} and {@link #relationName}. */
    public interface Sink {
        void triple(int subject, int relation, int object);
    }

    public enum Kind { SYMMETRY, INVERSION, HIERARCHY, COMPOSITION }

    /** A planted rule and the standard confidence it was planted at. */
    public record PlantedRule(Kind kind, Rule rule, double confidence) {
    }

    /** What was written. */
    public record Summary(long triples, int entitiesUsed, int relations) {
    }

    private final KgShape shape;
    private final int[] typeStart;
    private final int[] domain;
    private final int[] range;
    private final double[] weight;
    private final List<PlantedRule> planted = new ArrayList<>();
    private final double[] confidence;

    public KgGenerator(KgShape shape) {
        this.shape = shape;
        SplittableRandom random = Seeds.stream(shape.seed(), Seeds.Stage.GENERATOR_SHAPE);
        int nt = shape.types();
        typeStart = new int[nt + 1];
        double[] typeWeight = powerLaw(nt, TYPE_SKEW);
        int left = shape.entities() - 2 * nt; // two entities per type at least
        for (int t = 0; t < nt; t++) {
            int size = 2 + (t == nt - 1 ? left : (int) Math.floor(left * typeWeight[t]));
            left -= size - 2;
            typeStart[t + 1] = typeStart[t] + size;
        }
        int nr = shape.relations();
        domain = new int[nr];
        range = new int[nr];
        for (int r = 0; r < nr; r++) {
            domain[r] = sampleIndex(random, typeWeight);
            range[r] = sampleIndex(random, typeWeight);
        }
        // relation sizes: a power law over a seeded order of the relations
        double[] byRank = powerLaw(nr, RELATION_SKEW);
        int[] order = FisherYates.permutation(nr, random);
        weight = new double[nr];
        for (int r = 0; r < nr; r++) {
            weight[r] = byRank[order[r]];
        }
        int k = shape.plantedPerKind();
        confidence = new double[4 * k];
        for (int i = 0; i < 4 * k; i++) {
            confidence[i] = 0.5 + 0.05 * random.nextInt(10); // 0.50 .. 0.95
        }
        for (int i = 0; i < k; i++) {
            int base = RELATIONS_PER_PLANTED_SET * i;
            // symmetry on relation base: domain = range
            range[base] = domain[base];
            // inversion base+1 -> base+2; hierarchy base+3 -> base+4; composition base+5, base+6 -> base+7
            domain[base + 2] = range[base + 1];
            range[base + 2] = domain[base + 1];
            domain[base + 4] = domain[base + 3];
            range[base + 4] = range[base + 3];
            domain[base + 6] = range[base + 5];
            domain[base + 7] = domain[base + 5];
            range[base + 7] = range[base + 6];
            planted.add(new PlantedRule(Kind.SYMMETRY, rule(base, 0, 1, new Atom(1, relationName(base), 0)),
                    confidence[4 * i]));
            planted.add(new PlantedRule(Kind.INVERSION, rule(base + 2, 0, 1, new Atom(1, relationName(base + 1), 0)),
                    confidence[4 * i + 1]));
            planted.add(new PlantedRule(Kind.HIERARCHY, rule(base + 4, 0, 1, new Atom(0, relationName(base + 3), 1)),
                    confidence[4 * i + 2]));
            planted.add(new PlantedRule(Kind.COMPOSITION, rule(base + 7, 0, 1, new Atom(0, relationName(base + 5), 2),
                    new Atom(2, relationName(base + 6), 1)), confidence[4 * i + 3]));
        }
    }

    private static Rule rule(int head, int s, int o, Atom... body) {
        return Rule.of(List.of(body), new Atom(s, relationName(head), o));
    }

    public static String entityName(int e) {
        return "Q" + e;
    }

    public static String relationName(int r) {
        return "P" + r;
    }

    public List<PlantedRule> planted() {
        return List.copyOf(planted);
    }

    /** Streams every triple to {@code sink}; exactly {@link KgShape#triples()} unless the types are too small. */
    public Summary generate(Sink sink) {
        SplittableRandom random = Seeds.stream(shape.seed(), Seeds.Stage.GENERATOR_TRIPLES);
        int nr = shape.relations();
        double total = 0;
        for (double w : weight) {
            total += w;
        }
        BitSet used = new BitSet(shape.entities());
        long written = 0;
        int plantedRelations = RELATIONS_PER_PLANTED_SET * shape.plantedPerKind();
        for (int i = 0; i < shape.plantedPerKind(); i++) {
            int b = RELATIONS_PER_PLANTED_SET * i;
            long[] sym = base(random, b, target(b, total));
            written += emit(sink, b, union(sym, derive(random, sym, symmetryRate(confidence[4 * i]), true)), used);
            long[] p = base(random, b + 1, target(b + 1, total));
            written += emit(sink, b + 1, p, used);
            written += emit(sink, b + 2, withNoise(random, b + 2, derive(random, p, confidence[4 * i + 1], true)), used);
            p = base(random, b + 3, target(b + 3, total));
            written += emit(sink, b + 3, p, used);
            written += emit(sink, b + 4, withNoise(random, b + 4, derive(random, p, confidence[4 * i + 2], false)), used);
            p = base(random, b + 5, target(b + 5, total));
            written += emit(sink, b + 5, p, used);
            long[] q = functional(b + 6, p);
            written += emit(sink, b + 6, q, used);
            written += emit(sink, b + 7, compose(random, p, q, confidence[4 * i + 3]), used);
        }
        // the other relations share what is left of the budget by weight; the last one takes the remainder
        double fillerWeight = 0;
        for (int r = plantedRelations; r < nr; r++) {
            fillerWeight += weight[r];
        }
        long left = Math.max(0, shape.triples() - written);
        for (int r = plantedRelations; r < nr; r++) {
            long size = r == nr - 1 ? left : Math.round(left * weight[r] / fillerWeight);
            fillerWeight -= weight[r];
            long[] facts = base(random, r, (int) Math.min(size, Integer.MAX_VALUE - 8));
            written += emit(sink, r, facts, used);
            left = Math.max(0, left - facts.length);
        }
        return new Summary(written, used.cardinality(), nr);
    }

    private int target(int r, double total) {
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE - 8, Math.round(shape.triples() * weight[r] / total)));
    }

    /** c = 2p/(1+p) for a mirror rate p (a mirrored pair supports both its facts). */
    private static double symmetryRate(double c) {
        return c / (2 - c);
    }

    /** {@code size} distinct facts (x, y), x in the domain and y in the range of r, no loops; sorted. */
    private long[] base(SplittableRandom random, int r, int size) {
        long capacity = (long) typeSize(domain[r]) * typeSize(range[r]) - (domain[r] == range[r] ? typeSize(domain[r]) : 0);
        size = (int) Math.min(size, capacity / 2); // power-law draws cannot fill a relation
        long[] facts = new long[0];
        for (int round = 0; round < 30 && facts.length < size; round++) {
            int need = size - facts.length;
            long[] more = new long[need];
            int n = 0;
            for (int i = 0; i < need; i++) {
                int x = entity(random, domain[r]);
                int y = entity(random, range[r]);
                if (x != y) {
                    more[n++] = pack(x, y);
                }
            }
            facts = union(facts, Arrays.copyOf(more, n));
        }
        return facts.length > size ? Arrays.copyOf(facts, size) : facts;
    }

    /** Each fact kept (inverted if {@code invert}) with probability c; sorted, distinct. */
    private static long[] derive(SplittableRandom random, long[] facts, double c, boolean invert) {
        long[] out = new long[facts.length];
        int n = 0;
        for (long f : facts) {
            if (random.nextDouble() < c) {
                out[n++] = invert ? pack(low(f), high(f)) : f;
            }
        }
        return union(new long[0], Arrays.copyOf(out, n));
    }

    private long[] withNoise(SplittableRandom random, int r, long[] derived) {
        return union(derived, base(random, r, (int) Math.round(derived.length * NOISE)));
    }

    /** One value in the range of r for each distinct object of {@code p}, drawn uniformly from the object's hash. */
    private long[] functional(int r, long[] p) {
        int[] objects = new int[p.length];
        for (int i = 0; i < p.length; i++) {
            objects[i] = low(p[i]);
        }
        long[] out = new long[p.length];
        int n = 0;
        for (int y : Arrays.stream(objects).sorted().distinct().toArray()) {
            out[n++] = pack(y, valueOf(r, y));
        }
        return union(new long[0], Arrays.copyOf(out, n));
    }

    private int valueOf(int r, int y) {
        SplittableRandom h = new SplittableRandom(Seeds.of(shape.seed(), Seeds.Stage.GENERATOR_VALUES, r, y));
        return typeStart[range[r]] + h.nextInt(typeSize(range[r]));
    }

    private long[] compose(SplittableRandom random, long[] p, long[] q, double c) {
        long[] out = new long[p.length];
        int n = 0;
        for (long f : p) {
            int z = lookup(q, low(f));
            if (z != high(f) && random.nextDouble() < c) {
                out[n++] = pack(high(f), z);
            }
        }
        return union(new long[0], Arrays.copyOf(out, n));
    }

    /** The object of the functional relation's (sorted) facts for subject y. */
    private static int lookup(long[] functional, int y) {
        int i = Arrays.binarySearch(functional, pack(y, 0));
        i = i < 0 ? -i - 1 : i;
        return low(functional[i]);
    }

    private static long emit(Sink sink, int r, long[] facts, BitSet used) {
        for (long f : facts) {
            sink.triple(high(f), r, low(f));
            used.set(high(f));
            used.set(low(f));
        }
        return facts.length;
    }

    private int typeSize(int t) {
        return typeStart[t + 1] - typeStart[t];
    }

    /**
     * An entity of type t: half the draws by a power law on its rank in the type (rank 0 is the biggest hub), half
     * uniform, so that there are hubs and yet almost every entity has a fact, as in Wikidata5m.
     */
    private int entity(SplittableRandom random, int t) {
        int n = typeSize(t);
        if (random.nextBoolean()) {
            return typeStart[t] + random.nextInt(n);
        }
        double s = ENTITY_SKEW;
        double x = Math.pow((Math.pow(n + 1, 1 - s) - 1) * random.nextDouble() + 1, 1 / (1 - s));
        return typeStart[t] + Math.min(n - 1, (int) x - 1);
    }

    /** Weights 1/(i+1)^s, normalised. */
    private static double[] powerLaw(int n, double s) {
        double[] w = new double[n];
        double sum = 0;
        for (int i = 0; i < n; i++) {
            w[i] = 1 / Math.pow(i + 1, s);
            sum += w[i];
        }
        for (int i = 0; i < n; i++) {
            w[i] /= sum;
        }
        return w;
    }

    private static int sampleIndex(SplittableRandom random, double[] weights) {
        double u = random.nextDouble();
        for (int i = 0; i < weights.length; i++) {
            u -= weights[i];
            if (u < 0) {
                return i;
            }
        }
        return weights.length - 1;
    }


    /** The sorted distinct union of a sorted distinct array and any array. */
    private static long[] union(long[] sortedDistinct, long[] more) {
        long[] all = Arrays.copyOf(sortedDistinct, sortedDistinct.length + more.length);
        System.arraycopy(more, 0, all, sortedDistinct.length, more.length);
        Arrays.sort(all);
        int m = 0;
        for (int i = 0; i < all.length; i++) {
            if (m == 0 || all[m - 1] != all[i]) {
                all[m++] = all[i];
            }
        }
        return Arrays.copyOf(all, m);
    }

    private static long pack(int high, int low) {
        return ((long) high << 32) | (low & 0xffffffffL);
    }

    private static int high(long v) {
        return (int) (v >>> 32);
    }

    private static int low(long v) {
        return (int) v;
    }
}
