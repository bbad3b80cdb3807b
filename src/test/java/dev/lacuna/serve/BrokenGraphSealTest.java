package dev.lacuna.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.sail.SailRepository;
import org.eclipse.rdf4j.sail.nativerdf.NativeStore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.lacuna.BadInputException;
import dev.lacuna.store.GraphRole;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.LacunaVocab;

/**
 * The seal holds for the broken graphs: an endpoint started with {@code --expose replaced} or {@code --expose noisy}
 * answers every path, query and graph device with that graph's triples alone; no answer names another graph, a
 * removed triple, a question, a trap as such or the triples noise removed; and neither can be served beside another.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BrokenGraphSealTest {
    private static final KgGraphs KG = ServeFixture.KG;
    private static final ValueFactory VF = SimpleValueFactory.getInstance();
    private static final IRI QUESTION = VF.createIRI(KG.prefix() + "question/q1");
    private static final String[] PATHS = {"", "index.html", "sparql", "sparql/", "sparql/replaced", "sparql/noisy",
        "sparql/incomplete", "sparql/complete", "sparql/labels", "sparql/benchmark", "sparql/all",
        "sparql/x/../incomplete", "sparql;/complete", "sparql/replaced/../noisy"};

    private Repository store;
    private final HttpClient http = HttpClient.newHttpClient();
    private final Set<String> replaced = new TreeSet<>();
    private final Set<String> noisy = new TreeSet<>();
    /** A trap: a wrong fact only the replaced graph states. */
    private Statement trap;
    /** A triple of incomplete the noisy graph left out. */
    private Statement noise;

    @BeforeAll
    void start(@TempDir Path dir) {
        store = new SailRepository(new NativeStore(dir.resolve("store").toFile()));
        store.init();
        ServeFixture.load(store);
        List<Statement> incomplete = new ArrayList<>(ServeFixture.complete());
        incomplete.removeAll(ServeFixture.removed());
        trap = VF.createStatement(ServeFixture.entity(4), KG.relation(ServeFixture.SPOUSE), ServeFixture.entity(5));
        noise = incomplete.get(0);
        try (RepositoryConnection c = store.getConnection()) {
            c.begin();
            for (Statement st : incomplete) {
                c.add(st, KG.replaced());
                if (!st.equals(noise)) {
                    c.add(st, KG.noisy());
                }
            }
            c.add(trap, KG.replaced());
            c.add(QUESTION, LacunaVocab.TRAP, trap.getObject(), KG.benchmark());
            c.add(QUESTION, LacunaVocab.NOISE_LOST, noise.getObject(), KG.benchmark());
            c.commit();
        }
        replaced.addAll(ServeFixture.lines(incomplete));
        replaced.add(trap.getSubject() + " " + trap.getPredicate() + " " + trap.getObject());
        noisy.addAll(ServeFixture.lines(incomplete));
        noisy.remove(noise.getSubject() + " " + noise.getPredicate() + " " + noise.getObject());
    }

    @AfterAll
    void stop() {
        store.shutDown();
    }

    private List<String> leakQueries() {
        List<String> q = ServeFixture.leakQueries(List.of(KG.complete(), KG.incomplete(), KG.labels(), KG.benchmark(),
                KG.replaced(), KG.noisy()), QUESTION);
        q.add("SELECT ?q ?t WHERE { ?q <" + LacunaVocab.TRAP + "> ?t }");
        return q;
    }

    @ParameterizedTest
    @ValueSource(strings = {"replaced", "noisy"})
    void everyPathSeesOnlyTheExposedBrokenGraph(String word) throws Exception {
        GraphRole role = GraphRole.parse(word);
        Set<String> served = role == GraphRole.REPLACED ? replaced : noisy;
        GraphRole other = role == GraphRole.REPLACED ? GraphRole.NOISY : GraphRole.REPLACED;
        LacunaEndpoint endpoint = LacunaEndpoint.builder().repository(store).kg(KG).port(0)
                .expose(Exposure.parse(word)).build().start();
        try {
            List<String> secrets = new ArrayList<>(List.of(KG.complete().stringValue(), KG.incomplete().stringValue(),
                    KG.labels().stringValue(), KG.benchmark().stringValue(), KG.graph(other).stringValue(),
                    QUESTION.stringValue(), "hardAnswer", LacunaVocab.TRAP.stringValue(), "noiseLost", "Alice Smith",
                    "/m/0alice", "sparql/" + other.label(), "sparql/incomplete", "sparql/complete"));
            int answered = 0;
            for (String path : PATHS) {
                for (String query : leakQueries()) {
                    HttpResponse<String> r = send(HttpRequest.newBuilder(URI.create(endpoint.url() + path + "?query="
                            + URLEncoder.encode(query, StandardCharsets.UTF_8)))
                            .header("Accept", "application/sparql-results+json, application/n-triples"));
                    String where = word + ": " + path + " " + query;
                    for (String secret : secrets) {
                        assertFalse(r.body().contains(secret), where + " answered " + r.statusCode() + " naming "
                                + secret + ": " + r.body());
                    }
                    if (r.statusCode() == 200 && path.startsWith("sparql")) {
                        answered++;
                        for (String line : ServeFixture.triples(r)) {
                            assertTrue(served.contains(line) || line.equals("graph " + KG.graph(role)),
                                    where + " leaked " + line);
                        }
                    }
                }
            }
            assertTrue(answered > 20, "only " + answered + " answers: the served paths must answer");
            HttpResponse<String> all = send(HttpRequest.newBuilder(URI.create(endpoint.url() + "sparql?query="
                    + URLEncoder.encode("SELECT ?s ?p ?o WHERE { ?s ?p ?o }", StandardCharsets.UTF_8)))
                    .header("Accept", "application/sparql-results+json"));
            assertEquals(served, new TreeSet<>(ServeFixture.triples(all)), "the served path answers with the whole graph");
        } finally {
            endpoint.stop();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"replaced,incomplete", "complete,noisy", "replaced,noisy", "all,replaced"})
    void aBrokenGraphIsServedAlone(String words) {
        assertThrows(BadInputException.class, () -> Exposure.parse(words));
    }

    private HttpResponse<String> send(HttpRequest.Builder b) throws Exception {
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }
}
