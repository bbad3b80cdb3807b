package dev.lacuna.store;

import java.util.function.Function;

import org.eclipse.rdf4j.common.transaction.IsolationLevels;
import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.RepositoryResult;

import dev.lacuna.Progress;

/**
 * Copies one named graph from one store into another, replacing that graph there, committed in batches so that a
 * large graph never sits in one transaction of the target. Shared by the views serve and export build, by the
 * copy a writable endpoint serves and by the copy an endpoint in front of a remote store serves.
 */
public final class GraphCopy {
    private static final int BATCH = 50_000;

    private GraphCopy() {
    }

    /**
     * @param map each explicit statement of {@code graph} in {@code in} as it is written to {@code out} (its
     *            context is set to {@code graph})
     * @return the statements written
     */
    public static long copy(RepositoryConnection in, RepositoryConnection out, IRI graph,
                            Function<Statement, Statement> map) {
        return copy(in, out, graph, map, Progress.NONE);
    }

    /** As {@link #copy(RepositoryConnection, RepositoryConnection, IRI, Function)}, a step of progress per batch. */
    public static long copy(RepositoryConnection in, RepositoryConnection out, IRI graph,
                            Function<Statement, Statement> map, Progress progress) {
        out.setIsolationLevel(IsolationLevels.NONE);
        out.begin();
        out.clear(graph);
        long triples = 0;
        int inBatch = 0;
        try (RepositoryResult<Statement> statements = in.getStatements(null, null, null, false, graph)) {
            for (Statement st : statements) {
                Statement written = map.apply(st);
                out.add(written.getSubject(), written.getPredicate(), written.getObject(), graph);
                triples++;
                if (++inBatch == BATCH) {
                    progress.step(inBatch);
                    out.commit();
                    out.begin();
                    inBatch = 0;
                }
            }
        }
        out.commit();
        progress.step(inBatch);
        return triples;
    }
}
