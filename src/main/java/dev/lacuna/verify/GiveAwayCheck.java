package dev.lacuna.verify;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.eclipse.rdf4j.model.Statement;

import dev.lacuna.folder.EntityTable;
import dev.lacuna.folder.BenchmarkFolder;
import dev.lacuna.questions.GiveAway;
import dev.lacuna.questions.Question;
import dev.lacuna.view.KgView;
import dev.lacuna.view.LabelMode;
import dev.lacuna.store.KgGraphs;

/**
 * {@link GiveAway} with the text labels of one KG: at build time from the store's labels graph, at verify time
 * from the folder's entities.tsv (the same rows, see {@link EntityTable}). Names are what {@code --labels text}
 * shows, through {@link KgView#entityName}, so the judgement is that of every text rendering.
 */
public final class GiveAwayCheck {
    private GiveAwayCheck() {
    }

    /** The judge of a build, from the statements of the KG's labels graph. */
    public static GiveAway judge(KgGraphs kg, Collection<Statement> labels) {
        Map<String, String> names = new HashMap<>();
        EntityTable.rows(kg, labels).forEach((id, row) -> {
            String privateId = Long.toString(id);
            names.put(privateId, KgView.entityName(LabelMode.TEXT, privateId, row[0], row[1]));
        });
        return new GiveAway(id -> names.getOrDefault(id, id));
    }

    /** The judge of a folder, from its entities.tsv. */
    static GiveAway judge(BenchmarkFolder folder) {
        Map<String, BenchmarkFolder.Entity> entities = folder.entities();
        return new GiveAway(id -> {
            BenchmarkFolder.Entity e = entities.get(id);
            return e == null ? id : KgView.entityName(LabelMode.TEXT, id, e.sourceId(), e.label());
        });
    }

    /** verify's check: no question gives its answer away; each one that does is named. */
    static Verifier.Check check(BenchmarkFolder folder, List<Question> questions) {
        GiveAway judge = judge(folder);
        List<String> failures = new ArrayList<>();
        for (Question q : questions) {
            Optional<String> problem = judge.problem(q);
            problem.ifPresent(failures::add);
        }
        return new Verifier.Check("no question gives its answer away (topic, text labels)", questions.size(), failures);
    }
}
