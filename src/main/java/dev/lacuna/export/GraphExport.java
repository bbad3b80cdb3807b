package dev.lacuna.export;

import java.io.BufferedOutputStream;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.eclipse.rdf4j.model.vocabulary.RDFS;
import org.eclipse.rdf4j.rio.RDFFormat;
import org.eclipse.rdf4j.rio.RDFWriter;
import org.eclipse.rdf4j.rio.Rio;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.lacuna.folder.CheckedFolder;
import dev.lacuna.questions.Question;
import dev.lacuna.questions.SplitName;
import dev.lacuna.store.GraphRole;
import dev.lacuna.view.Shape;

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

    static void tsv(CheckedFolder folder, ExportSettings s, Names names, Path out, ObjectNode summary) throws IOException {
        summary.put("triples", streamLines(folder, s.graph(), out.resolve(s.graph().label() + ".tsv"),
                t -> names.of(t[0]) + "\t" + t[1] + "\t" + names.of(t[2])));
    }

    /**
     * Writes one line per triple of a graph file, in the build's order (sorted by private id, so deterministic):
     * streamed, so a large KG costs no list of its lines.
     */
    static long streamLines(CheckedFolder folder, GraphRole graph, Path file, Function<String[], String> line)
            throws IOException {
        long[] n = {0};
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            folder.forEachTriple(graph, t -> {
                try {
                    w.write(line.apply(t));
                    w.write('\n');
                    n[0]++;
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        return n[0];
    }

    /**
     * The served view of the graph (both graphs for trig) as one RDF file, streamed subject by subject from the
     * integer index through a Rio writer: no statement list, no copy of the KG as RDF terms.
     */
    static void rdf(CheckedFolder folder, ExportSettings s, Path out, ObjectNode summary) throws IOException {
        RdfView view = new RdfView(folder, s.labels(), s.format() == ExportFormat.FREEBASE ? Shape.FREEBASE : Shape.PLAIN,
                s.graph());
        List<GraphRole> wanted = s.format() == ExportFormat.TRIG ? List.of(GraphRole.COMPLETE, GraphRole.INCOMPLETE) : List.of(s.graph());
        RDFFormat format = switch (s.format()) {
            case TURTLE -> RDFFormat.TURTLE;
            case TRIG -> RDFFormat.TRIG;
            default -> RDFFormat.NTRIPLES;
        };
        String file = switch (s.format()) {
            case TURTLE -> s.graph().label() + ".ttl";
            case TRIG -> "graphs.trig";
            case FREEBASE -> s.graph().label() + ".freebase.nt";
            default -> s.graph().label() + ".nt";
        };
        long count = 0;
        try (OutputStream o = new BufferedOutputStream(Files.newOutputStream(out.resolve(file)), 1 << 16)) {
            RDFWriter writer = Rio.createWriter(format, o);
            writer.startRDF();
            if (format != RDFFormat.NTRIPLES) {
                writer.handleNamespace("rdfs", RDFS.NAMESPACE);
                writer.handleNamespace("e", folder.kg().entityPrefix());
                writer.handleNamespace("r", folder.kg().relationPrefix());
            }
            for (GraphRole graph : wanted) {
                count += view.write(graph, format == RDFFormat.TRIG, writer::handleStatement);
            }
            writer.endRDF();
        }
        summary.put("file", file);
        summary.put("statements", count);
        summary.put("view_entities", view.entities());
    }

    /**
     * ToG's dataset shape for the Freebase view (IDEA-FinAI/ToG, ToG/utils.py prepare_dataset json.loads a list
     * such as data/cwq.json and reads {@code question} and the {@code topic_entity} dict {mid: name}):
     * {@code questions/<split>.json}, a JSON array with {@code ID}, {@code question}, {@code topic_entity}, the
     * answers as names and as mids, and the hard answer. Pass it as ToG's dataset file (its cwq branch reads
     * exactly these keys).
     */
    static void freebaseQuestions(CheckedFolder folder, Names names, Path out) throws IOException {
        Path dir = out.resolve("questions");
        Files.createDirectories(dir);
        for (Map.Entry<SplitName, List<Question>> split : folder.questions().entrySet()) {
            ArrayNode rows = QuestionsOut.JSON.createArrayNode();
            for (Question q : split.getValue()) {
                ObjectNode n = rows.addObject();
                n.put("ID", q.id());
                n.put("question", names.questionTextOrSame(q));
                n.putObject("topic_entity").put("m." + q.topicEntity(), names.of(q.topicEntity()));
                n.putPOJO("answer", names.of(q.answers()));
                n.putPOJO("answer_mids", q.answers().stream().map(a -> "m." + a).toList());
                n.put("hard_answer", names.of(q.hardAnswer()));
            }
            QuestionsOut.JSON.writerWithDefaultPrettyPrinter().writeValue(dir.resolve(split.getKey().label() + ".json").toFile(), rows);
        }
    }
}
