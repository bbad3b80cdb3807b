package dev.lacuna.export;

import java.nio.file.Files;
import java.nio.file.Path;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.lacuna.BadInputException;
import dev.lacuna.JsonFiles;
import dev.lacuna.folder.BenchmarkIdentity;
import dev.lacuna.view.LabelMode;

/**
 * What an export tells {@code lacuna evaluate}: which system it was written for and how that system's outputs will
 * name entities. The naming is not always the export's {@code --labels}: GNN-RAG answers with lines of
 * {@code entities.txt}, which hold source ids when the labels are text (text labels need not be unique), while RoG,
 * BRINK and ToG echo the names of the graph and questions they were given. Scoring GNN-RAG's source ids as text
 * labels gives 0.000 everywhere, so the naming is written into export.json ({@code system_output}) and
 * {@code evaluate --export DIR} reads it instead of asking the user to guess.
 *
 * @param format  the export format
 * @param labels  the export's label setting
 * @param system  the {@code evaluate --from} word of the system the export was written for, or null for the plain
 *                graph formats (whose readers write Lacuna's own predictions format)
 * @param outputs how that system's outputs name entities: an {@code evaluate --entities} word
 * @param benchmarkId the identity of the benchmark exported ({@code folder.BenchmarkIdentity}), or null for an export
 *                written before export.json recorded it
 */
public record ExportManifest(ExportFormat format, LabelMode labels, String system, LabelMode outputs, String benchmarkId) {

    public ExportManifest(ExportFormat format, LabelMode labels, String system, LabelMode outputs) {
        this(format, labels, system, outputs, null);
    }

    /** The manifest of an export in the given format and label setting. */
    public static ExportManifest of(ExportFormat format, LabelMode labels) {
        String system = switch (format) {
            case ROG -> "rog";
            case GNNRAG -> "gnnrag";
            case BRINK -> "brink";
            case FREEBASE -> "tog";
            case TSV, NTRIPLES, TURTLE, TRIG -> null;
        };
        // gnn/evaluate.py writes cand and answers as id2entity[c], the lines of entities.txt (GnnRagExport's kb_ids).
        LabelMode outputs = format == ExportFormat.GNNRAG && labels == LabelMode.TEXT ? LabelMode.SOURCE : labels;
        return new ExportManifest(format, labels, system, outputs);
    }

    /** What the system's outputs carry, in words for export.json and the export's report. */
    public String why() {
        return switch (format) {
            case GNNRAG -> "GNN-RAG's test.info names candidates and answers by their line of entities.txt ("
                    + outputs.label() + " names" + (labels == LabelMode.TEXT ? "; the text labels are only in entities_names.json" : "")
                    + ")";
            case ROG -> "RoG answers with the names of the graph triples it was given (" + outputs.label() + ")";
            case BRINK -> "BRINK answers with the names of facts.tsv and its questions (" + outputs.label() + "), as gold.json holds them";
            case FREEBASE -> "ToG answers with the ns:type.object.name of the entities it walked (" + outputs.label() + ")";
            case TSV, NTRIPLES, TURTLE, TRIG -> "a system reading these files answers with their names (" + outputs.label()
                    + "), in Lacuna's predictions format";
        };
    }

    /** Writes {@code system_output} into export.json. */
    void writeTo(ObjectNode summary) {
        ObjectNode o = summary.putObject("system_output");
        if (system == null) {
            o.putNull("system");
        } else {
            o.put("system", system);
        }
        o.put("entities", outputs.label());
        o.put("why", why());
    }

    /**
     * Reads export.json from an export folder. The naming follows from the format and label setting, so an export.json
     * written before {@code system_output} existed is read too; one that records a naming is held to it.
     */
    public static ExportManifest read(Path dir) {
        Path file = dir.resolve("export.json");
        if (!Files.isRegularFile(file)) {
            throw new BadInputException(file.toString(), -1, -1, "missing: --export needs a folder written by lacuna export");
        }
        // exactly one object, UTF-8, each key once: a repeated "export" key once switched how predictions are read
        JsonNode root = JsonFiles.object(file);
        if (!Exporter.FORMAT.equals(root.path("format").asText())) {
            throw new BadInputException(file.toString(), -1, -1, "not written by lacuna export (expected \"format\": \""
                    + Exporter.FORMAT + "\")");
        }
        ExportManifest m;
        try {
            m = of(ExportFormat.parse(root.path("export").asText()), LabelMode.parse(root.path("labels").asText()));
        } catch (BadInputException e) {
            throw new BadInputException(file.toString(), -1, -1, e.problem());
        }
        JsonNode recorded = root.path("system_output").path("entities");
        if (!recorded.isMissingNode() && !recorded.asText().equals(m.outputs().label())) {
            throw new BadInputException(file.toString(), -1, -1, "system_output.entities is '" + recorded.asText() + "' but a "
                    + m.format().label() + " export with --labels " + m.labels().label() + " gives '" + m.outputs().label()
                    + "': was the file edited?");
        }
        JsonNode id = root.get(BenchmarkIdentity.FIELD);
        return id == null || !id.isTextual() ? m
                : new ExportManifest(m.format(), m.labels(), m.system(), m.outputs(), id.asText());
    }
}
