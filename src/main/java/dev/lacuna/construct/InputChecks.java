package dev.lacuna.construct;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;

import dev.lacuna.BadInputException;
import dev.lacuna.folder.BenchmarkFolder;
import dev.lacuna.mining.MineOperation;
import dev.lacuna.mining.RelationChoice;
import dev.lacuna.questions.QuestionGenerator;
import dev.lacuna.rules.Atom;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.store.KgGraphs;

/**
 * What a build checks before it does any work, in two parts. {@link #beforeRules} needs no rules: the output folder,
 * the store (the KG loaded, no other folder's build replaced without {@code --force}), the question generator's
 * settings and the relation choice's names. {@code lacuna build} runs it before it mines, so that a refusal never
 * comes after minutes of mining; the build runs it again when it starts, since a caller may give rules directly.
 * {@link #rules} then holds the rules to the relation choice and to the KG's relations.
 */
final class InputChecks {
    private InputChecks() {
    }

    /** The checks that need no rules; returns the KG's relation names. */
    static List<String> beforeRules(Repository repository, KgGraphs kg, BuildSettings settings) {
        BenchmarkFolder.checkTarget(settings.out(), settings.force(), List.of());
        BuildPublication.checkWritable(settings.out());
        List<String> relations;
        try (RepositoryConnection conn = repository.getConnection()) {
            if (!conn.hasStatement(null, null, null, false, kg.complete())) {
                throw new BadInputException("KG '" + kg.name() + "' is not loaded in this store (graph " + kg.complete()
                        + " is empty); run lacuna load first");
            }
            relations = MineOperation.storedRelations(conn, kg);
        }
        BuildPublication.refuseToOrphan(repository, kg, settings.out(), settings.force());
        // a phrase file that does not parse, or an LLM without its key, is refused now rather than after the groundings
        try (QuestionGenerator ignored = settings.generator().create(settings.phraseFile(), settings.llm())) {
            // made and closed: only its settings are checked
        }
        settings.relations().resolve(relations, "KG '" + kg.name() + "'");
        return relations;
    }

    /**
     * The rules the relation choice keeps, every one of whose relations is in the KG.
     *
     * @throws BadInputException (exit 2) for no rules, none kept, or a relation the KG lacks
     */
    static List<MinedRule> rules(Repository repository, KgGraphs kg, List<MinedRule> rules, RelationChoice choice,
                                 List<String> relations) {
        if (rules.isEmpty()) {
            throw new BadInputException("the rule set is empty: nothing can be removed; mine with lower thresholds or give --rules");
        }
        checkRelations(repository, kg, rules);
        List<MinedRule> kept = rules.stream().filter(r -> choice.allows(r.rule())).toList();
        if (kept.isEmpty()) {
            throw new BadInputException("the relation choice leaves none of the " + rules.size() + " rules: "
                    + choice.describe(relations) + "; every rule concludes or uses a relation it keeps out. Give"
                    + " --vocabulary allow (or body) to use the RDF/OWL vocabulary, or other relation lists");
        }
        return kept;
    }

    private static void checkRelations(Repository repository, KgGraphs kg, List<MinedRule> rules) {
        Set<String> checked = new HashSet<>();
        try (RepositoryConnection conn = repository.getConnection()) {
            for (int i = 0; i < rules.size(); i++) {
                List<Atom> atoms = new ArrayList<>(rules.get(i).rule().body());
                atoms.add(rules.get(i).rule().head());
                for (Atom a : atoms) {
                    if (checked.add(a.relation())
                            && !conn.hasStatement(null, kg.relation(a.relation()), null, false, kg.complete())) {
                        throw new BadInputException("rule " + (i + 1) + " (" + rules.get(i).rule().toAmie()
                                + ") uses relation '" + a.relation() + "', which is not in KG '" + kg.name() + "'");
                    }
                }
            }
        }
    }
}
