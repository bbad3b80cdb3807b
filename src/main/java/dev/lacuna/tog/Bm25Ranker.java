package dev.lacuna.tog;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * ToG's {@code compute_bm25_similarity}: rank_bm25's BM25Okapi (k1 1.5, b 0.75, epsilon 0.25) over the names split on
 * single spaces, as ToG tokenises them. Freebase relation names have no spaces, so each is one token and a question
 * rarely shares it: then every score is 0 and ToG's even share applies, as it does in ToG.
 *
 * <p>The ranking is rank_bm25's {@code get_top_n}, numpy's {@code argsort(scores)[::-1]}, which is not stable: of
 * equal scores, numpy's introsort decides which come first ({@link NumpyArgsort}).
 */
final class Bm25Ranker implements Ranker {
    private static final double K1 = 1.5;
    private static final double B = 0.75;
    private static final double EPSILON = 0.25;

    @Override
    public Ranked top(String query, List<String> docs, int width) {
        double[] scores = scores(query, docs);
        List<Integer> order = new ArrayList<>();
        for (int i : NumpyArgsort.descending(scores)) {
            order.add(i);
        }
        List<Integer> positions = order.subList(0, Math.min(width, order.size()));
        List<Double> top = new ArrayList<>();
        positions.forEach(i -> top.add(scores[i]));
        return new Ranked(positions, top);
    }

    /** BM25Okapi.get_scores of the query against the corpus {@code docs}. */
    static double[] scores(String query, List<String> docs) {
        int n = docs.size();
        List<Map<String, Integer>> freqs = new ArrayList<>(n);
        int[] lengths = new int[n];
        Map<String, Integer> docsWith = new LinkedHashMap<>();
        long tokens = 0;
        for (int d = 0; d < n; d++) {
            String[] words = docs.get(d).split(" ", -1);
            lengths[d] = words.length;
            tokens += words.length;
            Map<String, Integer> f = new HashMap<>();
            for (String w : words) {
                f.merge(w, 1, Integer::sum);
            }
            freqs.add(f);
            f.keySet().forEach(w -> docsWith.merge(w, 1, Integer::sum));
        }
        double avgdl = (double) tokens / n;
        Map<String, Double> idf = new HashMap<>();
        double idfSum = 0;
        List<String> negative = new ArrayList<>();
        for (Map.Entry<String, Integer> e : docsWith.entrySet()) {
            double v = Math.log(n - e.getValue() + 0.5) - Math.log(e.getValue() + 0.5);
            idf.put(e.getKey(), v);
            idfSum += v;
            if (v < 0) {
                negative.add(e.getKey());
            }
        }
        double eps = EPSILON * idfSum / idf.size();
        negative.forEach(w -> idf.put(w, eps));
        double[] scores = new double[n];
        for (String q : query.split(" ", -1)) {
            double weight = idf.getOrDefault(q, 0.0);
            for (int d = 0; d < n; d++) {
                int tf = freqs.get(d).getOrDefault(q, 0);
                scores[d] += weight * (tf * (K1 + 1) / (tf + K1 * (1 - B + B * lengths[d] / avgdl)));
            }
        }
        return scores;
    }
}
