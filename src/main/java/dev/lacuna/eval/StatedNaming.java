package dev.lacuna.eval;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.lacuna.BadInputException;
import dev.lacuna.answer.Answer;

/**
 * What a predictions file says of its own naming: {@code lacuna answer} writes into every record how its answers name
 * entities ({@code "entities": "private"}) and a digest that binds that statement to the answers as written
 * ({@link Answer#digest}). The naming belongs to the file, as an export's naming belongs to its export.json
 * ({@link ExportNaming}), and is never inferred from the {@code benchmark_id}: a user who maps answer's predictions to
 * source ids for a tool of their own keeps both fields, and on a KG whose source ids are also private ids (Family) the
 * mapped file would score as private ids, wrongly, without a word.
 *
 * <p>{@code evaluate} therefore: takes the file's naming when every record states one and none was given
 * ({@code --entities}, {@code --export}); refuses a file whose records state different namings, or only some of them
 * one; refuses, unless a naming is given, a file whose answers changed after they were written (a digest that no longer
 * matches), since its statement may no longer hold; warns when a given naming disagrees with the file's, and scores as
 * asked; and refuses a file whose answers do not resolve under the naming it states but do under another
 * ({@link #refuseUnresolved}).
 *
 * @param file       the file, for messages
 * @param records    its records
 * @param stating    records with an {@code entities} field
 * @param form       the naming they state, or null for none (or several: see {@code conflict})
 * @param conflict   where the records disagree, or null
 * @param altered    records whose {@code answers_digest} no longer matches their answers
 * @param firstAltered the line of the first of those, or -1
 */
public record StatedNaming(String file, int records, int stating, EntityForm form, String conflict, int altered,
                           long firstAltered) {

    /** A file that says nothing of its naming (a system's own output format). */
    public static StatedNaming none(String file) {
        return new StatedNaming(file, 0, 0, null, null, 0, -1);
    }

    /**
     * The naming to score this file in and whether it is the file's own: {@code given} (the options' naming, or null
     * when none was given) wins, with a warning where the file states another; else the file's. Refuses what cannot
     * be trusted (see the class comment).
     *
     * @param warnings gets a warning for a given naming that disagrees with the file's
     * @return the file's own form when it vouches for it and nothing was given, else null
     */
    EntityForm trusted(EntityForm given, List<String> warnings) {
        if (stating == 0) {
            return null;
        }
        if (conflict != null) {
            throw new BadInputException(file, -1, -1, "the records name entities in different ways (" + conflict
                    + "): a predictions file names them one way; split it, or give --entities");
        }
        if (stating < records) {
            throw new BadInputException(file, -1, -1, String.format(Locale.ROOT, "%,d of %,d records say how their"
                    + " answers name entities (\"%s\": \"%s\") and the others do not: were records of another file added?"
                    + " Give every record its \"%s\", or --entities", stating, records, Answer.ENTITIES, form.label(),
                    Answer.ENTITIES));
        }
        if (given != null) {
            if (given != form && altered == 0) {
                warnings.add(String.format(Locale.ROOT, "--entities %s disagrees with %s, whose records say their answers"
                        + " are %s names (\"%s\": \"%s\"); scoring with --entities %s as asked", given.label(), file,
                        form.label(), Answer.ENTITIES, form.label(), given.label()));
            }
            return null;
        }
        if (altered > 0) {
            throw new BadInputException(file, firstAltered, -1, String.format(Locale.ROOT, "%,d of %,d records were"
                    + " changed after they were written: their answers no longer match their \"%s\" (this line is the"
                    + " first), so their \"%s\": \"%s\" may no longer hold (answers mapped to other names keep the field)."
                    + " Give --entities private, source or text: the names the file holds now", altered, records,
                    Answer.DIGEST, Answer.ENTITIES, form.label()));
        }
        return form;
    }

    /**
     * Refuses a run scored in the file's own naming whose answers mostly name no entity in it while another form names
     * most of them: the file says one naming and holds another.
     */
    static void refuseUnresolved(String file, EntityForm form, Resolution own, List<Resolution> others) {
        if (!NamingCheck.low(own)) {
            return;
        }
        List<String> better = new ArrayList<>();
        for (Resolution r : others) {
            if (r.share() != null && r.share() >= NamingCheck.WARN_BELOW) {
                better.add("as " + r.entities().label() + " names " + r.describe() + " do");
            }
        }
        if (better.isEmpty()) {
            return; // free text that names nothing: the naming check's warning says so
        }
        throw new BadInputException(file, -1, -1, String.format(Locale.ROOT, "the records say their answers are %s names"
                + " (\"%s\": \"%s\"), but only %s of them name an entity so; %s: fix the records' \"%s\", or give"
                + " --entities", form.label(), Answer.ENTITIES, form.label(), own.describe(), String.join("; ", better),
                Answer.ENTITIES));
    }
}
