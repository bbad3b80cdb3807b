package dev.lacuna.tog;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.model.vocabulary.RDFS;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.sail.SailRepository;
import org.eclipse.rdf4j.sail.memory.MemoryStore;

import dev.lacuna.eval.BenchmarkFixture;
import dev.lacuna.questions.Question;
import dev.lacuna.serve.Exposure;
import dev.lacuna.serve.LacunaEndpoint;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.LacunaVocab;
import dev.lacuna.view.LabelMode;
import dev.lacuna.view.Shape;

/**
 * A tiny KG served by {@code lacuna serve}'s endpoint, and a benchmark folder of two questions about it.
 * <pre>
 * 0 Alice Smith: spouse 1, place_of_birth 3 Paris, employer 4 Acme Corp, children 2 Carol Smith,
 *                nationality 8 France and 9 Spain
 * 1 Bob Smith:   spouse 0, children 2
 * 5 Dave Jones:  place_of_birth 6 London, employer 4, spouse 7 Erin Jones;  7: spouse 5
 * deleted from incomplete: 0 spouse 1 (q1's hard answer) and 5 place_of_birth 6 (q2's hard answer)
 * q1 "Who is the spouse of 0?" -> {1};   q2 "Where was 5 born?" -> {6}
 * </pre>
 * Both topic entities have several relations, so each question's relation must win ToG's relation pruning.
 */
final class TogFixture {
    static final KgGraphs KG = KgGraphs.of("tiny");
    static final String[] NAMES = {"Alice Smith", "Bob Smith", "Carol Smith", "Paris", "Acme Corp", "Dave Jones",
        "London", "Erin Jones", "France", "Spain"};
    static final String SPOUSE = "/people/person/spouse";
    static final String BIRTH = "/people/person/place_of_birth";
    static final String EMPLOYER = "/people/person/employer";
    static final String CHILDREN = "/people/person/children";
    static final String NATIONALITY = "/people/person/nationality";
    static final Object[][] COMPLETE = {
        {0, SPOUSE, 1}, {1, SPOUSE, 0}, {0, BIRTH, 3}, {0, EMPLOYER, 4}, {0, CHILDREN, 2}, {1, CHILDREN, 2},
        {5, BIRTH, 6}, {5, EMPLOYER, 4}, {5, SPOUSE, 7}, {7, SPOUSE, 5}, {0, NATIONALITY, 8}, {0, NATIONALITY, 9},
    };
    /** Indexes into COMPLETE of the triples deleted from incomplete. */
    static final int[] DELETED = {0, 6};
    private static final ValueFactory VF = SimpleValueFactory.getInstance();

    private TogFixture() {
    }

    static Repository store() {
        return store(COMPLETE, DELETED, NAMES);
    }

    /** A store of the KG {@code complete} (entity i named {@code names[i]}), incomplete without {@code deleted}. */
    static Repository store(Object[][] complete, int[] deleted, String[] names) {
        Repository repo = new SailRepository(new MemoryStore());
        repo.init();
        try (RepositoryConnection c = repo.getConnection()) {
            c.begin();
            for (int i = 0; i < complete.length; i++) {
                Object[] t = complete[i];
                var s = KG.entity((Integer) t[0]);
                var p = KG.relation((String) t[1]);
                var o = KG.entity((Integer) t[2]);
                c.add(s, p, o, KG.complete());
                if (!contains(deleted, i)) {
                    c.add(s, p, o, KG.incomplete());
                }
            }
            for (int i = 0; i < names.length; i++) {
                c.add(KG.entity(i), LacunaVocab.PRIVATE_ID, VF.createLiteral((long) i), KG.labels());
                c.add(KG.entity(i), LacunaVocab.SOURCE_ID, VF.createLiteral("/m/e" + i), KG.labels());
                c.add(KG.entity(i), RDFS.LABEL, VF.createLiteral(names[i]), KG.labels());
            }
            c.commit();
        }
        return repo;
    }

    private static boolean contains(int[] indexes, int index) {
        for (int d : indexes) {
            if (d == index) {
                return true;
            }
        }
        return false;
    }

    /** The deleted triples as the Freebase shape names them: [m.H, dotted relation, m.T]. */
    static List<List<String>> deletedFreebase() {
        List<List<String>> out = new ArrayList<>();
        for (int d : DELETED) {
            Object[] t = COMPLETE[d];
            out.add(List.of("m." + t[0], dev.lacuna.view.KgView.dottedName((String) t[1]), "m." + t[2]));
        }
        return out;
    }

    /** complete and incomplete at {@code url()}sparql/complete and .../incomplete, as serve --shape S --labels text. */
    static LacunaEndpoint serve(Repository store, Shape shape) {
        return LacunaEndpoint.builder().repository(store).kg(KG).port(0).labels(LabelMode.TEXT).shape(shape)
                .expose(Exposure.parse("complete,incomplete")).accessLog(false).build().start();
    }

    static Path benchmark(Path dir) {
        return benchmark(dir, NAMES, List.of(
                question("q1", "Who is the spouse of 0?", "0", "spouse", List.of("1"), "1"),
                question("q2", "Where was 5 born?", "5", "place_of_birth", List.of("6"), "6")));
    }

    /** A benchmark folder whose test split is {@code questions}, entity i named {@code names[i]}. */
    static Path benchmark(Path dir, String[] names, List<Question> questions) {
        BenchmarkFixture.writeQuestions(dir, "test", questions);
        StringBuilder entities = new StringBuilder("private_id\tsource_id\tlabel\n");
        for (int i = 0; i < names.length; i++) {
            entities.append(i).append("\t/m/e").append(i).append('\t').append(names[i]).append('\n');
        }
        BenchmarkFixture.writeString(dir.resolve("entities.tsv"), entities.toString());
        BenchmarkFixture.writeString(dir.resolve("summary.json"),
                "{\"format\": 1, \"kg\": \"tiny\", \"base\": \"" + KgGraphs.DEFAULT_BASE + "\"}\n");
        return dir;
    }

    /** A question about {@code relation} of {@code topic} (its head), hard answer {@code hard}. */
    static Question question(String id, String text, String topic, String relation, List<String> answers,
                                     String hard) {
        return new Question(id, text, topic, relation, "head", answers, hard, "?b " + relation + " ?a => ?a "
                + relation + " ?b", "symmetry", new Question.Grounding(List.of(List.of(hard, relation, topic)),
                List.of(topic, relation, hard)), null, "test");
    }
}
