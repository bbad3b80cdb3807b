package dev.lacuna.export;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

import dev.lacuna.FisherYates;
import dev.lacuna.LacunaException;
import dev.lacuna.Seeds;
import dev.lacuna.folder.CheckedFolder;
import dev.lacuna.store.GraphRole;

/**
 * The benchmark folder's graphs as a compact integer index, built once per export: entities are numbered in
 * private-id order, relations in name order, and each graph is one sorted {@code long[]} of packed
 * (head, relation, tail) numbers, so a triple's position in its graph is its place in the export's order (head
 * id, relation name, tail id). Per-question subgraphs walk an adjacency of triple positions; the RDF views are
 * written subject by subject from the same arrays ({@link RdfStream}).
 *
 * <p>Why an index rather than a store: exports used to copy both graphs into an in-memory RDF4J store and ask
 * it one SPARQL query per breadth-first step, which cost 676 MiB of heap on CoDEx-M. The index holds about
 * 20 bytes per triple and no string beyond the entity table and the relation names (docs/reference/export-formats.md, "Memory").
 */
public final class ExportGraphs {
    /** Private ids of the entities, ascending: entity number i is {@code privateIds[i]}. */
    private final long[] privateIds;
    private final String[] privateNames;
    private final Map<String, Integer> entityNumber;
    /** Relation names, ascending: relation number r is {@code relations[r]}. */
    private final String[] relations;
    /** Relation numbers in the order they first appear in the complete graph's file, then the incomplete one's. */
    private final int[] firstSeen;
    private final Map<GraphRole, long[]> graphs = new LinkedHashMap<>();
    private final int relationBits;
    private final int entityBits;
    private GraphRole adjacencyOf;
    private int[] adjacencyStart;
    private int[] adjacency;

    /** Indexes the given graphs of the folder. */
    public ExportGraphs(CheckedFolder folder, List<GraphRole> graphNames) {
        int n = folder.entities().size();
        long[] ids = new long[n];
        String[] names = new String[n];
        int i = 0;
        for (String id : folder.entities().keySet()) {
            ids[i++] = Long.parseLong(id); // BenchmarkFolder.entities() checked that every private id is a number
        }
        Arrays.sort(ids);
        this.privateIds = ids;
        this.entityNumber = new HashMap<>(n * 2);
        for (String id : folder.entities().keySet()) {
            int k = Arrays.binarySearch(ids, Long.parseLong(id));
            names[k] = id;
            entityNumber.put(id, k);
        }
        this.privateNames = names;
        // The files are read once into parallel int arrays, relations numbered as met; packed and sorted after.
        Map<String, Integer> met = new LinkedHashMap<>();
        Map<GraphRole, int[][]> raw = new LinkedHashMap<>();
        for (GraphRole graph : graphNames) {
            IntTriples t = new IntTriples();
            folder.forEachTriple(graph, f -> t.add(entityNumber.get(f[0]), met.computeIfAbsent(f[1], k -> met.size()),
                    entityNumber.get(f[2])));
            raw.put(graph, t.trimmed());
        }
        this.relations = new TreeSet<>(met.keySet()).toArray(String[]::new);
        int[] rank = new int[met.size()];
        int m = 0;
        for (String r : met.keySet()) {
            rank[m++] = Arrays.binarySearch(relations, r);
        }
        this.firstSeen = rank.clone();
        this.entityBits = Math.max(1, 32 - Integer.numberOfLeadingZeros(n));
        this.relationBits = Math.max(1, 32 - Integer.numberOfLeadingZeros(relations.length));
        if (2 * entityBits + relationBits > 63) {
            throw new LacunaException("export: " + n + " entities and " + relations.length
                    + " relations do not fit the export's 63-bit triple numbers");
        }
        for (Map.Entry<GraphRole, int[][]> g : raw.entrySet()) {
            int[][] t = g.getValue();
            long[] packed = new long[t[0].length];
            for (int k = 0; k < packed.length; k++) {
                packed[k] = pack(t[0][k], rank[t[1][k]], t[2][k]);
            }
            Arrays.sort(packed);
            graphs.put(g.getKey(), distinct(packed));
        }
    }

    private static final class IntTriples {
        int[] h = new int[1024];
        int[] r = new int[1024];
        int[] t = new int[1024];
        int size;

        void add(int head, int relation, int tail) {
            if (size == h.length) {
                h = Arrays.copyOf(h, size * 2);
                r = Arrays.copyOf(r, size * 2);
                t = Arrays.copyOf(t, size * 2);
            }
            h[size] = head;
            r[size] = relation;
            t[size++] = tail;
        }

        int[][] trimmed() {
            return new int[][] {Arrays.copyOf(h, size), Arrays.copyOf(r, size), Arrays.copyOf(t, size)};
        }
    }

    /** A store holds a triple once: so does the index (a graph file never repeats one, but a hand-made one may). */
    private static long[] distinct(long[] sorted) {
        int n = 0;
        for (int k = 0; k < sorted.length; k++) {
            if (n == 0 || sorted[n - 1] != sorted[k]) {
                sorted[n++] = sorted[k];
            }
        }
        return n == sorted.length ? sorted : Arrays.copyOf(sorted, n);
    }

    private long pack(int head, int relation, int tail) {
        return ((long) head << (relationBits + entityBits)) | ((long) relation << entityBits) | tail;
    }

    int head(long triple) {
        return (int) (triple >>> (relationBits + entityBits));
    }

    int relation(long triple) {
        return (int) ((triple >>> entityBits) & ((1L << relationBits) - 1));
    }

    int tail(long triple) {
        return (int) (triple & ((1L << entityBits) - 1));
    }

    /** A graph's triples in the export's order (head id, relation name, tail id). */
    long[] triples(GraphRole graph) {
        long[] g = graphs.get(graph);
        if (g == null) {
            throw new IllegalStateException("graph " + graph + " was not indexed");
        }
        return g;
    }

    int entities() {
        return privateIds.length;
    }

    long privateId(int entity) {
        return privateIds[entity];
    }

    String privateName(int entity) {
        return privateNames[entity];
    }

    String relationName(int relation) {
        return relations[relation];
    }

    int relationCount() {
        return relations.length;
    }

    /** Relation numbers in the order the complete graph's file first names them (the order a store returns them). */
    int[] relationsAsMet() {
        return firstSeen.clone();
    }

    /** A question's subgraph: the triples within {@code hops} of the topic, capped, and how it was cut. */
    public record Subgraph(List<String[]> triples, Set<String> entities, int dropped) {
    }

    /**
     * The triples within {@code hops} steps of the topic (either direction), in private ids, nearer hops first and
     * sorted within a hop. Over {@code maxTriples}, whole nearer hops are kept and the farthest hop that does not
     * fit is sampled with a Random seeded by the seed and the question id: the same input gives the same subgraph.
     */
    public Subgraph subgraph(GraphRole graph, String topic, int hops, int maxTriples, long seed, String questionId) {
        Integer start = entityNumber.get(topic);
        if (start == null) {
            return new Subgraph(List.of(), Set.of(topic), 0);
        }
        long[] g = triples(graph);
        adjacency(graph, g);
        BitSet reached = new BitSet(privateIds.length);
        reached.set(start);
        BitSet seen = new BitSet(g.length);
        int[] kept = new int[16];
        int keptSize = 0;
        int[] frontier = {start};
        int dropped = 0;
        for (int hop = 1; hop <= hops && frontier.length > 0; hop++) {
            int[] layer = new int[16];
            int layerSize = 0;
            for (int entity : frontier) {
                for (int k = adjacencyStart[entity]; k < adjacencyStart[entity + 1]; k++) {
                    int t = adjacency[k];
                    if (!seen.get(t)) {
                        seen.set(t);
                        if (layerSize == layer.length) {
                            layer = Arrays.copyOf(layer, layerSize * 2);
                        }
                        layer[layerSize++] = t;
                    }
                }
            }
            layer = Arrays.copyOf(layer, layerSize);
            Arrays.sort(layer); // positions in the graph: the export's triple order
            if (keptSize + layer.length > maxTriples) {
                int room = maxTriples - keptSize;
                FisherYates.shuffle(layer, new Random(Seeds.of(seed, Seeds.Stage.EXPORT_TRIM, questionId.hashCode())));
                dropped += layer.length - room;
                layer = Arrays.copyOf(layer, room);
                Arrays.sort(layer);
            }
            if (keptSize + layer.length > kept.length) {
                kept = Arrays.copyOf(kept, Math.max(kept.length * 2, keptSize + layer.length));
            }
            int[] next = new int[16];
            int nextSize = 0;
            for (int t : layer) {
                kept[keptSize++] = t;
                for (int e : new int[] {head(g[t]), tail(g[t])}) {
                    if (!reached.get(e)) {
                        reached.set(e);
                        if (nextSize == next.length) {
                            next = Arrays.copyOf(next, nextSize * 2);
                        }
                        next[nextSize++] = e;
                    }
                }
            }
            if (keptSize >= maxTriples) {
                break;
            }
            frontier = Arrays.copyOf(next, nextSize);
        }
        List<String[]> triples = new ArrayList<>(keptSize);
        Set<String> entities = new LinkedHashSet<>();
        entities.add(topic);
        for (int k = 0; k < keptSize; k++) {
            long t = g[kept[k]];
            String h = privateNames[head(t)];
            String o = privateNames[tail(t)];
            triples.add(new String[] {h, relations[relation(t)], o});
            entities.add(h);
            entities.add(o);
        }
        return new Subgraph(triples, entities, dropped);
    }

    /** Per entity, the positions of the triples it is head or tail of (a self-loop once), built once per graph. */
    private void adjacency(GraphRole graph, long[] g) {
        if (graph == adjacencyOf) {
            return;
        }
        int n = privateIds.length;
        int[] startAt = new int[n + 1];
        for (long t : g) {
            startAt[head(t) + 1]++;
            if (tail(t) != head(t)) {
                startAt[tail(t) + 1]++;
            }
        }
        for (int e = 0; e < n; e++) {
            startAt[e + 1] += startAt[e];
        }
        int[] fill = Arrays.copyOf(startAt, n);
        int[] items = new int[startAt[n]];
        for (int k = 0; k < g.length; k++) {
            items[fill[head(g[k])]++] = k;
            if (tail(g[k]) != head(g[k])) {
                items[fill[tail(g[k])]++] = k;
            }
        }
        adjacencyOf = graph;
        adjacencyStart = startAt;
        adjacency = items;
    }
}
