package dev.lacuna.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Model;
import org.eclipse.rdf4j.model.Resource;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.util.Statements;
import org.eclipse.rdf4j.model.util.Values;
import org.eclipse.rdf4j.model.vocabulary.RDFS;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.sail.SailRepository;
import org.eclipse.rdf4j.rio.RDFFormat;
import org.eclipse.rdf4j.rio.Rio;
import org.eclipse.rdf4j.sail.memory.MemoryStore;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.lacuna.cli.CliRunner;
import dev.lacuna.questions.Question;
import dev.lacuna.view.KgView;
import dev.lacuna.view.LabelMode;
import dev.lacuna.view.Shape;

/**
 * Every export format on the Family benchmark, read back with an independent parser (Jackson, RDF4J Rio): every
 * question present, answers in the subgraph or counted unreachable, the removed triples absent from the
 * incomplete graph and present in the complete one, and one label setting throughout (the topic named in a
 * question resolves to the question's own topic, never to the entity whose source id equals its private id).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ExportFamilyTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    @TempDir
    static Path tmp;
    Path bench;
    List<Question> questions;
    Map<String, String[]> entities;
    Map<String, String> privateOfSource = new HashMap<>();
    Set<String> removed;
    private final Map<List<String>, Path> exports = new HashMap<>();

    @BeforeAll
    void build() throws IOException {
        bench = FamilyExport.benchmark();
        questions = FamilyExport.questions(bench);
        entities = FamilyExport.entities(bench);
        entities.forEach((id, names) -> privateOfSource.put(names[0], id));
        removed = FamilyExport.removed(bench);
    }

    /** Exports once per distinct argument list: tests that read the same export share it. */
    private Path export(String format, String... more) {
        List<String> args = new ArrayList<>(List.of("--format", format));
        args.addAll(List.of(more));
        return exports.computeIfAbsent(args, a -> {
            Path out = tmp.resolve("out-" + (exports.size() + 1) + "-" + String.join("-", a).replace("--", ""));
            List<String> cli = new ArrayList<>(List.of("export", "--benchmark", bench.toString(), "--out", out.toString()));
            cli.addAll(a);
            CliRunner.Run run = CliRunner.run(cli.toArray(String[]::new));
            assertEquals(0, run.code(), run.toString());
            return out;
        });
    }

    private String source(String privateId) {
        return entities.get(privateId)[0];
    }

    private static Set<String> ids(List<Question> qs) {
        Set<String> out = new HashSet<>();
        qs.forEach(q -> out.add(q.id()));
        return out;
    }

    @Test
    void tsvInSourceLabelsNamesTopicsConsistently() throws IOException {
        Path out = export("tsv", "--labels", "source");
        List<String> lines = Files.readAllLines(out.resolve("incomplete.tsv"));
        assertEquals(Files.readAllLines(bench.resolve("kg/incomplete.tsv")).size(), lines.size());
        Set<String> graph = new HashSet<>();
        for (String line : lines) {
            String[] f = line.split("\t");
            assertTrue(privateOfSource.containsKey(f[0]) && privateOfSource.containsKey(f[2]), line);
            graph.add(privateOfSource.get(f[0]) + " " + f[1] + " " + privateOfSource.get(f[2]));
        }
        for (String r : removed) {
            assertFalse(graph.contains(r), "removed triple in the incomplete export: " + r);
        }
        Map<String, Question> original = new HashMap<>();
        questions.forEach(q -> original.put(q.id(), q));
        int trapped = 0;
        Set<String> seen = new HashSet<>();
        for (String split : List.of("train", "valid", "test")) {
            for (String line : Files.readAllLines(out.resolve("questions").resolve(split + ".jsonl"))) {
                JsonNode n = JSON.readTree(line);
                Question q = original.get(n.get("id").asText());
                seen.add(q.id());
                String topic = n.get("topic_entity").asText();
                // The name in the question resolves, through the graph's naming, to the question's own topic.
                assertEquals(q.topicEntity(), privateOfSource.get(topic), line);
                assertTrue(n.get("question").asText().contains(topic), line);
                if (entities.containsKey(q.topicEntity()) && privateOfSource.containsKey(q.topicEntity())
                        && !privateOfSource.get(q.topicEntity()).equals(q.topicEntity())) {
                    trapped++; // the private id is another entity's source id: the old question text pointed there
                }
                assertEquals(source(q.hardAnswer()), n.get("hard_answer").asText());
            }
        }
        assertEquals(ids(questions), seen);
        assertTrue(trapped > 100, "Family should show the private/source collision, got " + trapped);
        JsonNode summary = JSON.readTree(out.resolve("export.json").toFile());
        assertTrue(summary.at("/label_setting/names_that_are_another_entitys_private_id").asInt() > 2000, summary.toString());
    }

    private Model parse(Path file, RDFFormat format) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return Rio.parse(in, "", format);
        }
    }

    @Test
    void ntriplesTurtleAndTrigHoldTheServedViewAndTheDeletions() throws IOException {
        Path nt = export("ntriples", "--labels", "private");
        Path ttl = export("turtle", "--labels", "private", "--graph", "complete");
        Path trig = export("trig", "--labels", "source");
        Model incomplete = parse(nt.resolve("incomplete.nt"), RDFFormat.NTRIPLES);
        Model complete = parse(ttl.resolve("complete.ttl"), RDFFormat.TURTLE);
        Model both = parse(trig.resolve("graphs.trig"), RDFFormat.TRIG);
        int n = entities.size();
        assertEquals(Files.readAllLines(bench.resolve("kg/incomplete.tsv")).size() + n, incomplete.size());
        assertEquals(Files.readAllLines(bench.resolve("kg/complete.tsv")).size() + n, complete.size());
        assertEquals(n, incomplete.filter(null, RDFS.LABEL, null).size(), "one name per entity, none for the KG node");
        Set<String> inc = plainTriples(incomplete);
        Set<String> com = plainTriples(complete);
        for (String r : removed) {
            assertFalse(inc.contains(r), r);
            assertTrue(com.contains(r), r);
        }
        for (Statement st : incomplete.filter(null, RDFS.LABEL, null)) {
            assertEquals(privateId((IRI) st.getSubject()), st.getObject().stringValue());
        }
        Set<Resource> graphs = both.contexts();
        assertEquals(2, graphs.size(), graphs.toString());
        for (Statement st : both.filter(null, RDFS.LABEL, null)) {
            assertEquals(source(privateId((IRI) st.getSubject())), st.getObject().stringValue());
        }
        assertEquals(removed.size(), both.size() - 2L * n - inc.size() - inc.size(), "trig: complete minus incomplete is the removed triples");
    }

    private static String privateId(IRI iri) {
        String s = iri.stringValue();
        return s.substring(s.lastIndexOf('/') + 1).replaceFirst("^m\\.", "");
    }

    private static Set<String> plainTriples(Model model) {
        Set<String> out = new HashSet<>();
        for (Statement st : model) {
            if (!st.getPredicate().equals(RDFS.LABEL)) {
                String p = st.getPredicate().stringValue();
                out.add(privateId((IRI) st.getSubject()) + " " + p.substring(p.lastIndexOf('/') + 1) + " "
                        + privateId((IRI) st.getObject()));
            }
        }
        return out;
    }

    /** What serve --labels L [--shape S] would serve for the incomplete graph, from the store the build used. */
    private Set<Statement> served(LabelMode labels, Shape shape) {
        Repository view = new SailRepository(new MemoryStore());
        view.init();
        try {
            KgView.build(FamilyExport.store(), FamilyExport.KG, labels, shape, view);
            Set<Statement> out = new HashSet<>();
            try (RepositoryConnection conn = view.getConnection()) {
                conn.getStatements(null, null, null, false, FamilyExport.KG.incomplete())
                        .forEach(st -> out.add(Statements.statement(st.getSubject(), st.getPredicate(), st.getObject(), null)));
            }
            return out;
        } finally {
            view.shutDown();
        }
    }

    @Test
    void serveAndExportAgreeOnEveryLabelSettingAndShape() throws IOException {
        for (LabelMode labels : LabelMode.values()) {
            Path nt = export("ntriples", "--labels", labels.label());
            assertEquals(served(labels, Shape.PLAIN), new HashSet<>(parse(nt.resolve("incomplete.nt"), RDFFormat.NTRIPLES)),
                    "ntriples --labels " + labels.label());
        }
        Path fb = export("freebase", "--labels", "source");
        assertEquals(served(LabelMode.SOURCE, Shape.FREEBASE),
                new HashSet<>(parse(fb.resolve("incomplete.freebase.nt"), RDFFormat.NTRIPLES)));
    }

    @Test
    void freebaseShapeNamesEveryEntityOnceAndQuestionsUseMids() throws IOException {
        Path out = export("freebase", "--labels", "text");
        Model model = parse(out.resolve("incomplete.freebase.nt"), RDFFormat.NTRIPLES);
        String ns = "http://rdf.freebase.com/ns/";
        IRI name = Values.iri(ns + "type.object.name");
        assertEquals(entities.size(), model.filter(null, name, null).size(), "2,920 names for 2,920 entities");
        Set<String> triples = new HashSet<>();
        for (Statement st : model) {
            assertTrue(st.getSubject().stringValue().startsWith(ns + "m."), st.toString());
            if (!st.getPredicate().equals(name)) {
                triples.add(privateId((IRI) st.getSubject()) + " " + st.getPredicate().stringValue().substring(ns.length())
                        + " " + privateId((IRI) st.getObject()));
            } else {
                // Family has no text labels: the text setting falls back to the source id, counted in the summary.
                assertEquals(source(privateId((IRI) st.getSubject())), st.getObject().stringValue());
            }
        }
        for (String r : removed) {
            assertFalse(triples.contains(r), r);
        }
        assertEquals(entities.size(), JSON.readTree(out.resolve("export.json").toFile())
                .at("/label_setting/text_fallback_to_source_id").asInt());
        Set<String> seen = new HashSet<>();
        for (String split : List.of("train", "valid", "test")) {
            for (JsonNode n : JSON.readTree(out.resolve("questions").resolve(split + ".json").toFile())) {
                String line = n.toString();
                seen.add(n.get("ID").asText());
                var topic = n.get("topic_entity").fields().next();
                String mid = topic.getKey().substring(2);
                assertEquals(source(mid), topic.getValue().asText());
                assertTrue(n.get("question").asText().contains(topic.getValue().asText()), line);
            }
        }
        assertEquals(ids(questions), seen);
    }

    @Test
    void brinkFilesFollowItsScripts() throws IOException {
        Path out = export("brink", "--labels", "source");
        Set<String> seen = new HashSet<>();
        for (String file : List.of("train.tsv", "val.tsv", "test.tsv")) {
            List<String> lines = Files.readAllLines(out.resolve(file));
            assertEquals("id\trule_index\tquestion\tq_entity\tanswer\ta_entity\trule\tgrounding", lines.get(0));
            for (String line : lines.subList(1, lines.size())) {
                String[] f = line.split("\t", -1);
                assertEquals(8, f.length, line);
                seen.add(f[0]);
                assertTrue(Integer.parseInt(f[1]) >= 0, line);
                assertTrue(f[3].startsWith("['") && f[3].endsWith("']"), line);
                String topic = f[3].substring(2, f[3].length() - 2);
                assertTrue(f[2].contains(topic), line);
                assertTrue(f[7].contains("=> "), line);
            }
        }
        assertEquals(ids(questions), seen);
        Set<String> facts = new HashSet<>();
        for (String line : Files.readAllLines(out.resolve("facts.tsv"))) {
            String[] f = line.split("\t");
            facts.add(privateOfSource.get(f[0].replace("\"", "")) + " " + f[1] + " " + privateOfSource.get(f[2].replace("\"", "")));
        }
        removed.forEach(r -> assertFalse(facts.contains(r), r));
        JsonNode gold = JSON.readTree(out.resolve("gold.json").toFile());
        List<Question> test = questions.stream().filter(q -> "test".equals(q.split())).toList();
        assertEquals(test.size(), gold.size());
        for (int i = 0; i < gold.size(); i++) {
            assertEquals(test.get(i).id(), gold.get(i).get("id").asText());
            assertEquals(source(test.get(i).hardAnswer()), gold.get(i).get("hard_answer").asText());
        }
    }

    @Test
    void rogSubgraphsHoldAnswersOrCountThemAndNeverTheRemovedTriple() throws IOException {
        Path out = export("rog", "--labels", "source", "--max-triples", "300");
        Path complete = export("rog", "--graph", "complete", "--max-triples", "300");
        Map<String, Question> original = new HashMap<>();
        questions.forEach(q -> original.put(q.id(), q));
        int unreachable = 0;
        int hardPresent = 0;
        long collapsed = 0;
        Set<String> seen = new HashSet<>();
        for (String file : List.of("train.jsonl", "validation.jsonl", "test.jsonl")) {
            List<String> lines = Files.readAllLines(out.resolve(file));
            List<String> completeLines = Files.readAllLines(complete.resolve(file));
            for (int i = 0; i < lines.size(); i++) {
                JsonNode n = JSON.readTree(lines.get(i));
                Question q = original.get(n.get("id").asText());
                seen.add(q.id());
                assertEquals(source(q.topicEntity()), n.get("q_entity").get(0).asText());
                assertTrue(n.get("choices").isArray() && n.get("choices").isEmpty());
                assertTrue(n.get("graph").size() <= 300);
                collapsed += RogCollapseTest.collapsedByUndirectedGraph(n.get("graph"));
                Set<String> names = new HashSet<>();
                Set<String> triples = new HashSet<>();
                for (JsonNode t : n.get("graph")) {
                    names.add(t.get(0).asText());
                    names.add(t.get(2).asText());
                    triples.add(privateOfSource.get(t.get(0).asText()) + " " + t.get(1).asText() + " " + privateOfSource.get(t.get(2).asText()));
                }
                for (JsonNode a : n.get("a_entity")) {
                    if (!names.contains(a.asText())) {
                        unreachable++;
                    }
                }
                List<String> head = q.grounding().head();
                String hard = head.get(0) + " " + head.get(1) + " " + head.get(2);
                assertFalse(triples.contains(hard), "the question's removed triple in its incomplete subgraph: " + hard);
                triples.forEach(t -> assertFalse(removed.contains(t), "removed triple in an incomplete subgraph: " + t));
                JsonNode c = JSON.readTree(completeLines.get(i));
                Set<String> completeTriples = new HashSet<>();
                c.get("graph").forEach(t -> completeTriples.add(t.get(0).asText() + " " + t.get(1).asText() + " " + t.get(2).asText()));
                if (completeTriples.contains(hard)) {
                    hardPresent++;
                }
            }
        }
        assertEquals(ids(questions), seen);
        JsonNode summary = JSON.readTree(out.resolve("export.json").toFile());
        assertEquals(unreachable, summary.at("/written/answers_unreachable").asInt());
        assertEquals(collapsed, summary.at("/written/collapsed_by_rog_undirected_graph").asLong());
        assertTrue(collapsed > 0, summary.toString());
        // The deleted triple touches the topic, one hop away: the complete subgraph keeps it unless the cap cut it.
        long capped = JSON.readTree(complete.resolve("export.json").toFile()).at("/written/questions_with_capped_subgraph").asLong();
        assertTrue(hardPresent >= questions.size() - capped, hardPresent + " of " + questions.size() + ", capped " + capped);
        List<String> rules = Files.readAllLines(out.resolve("rule_paths.jsonl"));
        assertEquals(questions.size(), rules.size());
        JsonNode first = JSON.readTree(rules.get(0));
        assertTrue(first.get("prediction").get(0).isArray(), rules.get(0));
    }

    /**
     * Without a cap, a subgraph is exactly the triples of the incomplete graph that touch the topic or one of its
     * neighbours, nearest hop first: checked against the store the folder was built from, through RDF4J's
     * getStatements (an implementation of the walk independent of the export's integer index).
     */
    @Test
    void uncappedRogSubgraphsAreTheTwoHopNeighbourhoodInTheStore() throws IOException {
        Path out = export("rog", "--max-triples", "1000000");
        Map<String, Question> original = new HashMap<>();
        questions.forEach(q -> original.put(q.id(), q));
        List<String> lines = Files.readAllLines(out.resolve("test.jsonl"));
        try (RepositoryConnection c = FamilyExport.store().getConnection()) {
            for (String line : lines) {
                JsonNode n = JSON.readTree(line);
                IRI topic = FamilyExport.KG.entity(Long.parseLong(original.get(n.get("id").asText()).topicEntity()));
                Set<String> firstHop = touching(c, topic);
                Set<String> expected = new HashSet<>(firstHop);
                for (String t : firstHop) {
                    String[] f = t.split(" ");
                    for (String e : new String[] {f[0], f[2]}) {
                        expected.addAll(touching(c, FamilyExport.KG.entity(Long.parseLong(e))));
                    }
                }
                List<String> written = new ArrayList<>();
                n.get("graph").forEach(t -> written.add(t.get(0).asText() + " " + t.get(1).asText() + " " + t.get(2).asText()));
                assertEquals(expected, new HashSet<>(written), line);
                assertEquals(expected.size(), written.size(), "no triple twice");
                assertEquals(firstHop, new HashSet<>(written.subList(0, firstHop.size())), "the topic's own triples first");
            }
        }
        assertEquals(0, JSON.readTree(out.resolve("export.json").toFile()).at("/written/questions_with_capped_subgraph").asInt());
    }

    private static Set<String> touching(RepositoryConnection c, IRI entity) {
        Set<String> out = new HashSet<>();
        IRI g = FamilyExport.KG.incomplete();
        for (Statement st : c.getStatements(entity, null, null, false, g)) {
            out.add(plain(st));
        }
        for (Statement st : c.getStatements(null, null, entity, false, g)) {
            out.add(plain(st));
        }
        return out;
    }

    private static String plain(Statement st) {
        return FamilyExport.KG.privateId((IRI) st.getSubject()) + " " + FamilyExport.KG.relationName(st.getPredicate()) + " "
                + FamilyExport.KG.privateId((IRI) st.getObject());
    }

    @Test
    void gnnragAvoidsEveryLoaderPitfall() throws IOException {
        Path out = export("gnnrag", "--labels", "text", "--max-triples", "40");
        List<String> entitiesTxt = Files.readAllLines(out.resolve("entities.txt"));
        Set<String> kb = new HashSet<>(entitiesTxt);
        assertEquals(entitiesTxt.size(), kb.size(), "entities.txt lines are unique");
        for (String r : Files.readAllLines(out.resolve("relations.txt"))) {
            assertTrue(r.contains("."), "GNN-RAG maps a relation without '.' to UNK: " + r);
        }
        List<String> relationsTxt = Files.readAllLines(out.resolve("relations.txt"));
        JsonNode names = JSON.readTree(out.resolve("entities_names.json").toFile());
        assertEquals(entitiesTxt.size(), names.size());
        int unreachable = 0;
        int largest = 0;
        Set<String> seen = new HashSet<>();
        for (String file : List.of("train.json", "dev.json", "test.json")) {
            for (String line : Files.readAllLines(out.resolve(file))) {
                JsonNode n = JSON.readTree(line);
                seen.add(n.get("id").asText());
                assertFalse(n.get("entities").isEmpty(), "an empty entity list is dropped and shifts test.info");
                n.get("entities").forEach(e -> assertTrue(e.isInt(), "seed entities must be integers: " + line));
                Set<Integer> local = new HashSet<>();
                n.at("/subgraph/entities").forEach(e -> local.add(e.asInt()));
                n.get("entities").forEach(e -> assertTrue(local.contains(e.asInt())));
                assertTrue(n.get("answers").size() > 0, "no answers scores as a hit");
                for (JsonNode t : n.at("/subgraph/tuples")) {
                    assertTrue(t.get(0).isInt() && t.get(1).isInt() && t.get(2).isInt(), t.toString());
                    assertTrue(local.contains(t.get(0).asInt()) && local.contains(t.get(2).asInt()), "endpoint outside subgraph.entities");
                    // kb_ids are source ids with --labels text; Family's relations have no dot, so "lacuna." was put in front.
                    String triple = privateOfSource.get(entitiesTxt.get(t.get(0).asInt())) + " "
                            + relationsTxt.get(t.get(1).asInt()).substring("lacuna.".length()) + " "
                            + privateOfSource.get(entitiesTxt.get(t.get(2).asInt()));
                    assertFalse(triple.contains("null"), "every kb_id is a source id: " + t);
                    assertFalse(removed.contains(triple), "removed triple in an incomplete subgraph: " + triple);
                }
                largest = Math.max(largest, n.at("/subgraph/tuples").size());
                Set<String> localKb = new HashSet<>();
                local.forEach(i -> localKb.add(entitiesTxt.get(i)));
                for (JsonNode a : n.get("answers")) {
                    assertTrue(kb.contains(a.get("kb_id").asText()), "answer kb_id not in entities.txt: " + a);
                    assertEquals(names.get(a.get("kb_id").asText()).asText(), a.get("text").asText());
                    if (!localKb.contains(a.get("kb_id").asText())) {
                        unreachable++;
                    }
                }
            }
        }
        assertEquals(ids(questions), seen);
        assertTrue(largest <= 40, "subgraphs capped: " + largest);
        JsonNode summary = JSON.readTree(out.resolve("export.json").toFile());
        assertEquals(unreachable, summary.at("/written/answers_unreachable").asInt());
        assertTrue(unreachable > 0, "a cap of 40 triples leaves some answers out of reach on Family");
    }

    @Test
    void sameInputAndSeedGiveTheSameBytes() throws IOException {
        Path a = export("gnnrag", "--max-triples", "25", "--seed", "7");
        Path b = export("gnnrag", "--max-triples", "25", "--seed", "7", "--hops", "2");
        Path c = export("gnnrag", "--max-triples", "25", "--seed", "8");
        assertEquals(Files.readString(a.resolve("test.json")), Files.readString(b.resolve("test.json")));
        assertNotEquals(Files.readString(a.resolve("train.json")), Files.readString(c.resolve("train.json")),
                "another seed samples capped subgraphs differently");
    }
}
