package dev.lacuna.evidence;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.rdf4j.model.util.Values;

import dev.lacuna.BadInputException;
import dev.lacuna.depth.FactIndex;
import dev.lacuna.folder.BenchmarkFolder;
import dev.lacuna.folder.Summary;
import dev.lacuna.grounding.Triple;
import dev.lacuna.rules.AmieRules;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.chain.RuleMatcher;
import dev.lacuna.store.GraphRole;
import dev.lacuna.store.KgGraphs;

/**
 * Alternative paths from a benchmark folder's files alone (rules.tsv, entities.tsv, summary.json and the graph files
 * kg/*.tsv), so that neither {@code evaluate} nor a responder that is given them needs the store. The rules and the
 * entity table are read once; each graph is read into memory when first asked for.
 */
public final class FolderPaths {
    private final BenchmarkFolder folder;
    private final int max;
    private final Map<String, BenchmarkFolder.Entity> entities;
    private final List<RuleMatcher> rules;
    private final Map<GraphRole, AlternativePaths> graphs = new EnumMap<>(GraphRole.class);

    private FolderPaths(BenchmarkFolder folder, int max, Map<String, BenchmarkFolder.Entity> entities,
            List<RuleMatcher> rules) {
        this.folder = folder;
        this.max = max;
        this.entities = entities;
        this.rules = rules;
    }

    /** The files a folder needs for alternative paths that it lacks, by name; empty when it has them all. */
    public static List<String> missing(BenchmarkFolder folder, GraphRole graph) {
        List<String> out = new ArrayList<>();
        for (var file : List.of(folder.summaryFile(), folder.entitiesFile(), folder.rulesFile(), folder.graphFile(graph))) {
            if (!Files.isRegularFile(file)) {
                out.add(folder.dir().relativize(file).toString());
            }
        }
        return out;
    }

    /**
     * Reads the folder's rules and entity table. A rule's constant is an entity IRI of the KG (rules mined from a
     * store) or a source id of entities.tsv (rules mined from a file); a rule with a constant the KG lacks has no path.
     *
     * @param max the paths kept per question
     */
    public static FolderPaths read(BenchmarkFolder folder, int max) {
        Summary summary = folder.summary();
        KgGraphs kg = new KgGraphs(summary.base() == null ? KgGraphs.DEFAULT_BASE : summary.base(),
                summary.kg() == null ? KgGraphs.DEFAULT_KG : summary.kg());
        if (!Files.isRegularFile(folder.rulesFile())) {
            throw new BadInputException(folder.rulesFile().toString(), -1, -1,
                    "missing: alternative paths are groundings of the benchmark's rules");
        }
        List<MinedRule> mined = AmieRules.read(folder.rulesFile());
        Map<String, BenchmarkFolder.Entity> entities = folder.entities();
        Map<String, Long> bySource = new HashMap<>();
        if (mined.stream().anyMatch(m -> m.rule().hasConstants())) {
            entities.values().forEach(e -> bySource.putIfAbsent(e.sourceId(), Long.parseLong(e.privateId())));
        }
        List<RuleMatcher> rules = RuleMatcher.compile(mined, c -> c.contains("://")
                ? kg.privateId(Values.iri(c)) : bySource.getOrDefault(c, -1L));
        return new FolderPaths(folder, max, entities, rules);
    }

    /** The entity table, keyed by private id. */
    public Map<String, BenchmarkFolder.Entity> entities() {
        return entities;
    }

    /** The paths of one graph of the folder, its file read on first use. */
    public AlternativePaths graph(GraphRole role) {
        return graphs.computeIfAbsent(role, r -> {
            List<Triple> triples = new ArrayList<>();
            folder.forEachTriple(r, entities, t -> triples.add(
                    new Triple(Long.parseLong(t[0]), t[1], Long.parseLong(t[2]))));
            return new AlternativePaths(FactIndex.of(triples), rules, max);
        });
    }
}
