package dev.lacuna.eval;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import dev.lacuna.BadInputException;
import dev.lacuna.export.ExportManifest;

/**
 * The naming {@code evaluate} scores in: from {@code --entities} and {@code --from} when given, else from the exports'
 * manifests ({@code --export DIR}, see {@link ExportManifest}), else private ids in Lacuna's own format. An explicit
 * {@code --entities} wins over the manifest (the user may know better) but is warned about, since a wrong form scores
 * 0.000 without any other sign. An explicit {@code --from} is not: reading GNN-RAG's answers after turning them into
 * Lacuna's predictions format is the usual reason to give it.
 *
 * @param entities the entity form to score in
 * @param from     whose output format the files are in
 * @param warnings disagreements between the options and the manifests
 */
public record ExportNaming(EntityForm entities, OutputSource from, List<String> warnings) {

    /**
     * @param exports  export folders ({@code --export}, repeatable: a complete and an incomplete export name alike)
     * @param entities {@code --entities}, or null
     * @param from     {@code --from}, or null
     */
    public static ExportNaming choose(List<Path> exports, EntityForm entities, OutputSource from) {
        ExportManifest first = null;
        Path firstDir = null;
        for (Path dir : exports) {
            ExportManifest m = ExportManifest.read(dir);
            if (first != null && (m.outputs() != first.outputs() || !Objects.equals(m.system(), first.system()))) {
                throw new BadInputException("--export " + dir + " (" + describe(m) + ") and --export " + firstDir + " ("
                        + describe(first) + ") name entities differently: evaluate one naming at a time");
            }
            if (first == null) {
                first = m;
                firstDir = dir;
            }
        }
        List<String> warnings = new ArrayList<>();
        if (first == null) {
            return new ExportNaming(entities == null ? EntityForm.PRIVATE : entities, from == null ? OutputSource.LACUNA : from,
                    List.of());
        }
        EntityForm fromManifest = EntityForm.parse(first.outputs().label());
        if (entities != null && entities != fromManifest) {
            warnings.add("--entities " + entities.label() + " disagrees with " + firstDir.resolve("export.json") + ": "
                    + first.why() + ", so --entities " + fromManifest.label() + " would match them; scoring with --entities "
                    + entities.label() + " as asked");
        }
        OutputSource source = from != null ? from
                : first.system() == null ? OutputSource.LACUNA : OutputSource.parse(first.system());
        return new ExportNaming(entities == null ? fromManifest : entities, source, List.copyOf(warnings));
    }

    private static String describe(ExportManifest m) {
        return (m.system() == null ? m.format().label() : m.system()) + " outputs in " + m.outputs().label() + " names";
    }
}
