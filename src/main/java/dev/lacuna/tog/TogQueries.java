package dev.lacuna.tog;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.eclipse.rdf4j.common.net.ParsedIRI;
import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Value;

import dev.lacuna.store.SparqlFiles;

/**
 * ToG's five queries (freebase_func.py): relations out of and into an entity, the entities along a relation either
 * way, and an entity's name; each a file in {@code sparql/} with ToG's template plus DISTINCT and a LIMIT, its terms
 * written as full IRIs so that one file serves every shape.
 *
 * <p>Each distinct query text is sent once per run and what it found kept: the endpoint serves one fixed graph, so the
 * same text always has the same answer, and questions about one topic repeat most of their queries. Concurrent askers
 * of one text wait for the one request.
 *
 * <p>What the endpoint sends is not trusted. A relation or entity goes into the next query only as an IRI that RDF4J's
 * {@link ParsedIRI} accepts and no longer than {@value #MAX_IRI} characters, so that it cannot end its term and write
 * SPARQL of its own; any other is dropped where it is read, and counted. A name longer than {@value ClientLimits#MAX_NAME}
 * characters is cut there and marked with {@value ClientLimits#CUT_MARK}, and counted.
 */
final class TogQueries {
    /** ToG's name for an entity that has none. */
    static final String UNNAMED = "UnName_Entity";
    /** The longest IRI written into a query. */
    static final int MAX_IRI = 4096;

    private static final Map<String, Long> LIMITS = new ConcurrentHashMap<>();
    private static final Pattern LAST_LIMIT = Pattern.compile("\\nLIMIT (\\d+)\\s*$");

    private final EndpointNaming naming;
    private final SparqlClient client;
    private final Map<String, CompletableFuture<Object>> answers = new ConcurrentHashMap<>();
    private final AtomicLong namesCut = new AtomicLong();
    private final AtomicLong skipped = new AtomicLong();

    TogQueries(EndpointNaming naming, SparqlClient client) {
        this.naming = naming;
        this.client = client;
    }

    EndpointNaming naming() {
        return naming;
    }

    /** Relations whose subject is the entity (ToG's "head relations"), namespace stripped. */
    List<String> outgoingRelations(String entity, QuestionTrace trace) {
        return relations("tog-head-relations.rq", entity, trace);
    }

    /** Relations whose object is the entity (ToG's "tail relations"). */
    List<String> incomingRelations(String entity, QuestionTrace trace) {
        return relations("tog-tail-relations.rq", entity, trace);
    }

    private List<String> relations(String file, String entity, QuestionTrace trace) {
        IRI e = naming.entity(entity);
        if (!writable(e)) {
            skipped.incrementAndGet();
            return List.of();
        }
        String q = ask(file, Map.of("entity", e), trace);
        return once(q, () -> {
            List<String> out = new ArrayList<>();
            for (Value v : client.select(q, "relation", limit(file)).values()) {
                // Only an IRI can stand where a relation does; anything else is not a SELECT's answer to this query.
                String name = v.isIRI() ? naming.relationName(v.stringValue()) : null;
                if (name != null && writable(naming.relation(name))) {
                    out.add(name);
                } else {
                    skipped.incrementAndGet();
                }
            }
            return List.copyOf(out);
        });
    }

    /**
     * ToG's {@code entity_search}: the objects of {@code entity relation ?x} when {@code outgoing}, else the subjects
     * of {@code ?x relation entity}; only entities (ToG keeps ids starting {@code m.}). Each found triple is traced.
     * A relation that cannot be written as an IRI (a chat model's reply names any text) is not asked about.
     */
    List<String> entities(String entity, String relation, boolean outgoing, QuestionTrace trace) {
        IRI r = naming.relation(relation);
        IRI e = naming.entity(entity);
        if (!writable(r) || !writable(e)) {
            skipped.incrementAndGet();
            return List.of();
        }
        String file = outgoing ? "tog-tail-entities.rq" : "tog-head-entities.rq";
        String q = ask(file, Map.of("entity", e, "relation", r), trace);
        List<String> ids = once(q, () -> {
            List<String> out = new ArrayList<>();
            for (Value v : client.select(q, "tailEntity", limit(file)).values()) {
                String id = naming.entityId(v.stringValue());
                if (id == null) {
                    continue;
                }
                if (writable(naming.entity(id))) {
                    out.add(id);
                } else {
                    skipped.incrementAndGet();
                }
            }
            return List.copyOf(out);
        });
        if (trace != null) {
            for (String id : ids) {
                if (outgoing) {
                    trace.triple(entity, relation, id);
                } else {
                    trace.triple(id, relation, entity);
                }
            }
        }
        return ids;
    }

    /** ToG's {@code id2entity_name_or_type}: the first name the endpoint gives, or {@value #UNNAMED}. */
    String name(String entity, QuestionTrace trace) {
        IRI e = naming.entity(entity);
        if (!writable(e)) {
            skipped.incrementAndGet();
            return UNNAMED;
        }
        String file = "tog-entity-name.rq";
        String q = ask(file, Map.of("entity", e, "name", naming.nameProperty()), trace);
        return once(q, () -> {
            List<Value> rows = client.select(q, "tailEntity", limit(file)).values();
            return rows.isEmpty() ? UNNAMED : bounded(rows.get(0).stringValue());
        });
    }

    /** Names cut at {@link ClientLimits#MAX_NAME}, once per entity. */
    long namesCut() {
        return namesCut.get();
    }

    /** Values the endpoint (or a chat model) gave that the client would not write into a query. */
    long skipped() {
        return skipped.get();
    }

    /** Answers the endpoint sent past their query's LIMIT. */
    long cutAnswers() {
        return client.cutAnswers();
    }

    private String bounded(String name) {
        if (name.length() <= ClientLimits.MAX_NAME || name.codePointCount(0, name.length()) <= ClientLimits.MAX_NAME) {
            return name;
        }
        namesCut.incrementAndGet();
        return name.substring(0, name.offsetByCodePoints(0, ClientLimits.MAX_NAME)) + ClientLimits.CUT_MARK;
    }

    /** Whether the IRI can be written between {@code <} and {@code >} and mean itself: an absolute IRI, not too long. */
    static boolean writable(IRI iri) {
        String s = iri.stringValue();
        if (s.length() > MAX_IRI) {
            return false;
        }
        try {
            return new ParsedIRI(s).isAbsolute();
        } catch (java.net.URISyntaxException e) {
            return false;
        }
    }

    /** The query's text, traced as the walk asked it. */
    private static String ask(String file, Map<String, IRI> values, QuestionTrace trace) {
        String q = text(file, values);
        if (trace != null) {
            trace.query(q);
        }
        return q;
    }

    @SuppressWarnings("unchecked")
    private <T> T once(String query, Supplier<T> ask) {
        CompletableFuture<Object> mine = new CompletableFuture<>();
        CompletableFuture<Object> known = answers.putIfAbsent(query, mine);
        if (known != null) {
            try {
                return (T) known.join();
            } catch (CompletionException e) {
                throw e.getCause() instanceof RuntimeException r ? r : e;
            }
        }
        try {
            T found = ask.get();
            mine.complete(found);
            return found;
        } catch (RuntimeException e) {
            mine.completeExceptionally(e);
            throw e;
        }
    }

    /** The file's query without its comment lines, which say why and need not travel. */
    private static String text(String file, Map<String, IRI> values) {
        return SparqlFiles.render(file, values).lines().filter(l -> !l.startsWith("#"))
                .collect(Collectors.joining("\n", "", "\n"));
    }

    /**
     * The most rows the file's query asks for: the LIMIT on its last line, outside every group, where each of ToG's
     * query files has it (a test holds this against RDF4J's parse of each file; parsing here would load the SPARQL
     * parser into every run for five numbers).
     */
    static long limit(String file) {
        return LIMITS.computeIfAbsent(file, f -> {
            Matcher m = LAST_LIMIT.matcher(SparqlFiles.load(f));
            return m.find() ? Long.parseLong(m.group(1)) : Long.MAX_VALUE;
        });
    }
}
