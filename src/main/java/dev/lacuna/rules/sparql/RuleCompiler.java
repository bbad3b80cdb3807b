package dev.lacuna.rules.sparql;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.model.util.Values;
import org.eclipse.rdf4j.sparqlbuilder.constraint.Expression;
import org.eclipse.rdf4j.sparqlbuilder.constraint.Expressions;
import org.eclipse.rdf4j.sparqlbuilder.constraint.Operand;
import org.eclipse.rdf4j.sparqlbuilder.constraint.SparqlFunction;
import org.eclipse.rdf4j.sparqlbuilder.core.Orderable;
import org.eclipse.rdf4j.sparqlbuilder.core.SparqlBuilder;
import org.eclipse.rdf4j.sparqlbuilder.core.Variable;
import org.eclipse.rdf4j.sparqlbuilder.core.query.Queries;
import org.eclipse.rdf4j.sparqlbuilder.core.query.SelectQuery;
import org.eclipse.rdf4j.sparqlbuilder.graphpattern.GraphPattern;
import org.eclipse.rdf4j.sparqlbuilder.graphpattern.GraphPatterns;
import org.eclipse.rdf4j.sparqlbuilder.graphpattern.SubSelect;
import org.eclipse.rdf4j.sparqlbuilder.graphpattern.TriplePattern;
import org.eclipse.rdf4j.sparqlbuilder.rdf.Rdf;
import org.eclipse.rdf4j.sparqlbuilder.rdf.RdfObject;
import org.eclipse.rdf4j.sparqlbuilder.rdf.RdfSubject;

import dev.lacuna.BadInputException;
import dev.lacuna.Messages;
import dev.lacuna.rules.Atom;
import dev.lacuna.rules.Rule;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.SparqlFiles;

/**
 * Compiles a Horn rule into SPARQL over one named graph of a knowledge graph, with RDF4J's SparqlBuilder.
 * Every pattern is wrapped in {@code GRAPH <g>} because some stores (GraphDB) make the default graph the
 * union of all graphs. Rule variables keep their AMIE3 names ({@code ?a ?b ?c ...}); the head is
 * {@code ?a r ?b}, or with a constant (mine --const) {@code ?a r C} / {@code C r ?a}; a constant is written as
 * its entity IRI. Variables are not injective (two may bind the same entity), as in AMIE3, so no query
 * filters {@code ?x != ?y} except where a grounding would use its own head triple as a body triple.
 *
 * <p>Constants (a topic entity, a head pair to check) are written into the query rather than bound at run
 * time, so that the printed text runs unchanged in any SPARQL client and every store's optimiser sees them.
 */
public final class RuleCompiler {
    /** The fresh variable of the PCA's {@code r(x, z)}; rule variables are a letter and optional digits. */
    static final Variable PCA_OTHER = SparqlBuilder.var("other");
    static final Variable SUPPORT = SparqlBuilder.var("support");
    static final Variable BODY_SIZE = SparqlBuilder.var("bodySize");
    static final Variable PCA_BODY_SIZE = SparqlBuilder.var("pcaBodySize");

    private final KgGraphs kg;

    public RuleCompiler(KgGraphs kg) {
        this.kg = kg;
    }

    public KgGraphs kg() {
        return kg;
    }

    /**
     * Throws if the rule cannot be compiled into a safe query: both head variables must occur in the body,
     * otherwise a prediction would be "every entity" (and SPARQL would leave the variable unbound), and every
     * constant must be an entity IRI of the KG ({@link EntityConstants#resolve} makes it one), else the query would
     * match nothing.
     */
    public static void requireCompilable(Rule rule, KgGraphs kg) {
        for (int v = 0; v < rule.variableCount(); v++) {
            if (!rule.head().uses(v)) {
                continue;
            }
            int variable = v;
            boolean used = rule.body().stream().anyMatch(atom -> atom.uses(variable));
            if (!used) {
                throw new BadInputException("rule '" + rule.toAmie() + "': head variable " + Rule.variableName(v)
                        + " does not occur in the body, so the rule cannot be grounded");
            }
        }
        for (Atom a : rule.body()) {
            constantIri(rule, a.subjectConstant(), kg);
            constantIri(rule, a.objectConstant(), kg);
        }
        constantIri(rule, rule.head().subjectConstant(), kg);
        constantIri(rule, rule.head().objectConstant(), kg);
    }

    /**
     * The IRI of a rule's constant (mine --const): an entity IRI of the KG. Rules mined from a store name entities
     * so; rules mined from a file name them by the file's names, which {@link EntityConstants#resolve} turns into
     * IRIs first. Anything else (an absolute IRI such as {@code wd:Q96} that is no entity of the KG) is refused.
     */
    static IRI constantIri(Rule rule, String constant, KgGraphs kg) {
        if (constant == null) {
            return null;
        }
        if (EntityConstants.isEntityIri(kg, constant)) {
            return Values.iri(constant);
        }
        throw new BadInputException("rule '" + Messages.echo(rule.toAmie()) + "': constant '" + Messages.echo(constant)
                + "' is not an entity IRI of KG '" + kg.name() + "' (a rule file names entities by the KG file's names;"
                + " build and compile map them to the KG's entity IRIs through its labels graph)");
    }

    /** The SPARQL variable of rule variable {@code v}: ?a, ?b, ?c ... */
    public static Variable variable(int v) {
        return SparqlBuilder.var(Rule.variableName(v).substring(1));
    }

    // ---------------------------------------------------------------- 1. groundings

    /**
     * All groundings (bindings of every variable, projected in variable order ?a ?b ?c ...) whose body and
     * head hold in the graph, except those whose head triple is one of its own body triples (such a
     * grounding would delete its own evidence). Unordered.
     */
    public String groundings(Rule rule, IRI graph) {
        return groundingQuery(rule, graph).getQueryString();
    }

    /**
     * Up to {@code limit} groundings drawn reproducibly with a seed: ordered by the MD5 of the seed and the
     * bindings' IRIs (see {@link #samplingKey}), which any SPARQL 1.1 store computes identically, then cut.
     */
    public String sampledGroundings(Rule rule, IRI graph, int limit, long seed) {
        if (limit <= 0) {
            throw new BadInputException("the number of groundings must be positive, got " + limit);
        }
        SelectQuery q = groundingQuery(rule, graph);
        List<Operand> parts = new ArrayList<>();
        parts.add(Rdf.literalOf(Long.toString(seed)));
        for (int v = 0; v < rule.variableCount(); v++) {
            parts.add(Rdf.literalOf(" "));
            parts.add(Expressions.str(variable(v)));
        }
        Expression<?> key = Expressions.function(SparqlFunction.MD5, Expressions.concat(parts.toArray(Operand[]::new)));
        List<Orderable> order = new ArrayList<>();
        order.add(key);
        for (int v = 0; v < rule.variableCount(); v++) {
            order.add(variable(v)); // tie-break, for a store whose MD5 ever collides
        }
        return q.orderBy(order.toArray(Orderable[]::new)).limit(limit).getQueryString();
    }

    /** The string whose MD5 orders the sampled groundings: the seed, then each binding's IRI, space-separated. */
    public static String samplingKey(long seed, List<? extends Value> bindings) {
        StringBuilder sb = new StringBuilder(Long.toString(seed));
        for (Value v : bindings) {
            sb.append(' ').append(v.stringValue());
        }
        return sb.toString();
    }

    private SelectQuery groundingQuery(Rule rule, IRI graph) {
        requireCompilable(rule, kg);
        List<Atom> atoms = new ArrayList<>();
        atoms.add(rule.head());
        atoms.addAll(rule.body());
        GraphPattern pattern = GraphPatterns.and(triples(atoms, Map.of()));
        Atom head = rule.head();
        for (Atom atom : rule.body()) {
            if (atom.relation().equals(head.relation())) {
                List<Operand> differs = new ArrayList<>();
                boolean canEqualHead = true;
                for (boolean subjectSide : new boolean[] {true, false}) {
                    int v = subjectSide ? atom.subject() : atom.object();
                    int w = subjectSide ? head.subject() : head.object();
                    String c = subjectSide ? atom.subjectConstant() : atom.objectConstant();
                    String d = subjectSide ? head.subjectConstant() : head.objectConstant();
                    if (c != null && d != null) {
                        canEqualHead &= c.equals(d);
                    } else if (c != null || d != null || v != w) {
                        differs.add(Expressions.notEquals(operand(rule, v, c), operand(rule, w, d)));
                    }
                }
                if (canEqualHead && !differs.isEmpty()) {
                    pattern = pattern.filter(differs.size() == 1 ? (Expression<?>) differs.get(0)
                            : Expressions.or(differs.toArray(Operand[]::new)));
                }
            }
        }
        List<Variable> projection = new ArrayList<>();
        for (int v = 0; v < rule.variableCount(); v++) {
            projection.add(variable(v));
        }
        return Queries.SELECT(projection.toArray(Variable[]::new)).distinct()
                .where(pattern.from(Rdf.iri(graph)));
    }

    private Operand operand(Rule rule, int variable, String constant) {
        return constant != null ? Rdf.iri(constantIri(rule, constant, kg)) : variable(variable);
    }

    // ---------------------------------------------------------------- 2. predictions

    /** Head pairs (?a ?b) whose body holds in the graph but whose head does not: what the rule would add. */
    public String predictions(Rule rule, IRI graph) {
        return headQuery(rule, graph, Map.of(), true, 0, 1);
    }

    /**
     * The answers (?b for a topic on the HEAD side, ?a for TAIL) that the rule predicts for a topic entity:
     * the body holds with the topic in place, the head triple does not.
     */
    public String predictions(Rule rule, IRI graph, IRI topic, Side side) {
        return headQuery(rule, graph, Map.of(side.topicVariable(), topic), true, side.answerVariable());
    }

    /**
     * The answers the rule derives for a topic entity whether or not the head triple is already there: the
     * body holds with the topic in place. This is what a rule-based responder answers a question with.
     */
    public String derivations(Rule rule, IRI graph, IRI topic, Side side) {
        return headQuery(rule, graph, Map.of(side.topicVariable(), topic), false, side.answerVariable());
    }

    /**
     * For a head with a constant ({@code ?a r C} or {@code C r ?a}): the values of ?a for which the body holds,
     * i.e. what the rule derives for the constant's side.
     */
    public String headVariableValues(Rule rule, IRI graph) {
        requireCompilable(rule, kg);
        if (!rule.head().hasConstant()) {
            throw new BadInputException("rule '" + rule.toAmie() + "' has no constant in its head: use predictions");
        }
        return Queries.SELECT(variable(0)).distinct()
                .where(GraphPatterns.and(triples(rule.body(), Map.of())).from(Rdf.iri(graph)))
                .getQueryString();
    }

    private String headQuery(Rule rule, IRI graph, Map<Integer, IRI> constants, boolean headMissing,
            int... projected) {
        requireCompilable(rule, kg);
        requireTwoHeadVariables(rule, "predictions");
        GraphPattern pattern = GraphPatterns.and(triples(rule.body(), constants));
        if (headMissing) {
            pattern = pattern.filterNotExists(triple(rule.head(), constants));
        }
        List<Variable> projection = new ArrayList<>();
        for (int v : projected) {
            projection.add(variable(v));
        }
        return Queries.SELECT(projection.toArray(Variable[]::new)).distinct()
                .where(pattern.from(Rdf.iri(graph)))
                .getQueryString();
    }

    // ---------------------------------------------------------------- 3. body check

    /**
     * ASK whether some grounding of the body holds in the graph for the head pair (subject, object): the
     * inferability check of the paper's appendix H. With a null subject or object that head variable stays
     * free (?a, ?b), to be bound by the caller's client.
     */
    public String bodyCheck(Rule rule, IRI graph, IRI subject, IRI object) {
        requireCompilable(rule, kg);
        Atom head = rule.head();
        Map<Integer, IRI> constants = new HashMap<>();
        List<Expression<?>> sameConstant = new ArrayList<>();
        for (boolean subjectSide : new boolean[] {true, false}) {
            IRI given = subjectSide ? subject : object;
            String c = subjectSide ? head.subjectConstant() : head.objectConstant();
            if (given == null) {
                continue;
            }
            if (c != null) {
                // the head's constant: the pair must have that entity on this side
                sameConstant.add(Expressions.equals(Rdf.iri(given), Rdf.iri(constantIri(rule, c, kg))));
            } else {
                constants.put(subjectSide ? head.subject() : head.object(), given);
            }
        }
        GraphPattern body = GraphPatterns.and(triples(rule.body(), constants));
        for (Expression<?> e : sameConstant) {
            body = body.filter(e);
        }
        return new AskQuery().where(body.from(Rdf.iri(graph))).getQueryString();
    }

    /**
     * {@link #bodyCheck} for many (subject, object) pairs of one rule in one query: the pairs in a VALUES block
     * on the head's two variables, and the pairs for which the body holds as the result (SELECT DISTINCT).
     * Only for a head of two distinct variables ({@link #batchableBodyCheck}). The body is asked as FILTER EXISTS,
     * so that the store stops at a pair's first grounding instead of joining out all of them only for DISTINCT to
     * drop them: at FB15k-237 (the 2,174 rules of its questions, up to three body atoms, hub entities) it took the
     * queries of verify from 2.6 to 1.4 s of CPU.
     */
    public String bodyChecks(Rule rule, IRI graph, List<List<IRI>> pairs) {
        requireCompilable(rule, kg);
        if (!batchableBodyCheck(rule)) {
            throw new IllegalArgumentException("rule '" + rule.toAmie() + "': head is not two distinct variables");
        }
        Variable s = variable(rule.head().subject());
        Variable o = variable(rule.head().object());
        org.eclipse.rdf4j.sparqlbuilder.constraint.Values.ValuesBuilder rows = null;
        org.eclipse.rdf4j.sparqlbuilder.constraint.Values.VariablesBuilder vars =
                org.eclipse.rdf4j.sparqlbuilder.constraint.Values.builder().variables(s, o);
        for (List<IRI> pair : pairs) {
            rows = (rows == null ? vars.iriValues(pair.get(0), pair.get(1)) : rows.iriValues(pair.get(0), pair.get(1)));
        }
        if (rows == null) {
            throw new IllegalArgumentException("no pairs to check");
        }
        // The graph around both, as sparqlbuilder writes FILTER EXISTS GRAPH without the braces SPARQL requires.
        GraphPattern body = GraphPatterns.and(triples(rule.body(), Map.of()));
        return Queries.SELECT(s, o).distinct()
                .where(GraphPatterns.and(rows.build()).filterExists(body).from(Rdf.iri(graph))).getQueryString();
    }

    /** Whether {@link #bodyChecks} applies: a head without constants whose two variables differ. */
    public static boolean batchableBodyCheck(Rule rule) {
        Atom head = rule.head();
        return head.subjectConstant() == null && head.objectConstant() == null && head.subject() != head.object();
    }

    // ---------------------------------------------------------------- 4. answer completion

    /**
     * Every answer of (topic, relation) in the graph, the topic on the given side: for HEAD the tails of
     * {@code topic relation ?answer}, for TAIL the heads of {@code ?answer relation topic}. Result variable ?answer.
     */
    public String answers(IRI graph, String relation, IRI topic, Side side) {
        Map<String, Value> values = new LinkedHashMap<>();
        values.put("graph", graph);
        values.put("relation", kg.relation(relation));
        values.put("topic", topic);
        return SparqlFiles.render(side == Side.HEAD ? "answers-tail.rq" : "answers-head.rq", values);
    }

    // ---------------------------------------------------------------- 5. counts

    /** AMIE3's support: distinct head pairs (?a, ?b) for which body and head hold. Result variable ?support. */
    public String support(Rule rule, IRI graph) {
        requireCompilable(rule, kg);
        requireTwoHeadVariables(rule, "counts");
        List<Atom> atoms = new ArrayList<>();
        atoms.add(rule.head());
        atoms.addAll(rule.body());
        return countPairs(SUPPORT, GraphPatterns.and(triples(atoms, Map.of())).from(Rdf.iri(graph)));
    }

    /** AMIE3's body size: distinct head pairs for which the body holds. Result variable ?bodySize. */
    public String bodySize(Rule rule, IRI graph) {
        requireCompilable(rule, kg);
        requireTwoHeadVariables(rule, "counts");
        return countPairs(BODY_SIZE, GraphPatterns.and(triples(rule.body(), Map.of())).from(Rdf.iri(graph)));
    }

    /**
     * AMIE3's PCA body size: distinct head pairs for which the body holds and the head relation has some fact
     * on the functional side: {@code r(?a, ?other)} for functional variable -1, {@code r(?other, ?b)} for -2.
     * Result variable ?pcaBodySize. The EXISTS sits inside the GRAPH block, next to the body: measured on
     * Family, 1.2x the time of the support query on RDF4J's memory store and 1.0x on Jena, where joining the
     * distinct pairs with a sub-select of the entities that have such a fact took 1.5x and 2.0-2.3x.
     */
    public String pcaBodySize(Rule rule, IRI graph, int functionalVariable) {
        requireCompilable(rule, kg);
        requireTwoHeadVariables(rule, "counts");
        IRI r = kg.relation(rule.head().relation());
        Variable side;
        TriplePattern functional;
        if (functionalVariable == -1) {
            side = variable(0);
            functional = GraphPatterns.tp(side, r, PCA_OTHER);
        } else if (functionalVariable == -2) {
            side = variable(1);
            functional = GraphPatterns.tp(PCA_OTHER, r, side);
        } else {
            throw new BadInputException("functional variable must be -1 (?a) or -2 (?b), got " + functionalVariable);
        }
        return countPairs(PCA_BODY_SIZE, GraphPatterns.and(triples(rule.body(), Map.of())).filterExists(functional)
                .from(Rdf.iri(graph)));
    }

    /**
     * Queries that pair ?a with ?b (predictions, counts) need a head over two variables; a head with a constant
     * (mine --const) gets a clear error instead of a query that would count the wrong thing.
     */
    private static void requireTwoHeadVariables(Rule rule, String what) {
        if (rule.head().hasConstant()) {
            throw new BadInputException("rule '" + rule.toAmie() + "' has a constant in its head: " + what
                    + " are only compiled for heads over two variables");
        }
    }

    /** {@code SELECT (COUNT(*) AS ?result) WHERE { { SELECT DISTINCT ?a ?b WHERE { pattern } } }}. */
    private static String countPairs(Variable result, GraphPattern pattern) {
        SubSelect pairs = GraphPatterns.select(variable(0), variable(1)).distinct().where(pattern);
        return Queries.SELECT(Expressions.countAll().as(result)).where(pairs).getQueryString();
    }

    // ---------------------------------------------------------------- updates

    /**
     * {@code DELETE DATA { GRAPH <g> { triples } }} for one batch: ground data needs no pattern matching,
     * runs on every SPARQL 1.1 store, and deleting an absent triple is a no-op. Contexts of the statements
     * are ignored; the graph argument decides.
     */
    public static String deleteData(IRI graph, Collection<? extends Statement> triples) {
        if (triples.isEmpty()) {
            throw new IllegalArgumentException("no triples to delete");
        }
        List<TriplePattern> patterns = new ArrayList<>(triples.size());
        for (Statement s : triples) {
            patterns.add(GraphPatterns.tp(s.getSubject(), s.getPredicate(), s.getObject()));
        }
        return Queries.DELETE_DATA(patterns.toArray(TriplePattern[]::new)).from(Rdf.iri(graph)).getQueryString();
    }

    // ---------------------------------------------------------------- patterns

    private TriplePattern triple(Atom atom, Map<Integer, IRI> constants) {
        RdfSubject s = atom.subjectConstant() != null ? Rdf.iri(constantIri(atom.subjectConstant()))
                : subject(atom.subject(), constants);
        RdfObject o = atom.objectConstant() != null ? Rdf.iri(constantIri(atom.objectConstant()))
                : object(atom.object(), constants);
        return GraphPatterns.tp(s, kg.relation(atom.relation()), o);
    }

    private static IRI constantIri(String constant) {
        return Values.iri(constant); // checked by requireCompilable
    }

    private static RdfSubject subject(int v, Map<Integer, IRI> constants) {
        IRI c = constants.get(v);
        return c == null ? variable(v) : Rdf.iri(c);
    }

    private static RdfObject object(int v, Map<Integer, IRI> constants) {
        IRI c = constants.get(v);
        return c == null ? variable(v) : Rdf.iri(c);
    }

    /**
     * The atoms as triple patterns in join order: each next atom is the one sharing the most variables with
     * those already placed (constants count as placed), so no store that joins in written order ever builds
     * a cross product of two unrelated atoms.
     */
    private GraphPattern[] triples(List<Atom> atoms, Map<Integer, IRI> constants) {
        List<Atom> left = new ArrayList<>(atoms);
        Set<Integer> bound = new HashSet<>(constants.keySet());
        bound.add(Atom.CONSTANT); // an entity in the atom binds it like a placed variable
        List<GraphPattern> out = new ArrayList<>();
        while (!left.isEmpty()) {
            int best = 0;
            int bestScore = -1;
            for (int i = 0; i < left.size(); i++) {
                Atom a = left.get(i);
                int score = (bound.contains(a.subject()) ? 1 : 0) + (bound.contains(a.object()) ? 1 : 0);
                if (score > bestScore) {
                    best = i;
                    bestScore = score;
                }
            }
            Atom a = left.remove(best);
            bound.add(a.subject());
            bound.add(a.object());
            out.add(triple(a, constants));
        }
        return out.toArray(GraphPattern[]::new);
    }
}
