package dev.lacuna.folder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Literal;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.model.util.Values;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.RepositoryResult;

import dev.lacuna.LacunaException;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.LacunaVocab;

/**
 * The store's record of a KG's published build, in the graph {@code kg/NAME/builds} (never exported, so folders
 * stay byte-identical): the folder it was written to, and, from a build's commit until its finished folder is
 * renamed into place, that build as unfinished. A build commits its graphs, then runs its own verify, then renames
 * its folder: killed in between (during the verify, or while the store is put back after a verify that failed), it
 * leaves a store serving a new, unverified graph while the benchmark folder is the old one. The mark is written in
 * the commit's own transaction and removed after the rename (or by the rollback of a failed verify, which puts the
 * record back as it was), so {@code serve} and {@code verify} can say plainly that the store holds no finished
 * benchmark, and what to run.
 */
public final class BuildRecord {
    /** The folder the published build was written to (an absolute path). */
    public static final IRI FOLDER = LacunaVocab.iri("benchmarkFolder");
    /** The finished folder of a committed build, waiting to be renamed to {@link #FOLDER}. */
    static final IRI UNFINISHED_FOLDER = LacunaVocab.iri("unfinishedFolder");
    /** The SHA-256 of that folder's summary.json: once renamed, the folder at {@link #FOLDER} has it. */
    static final IRI UNFINISHED_SUMMARY = LacunaVocab.iri("unfinishedSummary");
    private static final ValueFactory VF = SimpleValueFactory.getInstance();

    private BuildRecord() {
    }

    /** The graph of the record: not exported, so that folders stay byte-identical. */
    public static IRI graph(KgGraphs kg) {
        return Values.iri(kg.prefix() + "builds");
    }

    /** The statements that record {@code out} as the published build's folder. */
    public static List<Statement> published(KgGraphs kg, Path out) {
        return List.of(VF.createStatement(kg.kg(), FOLDER, VF.createLiteral(absolute(out).toString()), graph(kg)));
    }

    /**
     * The statements that mark the build whose finished folder is {@code finished} as unfinished: added in the
     * transaction that commits the build, removed by {@link #finished} once the folder is in place.
     */
    public static List<Statement> unfinished(KgGraphs kg, Path finished) {
        return List.of(
                VF.createStatement(kg.kg(), UNFINISHED_FOLDER, VF.createLiteral(absolute(finished).toString()), graph(kg)),
                VF.createStatement(kg.kg(), UNFINISHED_SUMMARY, VF.createLiteral(summaryDigest(finished)), graph(kg)));
    }

    /** After the rename: the build is finished; the mark goes, in a transaction of its own. */
    public static void finished(Repository repository, KgGraphs kg) {
        try (RepositoryConnection c = repository.getConnection()) {
            c.begin();
            c.remove(kg.kg(), UNFINISHED_FOLDER, null, graph(kg));
            c.remove(kg.kg(), UNFINISHED_SUMMARY, null, graph(kg));
            c.commit();
        }
    }

    /** The folder the store's published build was written to, or null. */
    public static String publishedFolder(Repository repository, KgGraphs kg) {
        try (RepositoryConnection c = repository.getConnection()) {
            return value(c, kg, FOLDER);
        }
    }

    /**
     * A build of the KG committed to the store and not finished: its graphs are served, and its folder is not at
     * {@code --out}. Empty when the store holds a finished build, or none. A build whose folder was renamed and
     * whose mark was not yet removed (a kill between the two) is finished: its summary.json is at {@code --out}.
     */
    public static Optional<Interrupted> interrupted(Repository repository, KgGraphs kg) {
        String target;
        String folder;
        String digest;
        try (RepositoryConnection c = repository.getConnection()) {
            folder = value(c, kg, UNFINISHED_FOLDER);
            if (folder == null) {
                return Optional.empty();
            }
            target = value(c, kg, FOLDER);
            digest = value(c, kg, UNFINISHED_SUMMARY);
        }
        Path out = target == null ? null : Path.of(target);
        Path finished = Path.of(folder);
        boolean renamed = !Files.exists(finished) && out != null && digest != null
                && Files.isRegularFile(out.resolve(BenchmarkFolder.SUMMARY)) && digest.equals(summaryDigest(out));
        return renamed ? Optional.empty() : Optional.of(new Interrupted(kg.name(), out, finished));
    }

    /**
     * A build interrupted after its commit: the store holds its graphs, unverified, while {@code out} (its
     * {@code --out}) holds the folder of the build before it, or nothing; {@code finished} is its own folder, still
     * beside {@code out} unless it was removed.
     */
    public record Interrupted(String kg, Path out, Path finished) {
        /** What happened and what to run, in one paragraph. */
        public String message() {
            String folder = out == null ? "its output folder" : out.toString();
            return "the store holds a build of KG '" + kg + "' that was interrupted after its commit (killed during its"
                    + " own verify, while a failed verify was being undone, or before its folder was renamed into place):"
                    + " the graphs incomplete and benchmark are that build's, unverified, and " + folder + " is not their"
                    + " folder" + (Files.isDirectory(finished) ? " (the build's own folder waits at " + finished + ")" : "")
                    + ". Run that lacuna build again with --force and the same options (--out " + folder + ") to finish"
                    + " it, or build the benchmark you want to serve with --force; until then serve refuses the graphs"
                    + " a build writes (--expose complete still serves the KG as loaded)";
        }
    }

    private static String value(RepositoryConnection c, KgGraphs kg, IRI property) {
        try (RepositoryResult<Statement> it = c.getStatements(kg.kg(), property, null, false, graph(kg))) {
            for (Statement st : it) {
                if (st.getObject() instanceof Literal l) {
                    return l.getLabel();
                }
            }
        }
        return null;
    }

    private static Path absolute(Path p) {
        return p.toAbsolutePath().normalize();
    }

    /** SHA-256 of the folder's summary.json in hex; "" when it cannot be read. */
    static String summaryDigest(Path folder) {
        try {
            byte[] bytes = Files.readAllBytes(folder.resolve(BenchmarkFolder.SUMMARY));
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (IOException e) {
            return "";
        } catch (NoSuchAlgorithmException e) {
            throw new LacunaException("no SHA-256 in this Java", e);
        }
    }
}
