package dev.lacuna.export;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * One row's graph as RoG sees it: src/utils/graph_utils.py build_graph adds every {@code [h, r, t]} to an undirected
 * networkx {@code Graph} with {@code relation=r.strip()}, keyed by the names as written. A second triple between two
 * names updates the same edge, so the last one written is the relation RoG walks, in either direction.
 */
final class RogGraph {
    /** node -> neighbour -> the relation of their one edge. */
    private final Map<String, Map<String, String>> edges = new HashMap<>();

    RogGraph(Iterable<String[]> namedTriples) {
        for (String[] t : namedTriples) {
            String r = t[1].strip();
            edges.computeIfAbsent(t[0], k -> new LinkedHashMap<>()).put(t[2], r);
            edges.computeIfAbsent(t[2], k -> new LinkedHashMap<>()).put(t[0], r);
        }
    }

    /** Whether the name is a node (has an edge): networkx's {@code h in graph}. */
    boolean contains(String node) {
        return edges.containsKey(node);
    }

    /** The relation RoG sees between two names, or null when they share no edge. */
    String relation(String a, String b) {
        Map<String, String> n = edges.get(a);
        return n == null ? null : n.get(b);
    }

    /**
     * gen_rule_path.py's {@code ground_paths}: the relation sequences of every shortest path (utils.get_truth_paths,
     * {@code nx.all_shortest_paths}) from a question entity to an answer entity, each once. RoG keeps them in a Python
     * set, whose order is arbitrary; they are sorted here so the same input gives the same bytes. A topic that is its
     * own answer gives the empty path, as networkx's one-node path does.
     */
    List<List<String>> groundPaths(List<String> qEntities, List<String> aEntities) {
        Set<List<String>> out = new TreeSet<>(RogGraph::compare);
        for (String h : qEntities) {
            if (!contains(h)) {
                continue;
            }
            Map<String, Integer> depth = depths(h);
            Map<String, Set<List<String>>> memo = new HashMap<>();
            for (String t : aEntities) {
                if (contains(t) && depth.containsKey(t)) {
                    out.addAll(sequences(t, depth, memo));
                }
            }
        }
        return new ArrayList<>(out);
    }

    private Map<String, Integer> depths(String from) {
        Map<String, Integer> depth = new HashMap<>();
        depth.put(from, 0);
        ArrayDeque<String> queue = new ArrayDeque<>(List.of(from));
        while (!queue.isEmpty()) {
            String u = queue.poll();
            for (String v : edges.get(u).keySet()) {
                if (!depth.containsKey(v)) {
                    depth.put(v, depth.get(u) + 1);
                    queue.add(v);
                }
            }
        }
        return depth;
    }

    /** Relation sequences of the shortest paths to {@code node}: over each neighbour one step nearer the source. */
    private Set<List<String>> sequences(String node, Map<String, Integer> depth, Map<String, Set<List<String>>> memo) {
        Set<List<String>> known = memo.get(node);
        if (known != null) {
            return known;
        }
        Set<List<String>> out = new LinkedHashSet<>();
        int d = depth.get(node);
        if (d == 0) {
            out.add(List.of());
        } else {
            for (Map.Entry<String, String> e : edges.get(node).entrySet()) {
                Integer du = depth.get(e.getKey());
                if (du != null && du == d - 1) {
                    for (List<String> s : sequences(e.getKey(), depth, memo)) {
                        List<String> longer = new ArrayList<>(s);
                        longer.add(e.getValue());
                        out.add(List.copyOf(longer));
                    }
                }
            }
        }
        memo.put(node, out);
        return out;
    }

    private static int compare(List<String> a, List<String> b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            int c = a.get(i).compareTo(b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    }
}
