package dev.lacuna.export;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.lacuna.BadInputException;
import dev.lacuna.folder.BenchmarkFolder;
import dev.lacuna.folder.BenchmarkIdentity;
import dev.lacuna.folder.CheckedFolder;
import dev.lacuna.folder.OutputFolder;
import dev.lacuna.store.GraphRole;
import dev.lacuna.view.LabelMode;

/**
 * {@code lacuna export}: one benchmark folder in one format and label setting. Everything is checked before the
 * first byte is written, and the output folder appears only when complete (written beside it and renamed), so
 * bad input leaves nothing behind. Every export carries {@code export.json}: format, graph, label setting and
 * the counts a user needs to trust the files (entities named by a fallback, names that are also another
 * entity's private id, answers out of reach of the subgraphs).
 */
public final class Exporter {
    /** Identifies the layout of export.json; bump when a field changes meaning. */
    public static final String FORMAT = "lacuna-export/1";

    /** An export folder: --force replaces it, and nothing else. */
    static final OutputFolder.Replaceable EXPORT = new OutputFolder.Replaceable(
            "a Lacuna export (no export.json written by lacuna export)", Exporter::isExport);

    private Exporter() {
    }

    static boolean isExport(Path dir) {
        Path summary = dir.resolve("export.json");
        if (!Files.isRegularFile(summary)) {
            return false;
        }
        try {
            return FORMAT.equals(QuestionsOut.JSON.readTree(summary.toFile()).path("format").asText());
        } catch (IOException e) {
            return false;
        }
    }

    public static ObjectNode export(ExportSettings s) {
        OutputFolder.checkTarget(s.out(), s.force(), List.of(), EXPORT);
        CheckedFolder folder = CheckedFolder.read(s.benchmark());
        if (s.graph().broken() && !Files.exists(BenchmarkFolder.at(s.benchmark()).graphFile(s.graph()))) {
            throw new BadInputException(s.benchmark().toString(), -1, -1, "the benchmark has no " + s.graph().label()
                    + " graph: build it with " + (s.graph() == GraphRole.REPLACED ? "--break replace" : "--noise P"));
        }
        Names names = new Names(folder, s.labels());
        ObjectNode summary = QuestionsOut.JSON.createObjectNode();
        summary.put("format", FORMAT);
        summary.put("export", s.format().label());
        summary.put("benchmark", s.benchmark().toString());
        summary.put(BenchmarkIdentity.FIELD, BenchmarkIdentity.recordedOrComputed(BenchmarkFolder.at(s.benchmark())));
        summary.put("kg", folder.kg().name());
        summary.put("graph", s.format() == ExportFormat.TRIG ? "complete+incomplete" : s.graph().label());
        summary.put("labels", s.labels().label());
        if (s.format().perQuestionSubgraphs()) {
            summary.put("hops", s.hops());
            summary.put("max_triples", s.maxTriples());
            summary.put("seed", s.seed());
        }
        ObjectNode labels = summary.putObject("label_setting");
        labels.put("entities", folder.entities().size());
        labels.put("text_fallback_to_source_id", s.labels() == LabelMode.TEXT ? names.fallbacks() : 0);
        labels.put("names_that_are_another_entitys_private_id", names.collisions());
        labels.put("names_shared_by_several_entities", names.ambiguous());
        ExportManifest.of(s.format(), s.labels()).writeTo(summary);
        OutputFolder.write(s.out(), s.force(), EXPORT, dir -> {
            write(folder, s, names, dir, summary);
            QuestionsOut.JSON.writerWithDefaultPrettyPrinter().writeValue(dir.resolve("export.json").toFile(), summary);
        });
        return summary;
    }

    private static void write(CheckedFolder folder, ExportSettings s, Names names, Path dir, ObjectNode summary)
            throws IOException {
        ObjectNode counts = summary.putObject("written");
        SystemView view = new SystemView(s.format());
        switch (s.format()) {
            case TSV -> {
                GraphExport.tsv(folder, s, names, dir, counts);
                counts.put("questions_not_naming_topic", QuestionsOut.write(dir.resolve("questions"), folder, names));
            }
            case NTRIPLES, TURTLE, TRIG, FREEBASE -> {
                GraphExport.rdf(folder, s, dir, counts);
                if (s.format() == ExportFormat.FREEBASE) {
                    GraphExport.freebaseQuestions(folder, names, dir);
                } else {
                    counts.put("questions_not_naming_topic", QuestionsOut.write(dir.resolve("questions"), folder, names));
                }
            }
            case BRINK -> BrinkExport.write(folder, s, names, dir, counts);
            case ROG, GNNRAG -> {
                SubgraphChecks checks = new SubgraphChecks();
                ExportGraphs graphs = new ExportGraphs(folder, List.of(s.graph()));
                if (s.format() == ExportFormat.ROG) {
                    RogExport.write(folder, graphs, s, names, dir, counts, checks, view);
                } else {
                    GnnRagExport.write(folder, graphs, s, names, dir, counts, checks, view);
                }
                checks.report(counts);
            }
            default -> throw new IllegalStateException(s.format().label());
        }
        if (!s.format().perQuestionSubgraphs()) {
            view = SystemView.wholeGraph(folder, s);
        }
        view.report(summary, s, counts);
    }
}
