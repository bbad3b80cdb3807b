package dev.lacuna.tog;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.ProxySelector;
import java.net.SocketAddress;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.langchain4j.model.embedding.EmbeddingModel;

/**
 * Run in a fresh JVM by {@link EmbeddingModelOfflineTest}: cuts the network (every connection, HTTP or plain socket,
 * is asked of the default proxy selector, which records it and sends it to a closed port), then loads the sentence
 * model and embeds three texts. Prints the connections attempted and the model's answers.
 */
public final class OfflineModelCheck {
    private OfflineModelCheck() {
    }

    public static void main(String[] args) {
        List<URI> attempts = new CopyOnWriteArrayList<>();
        ProxySelector.setDefault(new ProxySelector() {
            @Override
            public List<Proxy> select(URI uri) {
                attempts.add(uri);
                return List.of(new Proxy(uri.getScheme().startsWith("http") ? Proxy.Type.HTTP : Proxy.Type.SOCKS,
                        new InetSocketAddress("127.0.0.1", 1)));
            }

            @Override
            public void connectFailed(URI uri, SocketAddress sa, IOException ioe) {
            }
        });
        EmbeddingModel model = EmbeddingRanker.miniLm();
        EmbeddingRanker ranker = new EmbeddingRanker(model);
        float[] spouse = ranker.vector("Who is the wife of Bob?");
        double norm = Math.sqrt(EmbeddingRanker.dot(spouse, spouse));
        double near = EmbeddingRanker.dot(spouse, ranker.vector("people.person.spouse"));
        double far = EmbeddingRanker.dot(spouse, ranker.vector("film.film.release_date"));
        System.out.println("attempts=" + attempts.size() + " " + attempts);
        System.out.printf(java.util.Locale.ROOT, "dimension=%d norm=%.4f near=%.4f far=%.4f%n", spouse.length, norm,
                near, far);
    }
}
