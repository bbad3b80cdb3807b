package dev.lacuna.serve;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.query.Dataset;
import org.eclipse.rdf4j.query.impl.SimpleDataset;
import org.eclipse.rdf4j.repository.Repository;

import dev.lacuna.store.GraphRole;

/**
 * One served path. A graph target has a fixed dataset, the graph as default graph and as the one named graph (so
 * Lacuna's own responders, which say {@code GRAPH <incomplete>}, work through it), which overrides FROM, FROM
 * NAMED, default-graph-uri and named-graph-uri: nothing else in the store is reachable.
 * Only {@code --expose all} has a target without a graph (role null), which serves the store as it is.
 *
 * @param runCopy the copy of a writable run that keeps what updates change, or null
 */
record Target(String path, GraphRole role, IRI graph, Repository repository, Dataset dataset, RunCopy runCopy) {

    static Target graph(String path, GraphRole role, IRI graph, Repository repository) {
        return graph(path, role, graph, repository, null);
    }

    /** A graph served from {@code repository}; updates to it are reported to {@code runCopy} when not null. */
    static Target graph(String path, GraphRole role, IRI graph, Repository repository, RunCopy runCopy) {
        SimpleDataset d = new SimpleDataset();
        d.addDefaultGraph(graph);
        d.addNamedGraph(graph);
        return new Target(path, role, graph, repository, d, runCopy);
    }

    static Target everything(String path, Repository repository) {
        return new Target(path, null, null, repository, null, null);
    }

    String describe() {
        if (role == null) {
            return "every graph of the store (labels and benchmark answers included)";
        }
        return switch (role) {
            case COMPLETE -> "the complete graph (the knowledge graph as loaded)";
            case INCOMPLETE -> "the incomplete graph (the benchmark's deleted triples removed)";
            // Said no more plainly: which facts are wrong or gone is what the system under test must find out.
            case REPLACED -> "the replaced graph of the benchmark";
            case NOISY -> "the noisy graph of the benchmark";
        };
    }
}
