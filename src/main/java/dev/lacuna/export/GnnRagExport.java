package dev.lacuna.export;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.lacuna.BadInputException;
import dev.lacuna.folder.CheckedFolder;
import dev.lacuna.questions.SplitName;
import dev.lacuna.store.GraphRole;
import dev.lacuna.view.KgView;
import dev.lacuna.view.LabelMode;

/**
 * GNN-RAG / ReaRev's dataset (cmavro/GNN-RAG, read by gnn/dataset_load.py BasicDataLoader): {@code train.json},
 * {@code dev.json}, {@code test.json} with one question a line, plus {@code entities.txt}, {@code relations.txt}
 * and {@code entities_names.json}. Each pitfall of that loader is handled here:
 * <ul>
 * <li>{@code entities} are integer indexes into entities.txt: a string seed falls through its except branch and
 *     is silently ignored.</li>
 * <li>{@code answers} are {@code {kb_id, text}} with a string kb_id that is a line of entities.txt (it looks
 *     {@code entity2id[answer['kb_id']]} up, a KeyError otherwise), even for answers outside the subgraph.</li>
 * <li>{@code subgraph.tuples} are {@code [h, r, t]} integer indexes and every endpoint is listed in
 *     {@code subgraph.entities} (g2l[h] is a KeyError otherwise); the topic is listed even with no tuples.</li>
 * <li>A question with no entities is skipped by _load_file, which shifts every later line of its test.info:
 *     the topic is always an entity, so none is ever empty.</li>
 * <li>A question with no answers scores as a hit in evaluate.py f1_and_hits: {@link CheckedFolder} refuses one.</li>
 * <li>entity2id keeps the last of two equal lines of entities.txt: two entities with one kb_id are refused.</li>
 * <li>Batches are padded to the largest subgraph (max_facts): subgraphs are capped by --max-triples.</li>
 * <li>build_rel_words splits relation names on '.' and makes any name without one UNK: relations are written
 *     dotted, as {@code serve --shape freebase} names them, and prefixed {@code lacuna.} when they have no dot
 *     (Family's {@code aunt} becomes {@code lacuna.aunt}, words "lacuna aunt").</li>
 * </ul>
 * kb_ids are names in the label setting where those are unique (private, source); in the text setting labels
 * need not be unique, so kb_ids stay source ids and the labels go to entities_names.json and answers' text.
 */
final class GnnRagExport {
    private GnnRagExport() {
    }

    static String relationName(String source) {
        String dotted = KgView.dottedName(source);
        return dotted.contains(".") ? dotted : "lacuna." + dotted;
    }

    /** The file names dataset_load.py reads. */
    static String file(SplitName split) {
        return switch (split) {
            case TRAIN -> "train.json";
            case VALID -> "dev.json";
            case TEST -> "test.json";
        };
    }

    static void write(CheckedFolder folder, ExportGraphs graphs, ExportSettings s, Names names, Path out,
            ObjectNode summary, SubgraphChecks checks, SystemView view) throws IOException {
        Names kbIds = s.labels() == LabelMode.TEXT ? new Names(folder, LabelMode.SOURCE) : names;
        Map<String, Integer> entityIndex = new HashMap<>();
        Set<String> kbSeen = new HashSet<>();
        try (BufferedWriter w = Files.newBufferedWriter(out.resolve("entities.txt"), StandardCharsets.UTF_8)) {
            for (String id : folder.entities().keySet()) {
                String kb = kbIds.of(id).replace('\n', ' ');
                // entity2id keeps the last line of a repeated name: an answer would point at the other entity.
                if (!kbSeen.add(kb)) {
                    throw new BadInputException(folder.layout().entitiesFile().toString(), entityIndex.size() + 2, -1,
                            "entity " + id + " has the kb_id '" + kb + "' of an earlier entity (" + kbIds.labels().label()
                            + " names): GNN-RAG's entities.txt needs one line per entity");
                }
                entityIndex.put(id, entityIndex.size());
                w.write(kb);
                w.write('\n');
            }
        }
        Map<String, String> nameOf = new LinkedHashMap<>();
        for (String id : folder.entities().keySet()) {
            nameOf.put(kbIds.of(id), names.of(id));
        }
        QuestionsOut.JSON.writeValue(out.resolve("entities_names.json").toFile(), nameOf);
        TreeSet<String> relationNames = new TreeSet<>();
        folder.forEachTriple(GraphRole.COMPLETE, t -> relationNames.add(t[1]));
        Map<String, Integer> relationIndex = new HashMap<>();
        try (BufferedWriter w = Files.newBufferedWriter(out.resolve("relations.txt"), StandardCharsets.UTF_8)) {
            Set<String> used = new HashSet<>();
            for (String r : relationNames) {
                String name = relationName(r);
                for (int i = 2; !used.add(name); i++) {
                    name = relationName(r) + "_" + i; // two source names that dot alike stay two relations
                }
                relationIndex.put(r, relationIndex.size());
                w.write(name);
                w.write('\n');
            }
        }
        long[] triples = {0};
        int[] largest = {0};
        QuestionWalk.walk(folder, graphs, s, out, "export gnnrag", GnnRagExport::file, checks, (q, g) -> {
            view.subgraph(q, g);
            ObjectNode row = QuestionsOut.JSON.createObjectNode();
            row.put("id", q.id());
            row.put("question", names.questionTextOrSame(q));
            row.putArray("entities").add(entityIndex.get(q.topicEntity()));
            if (q.depth() != null) {
                row.put("depth", q.depth());
            }
            ArrayNode answers = row.putArray("answers");
            for (String a : q.answers()) {
                answers.addObject().put("kb_id", kbIds.of(a)).put("text", names.of(a));
            }
            ObjectNode sub = row.putObject("subgraph");
            ArrayNode tuples = sub.putArray("tuples");
            for (String[] t : g.triples()) {
                tuples.addArray().add(entityIndex.get(t[0])).add(relationIndex.get(t[1])).add(entityIndex.get(t[2]));
            }
            ArrayNode entities = sub.putArray("entities");
            g.entities().forEach(e -> entities.add(entityIndex.get(e)));
            triples[0] += g.triples().size();
            largest[0] = Math.max(largest[0], g.triples().size());
            return row;
        });
        summary.put("subgraph_triples", triples[0]);
        summary.put("largest_subgraph", largest[0]);
        summary.put("entities", entityIndex.size());
        summary.put("relations", relationIndex.size());
    }
}
