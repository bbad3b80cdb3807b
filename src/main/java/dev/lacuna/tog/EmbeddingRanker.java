package dev.lacuna.tog;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;

/**
 * ToG's {@code retrieve_top_docs}: the dot product of the question's and each name's sentence embedding, best first
 * (Python's stable sort: of equal scores the earlier name first). ToG loads msmarco-distilbert-base-tas-b from a hub;
 * this ranker uses all-MiniLM-L6-v2 (quantised), which LangChain4j ships with its ONNX runtime inside the jar, so it
 * runs with no network. Its vectors have unit length, so the dot product is the cosine.
 *
 * <p>Each text is embedded once per run and kept: the same relation and entity names recur across questions. Each
 * text is encoded on its own (no padding shared with others), so its vector does not depend on what else is asked.
 */
final class EmbeddingRanker implements Ranker {
    private final EmbeddingModel model;
    private final Map<String, float[]> cache = new ConcurrentHashMap<>();

    EmbeddingRanker(EmbeddingModel model) {
        this.model = model;
    }

    /** The model inside the jar; loading it reads only the classpath. */
    static EmbeddingModel miniLm() {
        return new AllMiniLmL6V2QuantizedEmbeddingModel();
    }

    @Override
    public Ranked top(String query, List<String> docs, int width) {
        float[] q = vector(query);
        double[] scores = new double[docs.size()];
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < docs.size(); i++) {
            scores[i] = dot(q, vector(docs.get(i)));
            order.add(i);
        }
        order.sort(Comparator.comparingDouble((Integer i) -> scores[i]).reversed());
        List<Integer> positions = order.subList(0, Math.min(width, order.size()));
        List<Double> top = new ArrayList<>();
        positions.forEach(i -> top.add(scores[i]));
        return new Ranked(positions, top);
    }

    float[] vector(String text) {
        // The model refuses blank text; a blank name then scores 0 against everything.
        return cache.computeIfAbsent(text, t -> t.isBlank() ? new float[0]
                : model.embed(TextSegment.from(t)).content().vector());
    }

    static double dot(float[] a, float[] b) {
        double s = 0;
        for (int i = 0; i < Math.min(a.length, b.length); i++) {
            s += (double) a[i] * b[i];
        }
        return s;
    }
}
