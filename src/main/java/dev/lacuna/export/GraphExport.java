package dev.lacuna.export;

import java.io.BufferedOutputStream;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.vocabulary.RDFS;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.RepositoryResult;
import org.eclipse.rdf4j.repository.sail.SailRepository;
import org.eclipse.rdf4j.rio.RDFFormat;
import org.eclipse.rdf4j.rio.RDFWriter;
import org.eclipse.rdf4j.rio.Rio;
import org.eclipse.rdf4j.sail.memory.MemoryStore;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.lacuna.questions.Question;
import dev.lacuna.serve.KgView;
import dev.lacuna.serve.Shape;

/**
 * The whole-graph formats. tsv writes {@code head<TAB>relation<TAB>tail} in the label setting; ntriples,
 * turtle and trig write the very view {@code serve --labels L} serves (entity IRIs keep the private id, each
 * entity has one rdfs:label in the setting); freebase writes the view of {@code serve --shape freebase}
 * ({@code ns:m.ID}, dotted relations, one {@code ns:type.object.name} each) as N-Triples for a Virtuoso bulk
 * load. Statements are sorted by subject, predicate and object (numeric ids first): the same folder gives the
 * same bytes.
 */
final class GraphExport {
    private GraphExport() {
    }

    static void tsv(BenchmarkFolder folder, ExportSettings s, Names names, Path out, ObjectNode summary) throws IOException {
        summary.put("triples", streamLines(folder, s.graph(), out.resolve(s.graph() + ".tsv"),
                t -> names.of(t[0]) + "\t" + t[1] + "\t" + names.of(t[2])));
    }

    /**
     * Writes one line per triple of a graph file, in the build's order (sorted by private id, so deterministic):
     * streamed, so a large KG costs no list of its lines.
     */
    static long streamLines(BenchmarkFolder folder, String graph, Path file, java.util.function.Function<String[], String> line)
            throws IOException {
        long[] n = {0};
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            folder.forEachTriple(graph, t -> {
                try {
                    w.write(line.apply(t));
                    w.write('\n');
                    n[0]++;
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
        } catch (java.io.UncheckedIOException e) {
            throw e.getCause();
        }
        return n[0];
    }

    static void rdf(ExportGraphs graphs, ExportSettings s, Path out, ObjectNode summary) throws IOException {
        Shape shape = s.format() == ExportFormat.FREEBASE ? Shape.FREEBASE : Shape.PLAIN;
        Repository target = new SailRepository(new MemoryStore());
        target.init();
        try {
            KgView view = KgView.build(graphs.repository(), graphs.kg(), s.labels(), shape, target);
            List<IRI> wanted = s.format() == ExportFormat.TRIG
                    ? List.of(graphs.kg().complete(), graphs.kg().incomplete())
                    : List.of(graphs.kg().graph(s.graph()));
            Map<IRI, List<Statement>> byGraph = new LinkedHashMap<>();
            try (RepositoryConnection conn = view.repository().getConnection()) {
                for (IRI g : wanted) {
                    List<Statement> statements = new ArrayList<>();
                    try (RepositoryResult<Statement> it = conn.getStatements(null, null, null, false, g)) {
                        it.forEach(statements::add);
                    }
                    statements = sorted(statements);
                    byGraph.put(g, statements);
                }
            }
            RDFFormat format = switch (s.format()) {
                case TURTLE -> RDFFormat.TURTLE;
                case TRIG -> RDFFormat.TRIG;
                default -> RDFFormat.NTRIPLES;
            };
            String file = switch (s.format()) {
                case TURTLE -> s.graph() + ".ttl";
                case TRIG -> "graphs.trig";
                case FREEBASE -> s.graph() + ".freebase.nt";
                default -> s.graph() + ".nt";
            };
            long count = 0;
            try (OutputStream o = new BufferedOutputStream(Files.newOutputStream(out.resolve(file)), 1 << 16)) {
                RDFWriter writer = Rio.createWriter(format, o);
                writer.startRDF();
                if (format != RDFFormat.NTRIPLES) {
                    writer.handleNamespace("rdfs", RDFS.NAMESPACE);
                    writer.handleNamespace("e", graphs.kg().entityPrefix());
                    writer.handleNamespace("r", graphs.kg().relationPrefix());
                }
                for (List<Statement> statements : byGraph.values()) {
                    for (Statement st : statements) {
                        writer.handleStatement(format == RDFFormat.TRIG ? st
                                : org.eclipse.rdf4j.model.util.Statements.statement(st.getSubject(), st.getPredicate(), st.getObject(), null));
                        count++;
                    }
                }
                writer.endRDF();
            }
            summary.put("file", file);
            summary.put("statements", count);
            summary.put("view_entities", view.entities());
        } finally {
            target.shutDown();
        }
    }

    /**
     * Statements in (subject id, predicate, object id, literal) order: entity IRIs of both shapes end in the
     * private id, so the keys are numbers and the predicate's own string, never a second copy of the KG as text.
     */
    private static List<Statement> sorted(List<Statement> statements) {
        record Keyed(long s, String p, long o, Statement st) {
        }
        List<Keyed> keyed = new ArrayList<>(statements.size());
        for (Statement st : statements) {
            keyed.add(new Keyed(trailingId(st.getSubject()), st.getPredicate().stringValue(), trailingId(st.getObject()), st));
        }
        keyed.sort(Comparator.comparingLong(Keyed::s).thenComparing(Keyed::p).thenComparingLong(Keyed::o)
                .thenComparing(k -> k.st().getObject().stringValue()));
        return keyed.stream().map(Keyed::st).toList();
    }

    /** The number an entity IRI ends in (.../entity/42, ns:m.42), or -1 for literals and other IRIs. */
    private static long trailingId(org.eclipse.rdf4j.model.Value v) {
        if (!(v instanceof IRI iri)) {
            return -1;
        }
        String s = iri.stringValue();
        int i = s.length();
        while (i > 0 && s.charAt(i - 1) >= '0' && s.charAt(i - 1) <= '9') {
            i--;
        }
        if (i == s.length() || s.length() - i > 18) {
            return -1;
        }
        long n = 0;
        for (int k = i; k < s.length(); k++) {
            n = n * 10 + (s.charAt(k) - '0');
        }
        return n;
    }

    /**
     * ToG's dataset shape for the Freebase view (IDEA-FinAI/ToG, ToG/utils.py prepare_dataset json.loads a list
     * such as data/cwq.json and reads {@code question} and the {@code topic_entity} dict {mid: name}):
     * {@code questions/<split>.json}, a JSON array with {@code ID}, {@code question}, {@code topic_entity}, the
     * answers as names and as mids, and the hard answer. Pass it as ToG's dataset file (its cwq branch reads
     * exactly these keys).
     */
    static void freebaseQuestions(BenchmarkFolder folder, Names names, Path out) throws IOException {
        Path dir = out.resolve("questions");
        Files.createDirectories(dir);
        for (Map.Entry<String, List<Question>> split : folder.questions().entrySet()) {
            com.fasterxml.jackson.databind.node.ArrayNode rows = QuestionsOut.JSON.createArrayNode();
            for (Question q : split.getValue()) {
                ObjectNode n = rows.addObject();
                n.put("ID", q.id());
                n.put("question", names.questionTextOrSame(q));
                n.putObject("topic_entity").put("m." + q.topicEntity(), names.of(q.topicEntity()));
                n.putPOJO("answer", names.of(q.answers()));
                n.putPOJO("answer_mids", q.answers().stream().map(a -> "m." + a).toList());
                n.put("hard_answer", names.of(q.hardAnswer()));
            }
            QuestionsOut.JSON.writerWithDefaultPrettyPrinter().writeValue(dir.resolve(split.getKey() + ".json").toFile(), rows);
        }
    }
}
