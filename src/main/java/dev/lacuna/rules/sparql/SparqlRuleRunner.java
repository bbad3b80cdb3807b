package dev.lacuna.rules.sparql;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Literal;
import org.eclipse.rdf4j.model.Resource;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.model.util.Values;
import org.eclipse.rdf4j.query.BindingSet;
import org.eclipse.rdf4j.query.QueryEvaluationException;
import org.eclipse.rdf4j.query.TupleQueryResult;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.RepositoryException;

import dev.lacuna.LacunaException;
import dev.lacuna.rules.Atom;
import dev.lacuna.rules.Rule;
import dev.lacuna.store.Explicit;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.SparqlFiles;
import dev.lacuna.store.StoreKinds;

/**
 * Runs the compiled rule queries on an RDF4J repository: embedded (native, memory, LMDB) or remote
 * (HTTPRepository, SPARQLRepository) alike, since everything is plain SPARQL 1.1 text; only {@link #present} asks an
 * embedded store by statement lookups, as cheaper there. One connection per call, so calls may run on several threads.
 */
public final class SparqlRuleRunner {
    private static final ValueFactory VF = SimpleValueFactory.getInstance();

    /** Where the seeded sample of groundings is drawn; both give the same groundings for the same seed. */
    public enum Sampling {
        /** ORDER BY MD5(seed + bindings) LIMIT n in the store: only n rows travel. */
        IN_STORE,
        /** All groundings fetched, ordered by the same MD5 key in Java, cut to n. */
        IN_JAVA
    }

    /** A SELECT result: column names and rows (a value is null where a variable is unbound). */
    public record Table(List<String> columns, List<List<Value>> rows) {
    }

    /** Topics or triples per batched (VALUES) query: some tens of KB of query text, within every endpoint's limits. */
    public static final int BATCH = 500;

    private final Repository repository;
    private final RuleCompiler compiler;
    private final Sampling sampling;
    private final boolean embedded;

    /**
     * A runner that draws seeded groundings in Java on embedded stores (measured faster there: RDF4J computes
     * MD5 per row slower than the JDK) and in the store behind HTTP (only the sample travels).
     */
    public SparqlRuleRunner(Repository repository, KgGraphs kg) {
        this(repository, kg, StoreKinds.config(repository).embedded() ? Sampling.IN_JAVA : Sampling.IN_STORE);
    }

    public SparqlRuleRunner(Repository repository, KgGraphs kg, Sampling sampling) {
        this.repository = repository;
        this.compiler = new RuleCompiler(kg);
        this.sampling = sampling;
        this.embedded = StoreKinds.config(repository).embedded();
    }

    public RuleCompiler compiler() {
        return compiler;
    }

    public KgGraphs kg() {
        return compiler.kg();
    }

    // ---------------------------------------------------------------- groundings

    /** All groundings of the rule in the graph (see {@link RuleCompiler#groundings}), in store order. */
    public List<GroundingRow> groundings(Rule rule, IRI graph) {
        return toGroundings(rule, select(compiler.groundings(rule, graph)));
    }

    /**
     * Up to {@code limit} groundings drawn with the seed, in sampling-key order: the same on every store and
     * for both {@link Sampling} modes, since the key is the MD5 of the seed and the bindings' IRIs.
     */
    public List<GroundingRow> sampleGroundings(Rule rule, IRI graph, int limit, long seed, Sampling sampling) {
        if (sampling == Sampling.IN_STORE) {
            return toGroundings(rule, select(compiler.sampledGroundings(rule, graph, limit, seed)));
        }
        // Keys straight from the result rows; GroundingRow objects only for the rows that make the cut.
        Table table = select(compiler.groundings(rule, graph));
        MessageDigest md5 = md5();
        HexFormat hex = HexFormat.of();
        List<Map.Entry<String, List<Value>>> keyed = new ArrayList<>(table.rows().size());
        for (List<Value> row : table.rows()) {
            String key = RuleCompiler.samplingKey(seed, row);
            keyed.add(Map.entry(hex.formatHex(md5.digest(key.getBytes(StandardCharsets.UTF_8))), row));
        }
        Comparator<Map.Entry<String, List<Value>>> order = Map.Entry.comparingByKey();
        for (int v = 0; v < rule.variableCount(); v++) {
            int var = v;
            order = order.thenComparing(e -> e.getValue().get(var).stringValue());
        }
        keyed.sort(order);
        List<List<Value>> top = new ArrayList<>(Math.min(limit, keyed.size()));
        for (int i = 0; i < keyed.size() && i < limit; i++) {
            top.add(keyed.get(i).getValue());
        }
        return toGroundings(rule, new Table(table.columns(), top));
    }

    /** Up to {@code limit} seeded groundings, drawn the way this runner was made for (same result either way). */
    public List<GroundingRow> sampleGroundings(Rule rule, IRI graph, int limit, long seed) {
        return sampleGroundings(rule, graph, limit, seed, sampling);
    }

    private List<GroundingRow> toGroundings(Rule rule, Table table) {
        IRI headRelation = kg().relation(rule.head().relation());
        List<IRI> bodyRelations = new ArrayList<>(rule.body().size());
        for (Atom atom : rule.body()) {
            bodyRelations.add(kg().relation(atom.relation()));
        }
        List<GroundingRow> out = new ArrayList<>(table.rows().size());
        for (List<Value> row : table.rows()) {
            List<IRI> bindings = new ArrayList<>(row.size());
            for (Value v : row) {
                bindings.add((IRI) v);
            }
            Statement head = triple(rule.head(), headRelation, bindings);
            List<Statement> body = new ArrayList<>(rule.body().size());
            for (int i = 0; i < rule.body().size(); i++) {
                body.add(triple(rule.body().get(i), bodyRelations.get(i), bindings));
            }
            out.add(new GroundingRow(rule, bindings, head, body));
        }
        return out;
    }

    private static Statement triple(Atom atom, IRI relation, List<IRI> bindings) {
        IRI s = atom.subjectConstant() != null ? Values.iri(atom.subjectConstant())
                : bindings.get(atom.subject());
        IRI o = atom.objectConstant() != null ? Values.iri(atom.objectConstant())
                : bindings.get(atom.object());
        return VF.createStatement(s, relation, o);
    }

    // ---------------------------------------------------------------- predictions, body check, answers

    /** Head pairs the rule would add to the graph, as triples (sorted by subject, then object). */
    public List<Statement> predictions(Rule rule, IRI graph) {
        IRI r = kg().relation(rule.head().relation());
        List<Statement> out = new ArrayList<>();
        for (List<Value> row : select(compiler.predictions(rule, graph)).rows()) {
            out.add(VF.createStatement((IRI) row.get(0), r, row.get(1)));
        }
        out.sort(Comparator.comparing((Statement s) -> s.getSubject().stringValue())
                .thenComparing(s -> s.getObject().stringValue()));
        return out;
    }

    /** The answers the rule predicts (head missing) for a topic on the given side, sorted by IRI. */
    public List<IRI> predictions(Rule rule, IRI graph, IRI topic, Side side) {
        return column(compiler.predictions(rule, graph, topic, side));
    }

    /** The answers the rule derives (head present or not) for a topic on the given side, sorted by IRI. */
    public List<IRI> derivations(Rule rule, IRI graph, IRI topic, Side side) {
        return column(compiler.derivations(rule, graph, topic, side));
    }

    /** Whether some grounding of the body holds in the graph for the head pair (subject, object). */
    public boolean bodyHolds(Rule rule, IRI graph, IRI subject, IRI object) {
        return ask(compiler.bodyCheck(rule, graph, subject, object));
    }

    /**
     * {@link #bodyHolds} for many (subject, object) pairs of one rule: {@link #BATCH} pairs per query (a VALUES
     * block) instead of one ASK per pair, where the rule's head allows it. The result holds the pairs that hold.
     */
    public Set<List<IRI>> bodiesHold(Rule rule, IRI graph, Collection<List<IRI>> pairs) {
        Set<List<IRI>> out = new HashSet<>();
        List<List<IRI>> rows = new ArrayList<>(new LinkedHashSet<>(pairs));
        if (!RuleCompiler.batchableBodyCheck(rule)) {
            for (List<IRI> pair : rows) {
                if (bodyHolds(rule, graph, pair.get(0), pair.get(1))) {
                    out.add(pair);
                }
            }
            return out;
        }
        for (int i = 0; i < rows.size(); i += BATCH) {
            String query = compiler.bodyChecks(rule, graph, rows.subList(i, Math.min(rows.size(), i + BATCH)));
            for (List<Value> row : select(query).rows()) {
                out.add(List.of((IRI) row.get(0), (IRI) row.get(1)));
            }
        }
        return out;
    }

    /** Every answer of (topic, relation) in the graph with the topic on the given side, sorted by IRI. */
    public List<IRI> answers(IRI graph, String relation, IRI topic, Side side) {
        return column(compiler.answers(graph, relation, topic, side));
    }

    /**
     * {@link #answers(IRI, String, IRI, Side)} for many topics of one relation and side, {@link #BATCH} topics per
     * query (a VALUES block) instead of one round trip per topic. Every topic gets its list, empty or sorted by IRI.
     */
    public Map<IRI, List<IRI>> answers(IRI graph, String relation, Collection<IRI> topics, Side side) {
        Map<IRI, List<IRI>> out = new HashMap<>();
        List<List<IRI>> rows = new ArrayList<>();
        for (IRI topic : new LinkedHashSet<>(topics)) {
            out.put(topic, new ArrayList<>());
            rows.add(List.of(topic));
        }
        String file = side == Side.HEAD ? "answers-tail-batch.rq" : "answers-head-batch.rq";
        Map<String, Value> values = Map.of("graph", graph, "relation", kg().relation(relation));
        for (int i = 0; i < rows.size(); i += BATCH) {
            String query = SparqlFiles.render(file, values, Map.of("topics", rows.subList(i, Math.min(rows.size(), i + BATCH))));
            for (List<Value> row : select(query).rows()) {
                List<IRI> answers = out.get((IRI) row.get(0));
                if (answers == null) {
                    throw new LacunaException("batched answer query returned a topic it was not asked about: " + row.get(0));
                }
                answers.add((IRI) row.get(1));
            }
        }
        out.values().forEach(l -> l.sort(Comparator.comparing(IRI::stringValue)));
        return out;
    }

    /**
     * Which of the triples (subject, predicate, object) are in the graph, {@link #BATCH} triples per query
     * (a VALUES block) instead of one round trip per triple. The result holds the present ones as given.
     * An embedded store is asked triple by triple on one connection instead: no round trip to save there, and
     * parsing the VALUES blocks cost three times the lookups (FB15k-237's 9,737 removed triples in both graphs:
     * 0.3-0.7 s of CPU against 0.1-0.2 s).
     */
    public Set<List<Value>> present(IRI graph, Collection<? extends List<? extends Value>> triples) {
        Set<List<Value>> out = new HashSet<>();
        List<List<? extends Value>> rows = new ArrayList<>(new LinkedHashSet<>(triples));
        if (embedded) {
            try (RepositoryConnection c = repository.getConnection()) {
                for (List<? extends Value> row : rows) {
                    // As the query: a subject that is not a resource or a predicate that is not an IRI matches nothing.
                    if (row.get(0) instanceof Resource s && row.get(1) instanceof IRI p
                            && c.hasStatement(s, p, row.get(2), false, graph)) {
                        out.add(List.copyOf(row));
                    }
                }
            } catch (RepositoryException e) {
                throw new LacunaException("lookup failed: " + e.getMessage(), e);
            }
            return out;
        }
        Map<String, Value> values = Map.of("graph", graph);
        for (int i = 0; i < rows.size(); i += BATCH) {
            String query = SparqlFiles.render("triples-present.rq", values,
                    Map.of("triples", rows.subList(i, Math.min(rows.size(), i + BATCH))));
            for (List<Value> row : select(query).rows()) {
                out.add(List.copyOf(row));
            }
        }
        return out;
    }

    private List<IRI> column(String query) {
        List<IRI> out = new ArrayList<>();
        for (List<Value> row : select(query).rows()) {
            out.add((IRI) row.get(0));
        }
        out.sort(Comparator.comparing(IRI::stringValue));
        return out;
    }

    // ---------------------------------------------------------------- counts

    public long support(Rule rule, IRI graph) {
        return count(compiler.support(rule, graph));
    }

    public long bodySize(Rule rule, IRI graph) {
        return count(compiler.bodySize(rule, graph));
    }

    public long pcaBodySize(Rule rule, IRI graph, int functionalVariable) {
        return count(compiler.pcaBodySize(rule, graph, functionalVariable));
    }

    /** Support, body size and PCA body size (three queries). */
    public RuleCounts counts(Rule rule, IRI graph, int functionalVariable) {
        return new RuleCounts(support(rule, graph), bodySize(rule, graph), pcaBodySize(rule, graph, functionalVariable));
    }

    /**
     * AMIE3's functional variable of a head relation in the graph: -1 (?a) if the relation has at least as
     * many distinct subjects as distinct objects, else -2 (?b).
     */
    public int functionalVariable(String relation, IRI graph) {
        List<List<Value>> rows = select(SparqlFiles.render("count-relation.rq",
                Map.of("graph", graph, "relation", kg().relation(relation)))).rows();
        long subjects = ((Literal) rows.get(0).get(1)).longValue();
        long objects = ((Literal) rows.get(0).get(2)).longValue();
        return subjects >= objects ? -1 : -2;
    }

    private long count(String query) {
        Table t = select(query);
        if (t.rows().size() != 1 || t.rows().get(0).get(0) == null) {
            throw new LacunaException("count query returned no count: " + query);
        }
        return ((Literal) t.rows().get(0).get(0)).longValue();
    }

    // ---------------------------------------------------------------- graphs and updates

    /** Whether the named graph holds at least one triple (a missing and an empty graph look alike). */
    public boolean graphExists(IRI graph) {
        return ask(SparqlFiles.render("ask-graph.rq", Map.of("graph", graph)));
    }

    // ---------------------------------------------------------------- plain execution

    /** Runs a SELECT and collects its result. */
    public Table select(String query) {
        try (RepositoryConnection c = repository.getConnection();
                TupleQueryResult result = Explicit.tupleQuery(c, query).evaluate()) {
            List<String> columns = result.getBindingNames();
            List<List<Value>> rows = new ArrayList<>();
            for (BindingSet b : result) {
                List<Value> row = new ArrayList<>(columns.size());
                for (String name : columns) {
                    row.add(b.getValue(name));
                }
                rows.add(row);
            }
            return new Table(List.copyOf(columns), rows);
        } catch (RepositoryException | QueryEvaluationException e) {
            throw new LacunaException("query failed: " + e.getMessage(), e);
        }
    }

    /** Runs an ASK. */
    public boolean ask(String query) {
        try (RepositoryConnection c = repository.getConnection()) {
            return Explicit.booleanQuery(c, query).evaluate();
        } catch (RepositoryException | QueryEvaluationException e) {
            throw new LacunaException("query failed: " + e.getMessage(), e);
        }
    }

    private static MessageDigest md5() {
        try {
            return MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK always has MD5", e);
        }
    }
}
