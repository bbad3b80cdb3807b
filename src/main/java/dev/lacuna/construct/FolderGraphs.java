package dev.lacuna.construct;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Statement;

import dev.lacuna.breakage.BrokenGraphs;
import dev.lacuna.store.KgGraphs;

/** The graphs a build's folder is written from, all in memory; {@code broken} by IRI, as {@link BrokenGraphs} made them. */
record FolderGraphs(List<Statement> complete, Collection<Statement> incomplete, List<Statement> labels,
                            Collection<Statement> benchmark, Map<IRI, Collection<Statement>> broken) {
    Map<IRI, Collection<Statement>> named(KgGraphs kg) {
        Map<IRI, Collection<Statement>> named = new LinkedHashMap<>();
        named.put(kg.complete(), complete);
        named.put(kg.incomplete(), incomplete);
        named.put(kg.labels(), labels);
        named.put(kg.benchmark(), benchmark);
        named.putAll(broken);
        return named;
    }
}
