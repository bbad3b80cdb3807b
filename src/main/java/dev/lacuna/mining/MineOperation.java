package dev.lacuna.mining;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.RepositoryResult;

import dev.lacuna.BadInputException;
import dev.lacuna.Messages;
import dev.lacuna.Progress;
import dev.lacuna.rules.AmieRules;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.RuleGraph;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.SourceNames;
import dev.lacuna.store.LacunaVocab;

/**
 * What {@code lacuna mine} does: mine a KG file or a stored KG's {@code complete} graph, write AMIE3's TSV and, for a
 * stored KG mined whole, keep the rules in its {@code benchmark} graph. The command only parses options into
 * {@link Settings} and reports the {@link Result}.
 */
public final class MineOperation {
    /** The miner's thresholds, the part of the head relations to mine, the rules file (or null) and --force. */
    public record Settings(MinerOptions options, HeadPartition heads, Path output, boolean force) {
    }

    /** The rules mined, the graph they were stored in (null when only a file was written), and the time taken. */
    public record Result(List<MinedRule> rules, KgGraphs storedIn, double seconds) {
    }

    private final Settings settings;
    private final Progress.Channel progress;
    private final Consumer<String> notes;

    /** {@code notes} gets one line saying what is mined; {@code progress} the miner's progress. */
    public MineOperation(Settings settings, Progress.Channel progress, Consumer<String> notes) {
        this.settings = settings;
        this.progress = progress;
        this.notes = notes;
    }

    /** Mines a KG file (read as {@code lacuna load} reads it) into the rules file, which must be given. */
    public Result mineFile(Path input) {
        long t0 = System.nanoTime();
        KgIndex kg = KgIndex.fromTsv(input);
        if (kg.tripleCount() == 0) {
            throw new BadInputException(input.toString(), -1, -1, "no triples: nothing to mine");
        }
        List<MinedRule> rules = mine(kg);
        AmieRules.writeMined(rules, settings.output());
        return new Result(rules, null, seconds(t0));
    }

    /**
     * Mines a stored KG. The rules go to the rules file if one is given, and into the KG's benchmark graph unless only
     * a part of the head relations was mined (the merged file is imported instead).
     */
    public Result mineStore(Repository repository, KgGraphs kg) {
        long t0 = System.nanoTime();
        try (RepositoryConnection c = repository.getConnection()) {
            RuleGraph.refuseReplacingBuild(c, kg, settings.force());
            // a relation name the KG lacks is refused before the KG is read, as the rest of the options are
            List<String> relations = storedRelations(c, kg);
            if (!relations.isEmpty()) {
                settings.options().relations().resolve(relations, "KG '" + kg.name() + "'");
            }
        }
        KgIndex index = KgIndex.fromRepository(repository, kg);
        if (index.tripleCount() == 0) {
            throw new BadInputException("KG '" + kg.name() + "' has no triples in its graph " + kg.complete()
                    + ": load it first (lacuna load --kg " + kg.name() + " FILE)");
        }
        List<MinedRule> rules = mine(index);
        if (settings.output() != null) {
            AmieRules.writeMined(rules, settings.output());
        }
        if (!settings.heads().equals(HeadPartition.ALL)) {
            return new Result(rules, null, seconds(t0));
        }
        try (RepositoryConnection c = repository.getConnection()) {
            RuleGraph.write(c, kg, rules, RuleGraph.MINED_BY_LACUNA);
        }
        return new Result(rules, kg, seconds(t0));
    }

    /**
     * Mines an index already read, reporting as {@code lacuna mine} does (the note line, then the miner's progress):
     * {@code lacuna build} without {@code --rules} mines through here, writing no file and storing nothing itself.
     */
    public List<MinedRule> mine(KgIndex kg) {
        List<String> relations = relationNames(kg);
        // names checked against the KG before any work: a mistyped relation would otherwise mine everything
        MinerOptions options = settings.options().withRelations(settings.options().relations().resolve(relations,
                "the KG mined"));
        HeadPartition heads = settings.heads();
        refuseUnwritableNames(kg);
        String kept = options.relations().describe(relations);
        notes.accept(String.format(Locale.ROOT, "mining %,d triples, %,d entities, %,d relations (minhc %s, minc %s, "
                + "minpca %s, maxad %d, %d threads%s%s)%s", kg.tripleCount(), kg.entityCount(), kg.relationCount(),
                options.minHeadCoverage(), options.minStdConfidence(), options.minPcaConfidence(), options.maxAtoms(),
                options.threads(), options.constants() ? ", with constants" : "",
                heads.equals(HeadPartition.ALL) ? "" : ", head relations part " + heads,
                kept == null ? "" : "; relations " + kept));
        return new Miner(kg, options, progress, heads).mine();
    }

    /**
     * Refuses, before hours of mining, a KG whose rules no rule file could hold: a relation name with whitespace (a
     * store loaded before load refused such names). A constant that no rule file can hold is left out of the rules
     * instead, with a warning (see {@code ConstantLanguage}): most entities never become constants.
     */
    static void refuseUnwritableNames(KgIndex kg) {
        for (int r = 0; r < kg.relationCount(); r++) {
            SourceNames.Problem p = SourceNames.relationProblem(kg.relationName(r));
            if (p != null) {
                throw new BadInputException("relation '" + Messages.echo(kg.relationName(r)) + "' " + p.text()
                        + "; load the KG again with the relation renamed");
            }
        }
    }

    /**
     * A stored KG's relation names as its load recorded them in the labels graph, sorted (none for a KG that is not
     * loaded): to check options that name relations before the KG is read.
     */
    public static List<String> storedRelations(RepositoryConnection conn, KgGraphs kg) {
        List<String> names = new ArrayList<>();
        try (RepositoryResult<Statement> it = conn.getStatements(null, LacunaVocab.SOURCE_NAME, null, false, kg.labels())) {
            for (Statement st : it) {
                if (st.getSubject().stringValue().startsWith(kg.relationPrefix())) {
                    names.add(st.getObject().stringValue());
                }
            }
        }
        names.sort(null);
        return names;
    }

    /** The KG's relation names, in id order. */
    public static List<String> relationNames(KgIndex kg) {
        List<String> names = new ArrayList<>(kg.relationCount());
        for (int r = 0; r < kg.relationCount(); r++) {
            names.add(kg.relationName(r));
        }
        return names;
    }

    private static double seconds(long t0) {
        return (System.nanoTime() - t0) / 1e9;
    }
}
