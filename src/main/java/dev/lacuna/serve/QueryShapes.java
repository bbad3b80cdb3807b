package dev.lacuna.serve;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

import org.eclipse.rdf4j.common.net.ParsedIRI;
import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.query.algebra.And;
import org.eclipse.rdf4j.query.algebra.Compare;
import org.eclipse.rdf4j.query.algebra.Distinct;
import org.eclipse.rdf4j.query.algebra.Filter;
import org.eclipse.rdf4j.query.algebra.Join;
import org.eclipse.rdf4j.query.algebra.LeftJoin;
import org.eclipse.rdf4j.query.algebra.Not;
import org.eclipse.rdf4j.query.algebra.Or;
import org.eclipse.rdf4j.query.algebra.Projection;
import org.eclipse.rdf4j.query.algebra.ProjectionElem;
import org.eclipse.rdf4j.query.algebra.ProjectionElemList;
import org.eclipse.rdf4j.query.algebra.QueryModelNode;
import org.eclipse.rdf4j.query.algebra.QueryRoot;
import org.eclipse.rdf4j.query.algebra.Reduced;
import org.eclipse.rdf4j.query.algebra.SameTerm;
import org.eclipse.rdf4j.query.algebra.SingletonSet;
import org.eclipse.rdf4j.query.algebra.Slice;
import org.eclipse.rdf4j.query.algebra.StatementPattern;
import org.eclipse.rdf4j.query.algebra.TupleExpr;
import org.eclipse.rdf4j.query.algebra.Union;
import org.eclipse.rdf4j.query.algebra.ValueConstant;
import org.eclipse.rdf4j.query.algebra.Var;
import org.eclipse.rdf4j.query.algebra.helpers.AbstractQueryModelVisitor;
import org.eclipse.rdf4j.query.parser.ParsedBooleanQuery;
import org.eclipse.rdf4j.query.parser.ParsedOperation;
import org.eclipse.rdf4j.query.parser.ParsedQuery;
import org.eclipse.rdf4j.query.parser.ParsedTupleQuery;

/**
 * Queries parsed and checked once per shape. ToG-style clients send tens of queries per question from a handful of
 * templates that differ only in an entity's or a relation's IRI; parsing one cost about as much as evaluating it.
 * A shape is the query text with its term IRIs (written out in angle brackets) cut out. The first query of a shape
 * is parsed as usual (every error as before) and once more with each cut-out IRI replaced by a slot IRI of its own,
 * which marks exactly the algebra nodes that IRI became; a later query of that shape gets a copy of that algebra
 * with the slots set to its own IRIs, without parsing.
 *
 * <p>Only what cannot change the algebra's form is cut out: IRIs of the prologue, of FROM, datatypes and function
 * names stay part of the shape, as do comments and strings. A shape whose slots end anywhere but in the constants
 * of plain graph patterns, filters and projections (VALUES, paths, sub-selects, functions...) is never reused; its
 * queries are parsed every time. Text with escapes (which SPARQL decodes before reading) is never cut.
 */
final class QueryShapes {
    private static final String SLOT = "urn:lacuna:query-shape-slot:";
    private static final SimpleValueFactory VF = SimpleValueFactory.getInstance();
    /** The algebra nodes a reusable shape may hold: those of ToG's and PoG's one- and two-pattern queries and kin. */
    private static final Set<Class<?>> PLAIN = Set.of(Projection.class, ProjectionElemList.class, ProjectionElem.class,
            Distinct.class, Reduced.class, Slice.class, Join.class, LeftJoin.class, Union.class, Filter.class,
            StatementPattern.class, Var.class, ValueConstant.class, Compare.class, SameTerm.class, And.class,
            Or.class, Not.class, SingletonSet.class, QueryRoot.class);

    /**
     * The longest text kept as a shape: the cache holds at most capacity of them, whatever clients send. Template
     * queries are a few hundred characters.
     */
    static final int MAX_TEXT = 4096;

    /** A parsed shape: its algebra with slot IRIs, or null when the shape is not reusable. */
    private record Shape(ParsedQuery template) {
    }

    /** A query's text cut into its shape and the IRIs cut out, in order. */
    record Cut(String shape, List<String> iris) {
    }

    private final int capacity;
    private final Map<String, Shape> shapes;
    private final AtomicLong reused = new AtomicLong();

    QueryShapes(int capacity) {
        this.capacity = capacity;
        this.shapes = new LinkedHashMap<>(64, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Shape> eldest) {
                return size() > QueryShapes.this.capacity;
            }
        };
    }

    /** The parsed, checked operation: from its shape when that was seen, else from {@link QueryRunner#parse}. */
    ParsedOperation parse(String text, String baseIri) {
        return parse(text, baseIri, () -> { });
    }

    /**
     * As {@link #parse(String, String)}, running {@code beforeParsing} (the nesting check, which throws to refuse)
     * only when the text is to be parsed: a text of a known shape gets a copy of that shape's algebra, as deep as
     * the text that was checked and parsed for it.
     */
    ParsedOperation parse(String text, String baseIri, Runnable beforeParsing) {
        if (text.length() > MAX_TEXT) {
            beforeParsing.run();
            return QueryRunner.parse(text, baseIri);
        }
        Cut cut = cut(text);
        if (cut == null || cut.iris().isEmpty()) {
            beforeParsing.run();
            return QueryRunner.parse(text, baseIri);
        }
        String key = baseIri + '\u0000' + cut.shape();
        Shape shape;
        synchronized (shapes) {
            shape = shapes.get(key);
        }
        if (shape != null) {
            if (shape.template() == null) {
                beforeParsing.run();
                return QueryRunner.parse(text, baseIri);
            }
            reused.incrementAndGet();
            return bind(shape.template(), text, cut.iris());
        }
        beforeParsing.run();
        ParsedOperation parsed = QueryRunner.parse(text, baseIri);
        if (parsed instanceof ParsedTupleQuery || parsed instanceof ParsedBooleanQuery) {
            Shape made = new Shape(template((ParsedQuery) parsed, cut, baseIri));
            synchronized (shapes) {
                shapes.put(key, made);
            }
        }
        return parsed;
    }

    /** Queries answered from their shape's algebra so far. */
    long reused() {
        return reused.get();
    }

    /** Shapes kept. */
    int size() {
        synchronized (shapes) {
            return shapes.size();
        }
    }

    /**
     * The query parsed with slots for its cut-out IRIs, if the slots land only where they can be set again: each
     * slot in at least one constant of a plain node, and the parsed form the same as the query's own.
     */
    private static ParsedQuery template(ParsedQuery parsed, Cut cut, String baseIri) {
        List<String> slots = new ArrayList<>(cut.iris().size());
        for (int i = 0; i < cut.iris().size(); i++) {
            slots.add(SLOT + i);
        }
        ParsedQuery probe;
        try {
            probe = (ParsedQuery) QueryRunner.parse(fill(cut.shape(), slots), baseIri);
        } catch (RuntimeException e) {
            return null;
        }
        if (probe.getClass() != parsed.getClass() || !sameDataset(parsed, probe)) {
            return null;
        }
        boolean[] seen = new boolean[slots.size()];
        boolean[] plain = {true};
        probe.getTupleExpr().visit(new AbstractQueryModelVisitor<RuntimeException>() {
            @Override
            protected void meetNode(QueryModelNode node) {
                if (!PLAIN.contains(node.getClass())) {
                    plain[0] = false;
                    return;
                }
                Value value = node instanceof Var v ? v.getValue() : node instanceof ValueConstant c ? c.getValue() : null;
                int slot = slot(value);
                if (slot >= seen.length || slot < -1) {
                    plain[0] = false;
                    return;
                }
                if (slot >= 0) {
                    seen[slot] = true;
                }
                super.meetNode(node);
            }
        });
        if (!plain[0]) {
            return null;
        }
        for (boolean s : seen) {
            if (!s) {
                return null;
            }
        }
        return probe;
    }

    private static boolean sameDataset(ParsedQuery a, ParsedQuery b) {
        return a.getDataset() == null ? b.getDataset() == null
                : b.getDataset() != null && a.getDataset().toString().equals(b.getDataset().toString());
    }

    /** A copy of the template with each slot set to its IRI from this query. */
    private static ParsedQuery bind(ParsedQuery template, String text, List<String> iris) {
        Map<Integer, IRI> values = new HashMap<>();
        for (int i = 0; i < iris.size(); i++) {
            values.put(i, VF.createIRI(iris.get(i)));
        }
        TupleExpr expr = template.getTupleExpr().clone();
        expr.visit(new AbstractQueryModelVisitor<RuntimeException>() {
            @Override
            public void meet(Var node) {
                int slot = slot(node.getValue());
                if (slot >= 0) {
                    node.replaceWith(new Var(node.getName(), values.get(slot), node.isAnonymous(), node.isConstant()));
                }
            }

            @Override
            public void meet(ValueConstant node) {
                int slot = slot(node.getValue());
                if (slot >= 0) {
                    node.setValue(values.get(slot));
                }
            }
        });
        ParsedQuery bound = template instanceof ParsedBooleanQuery ? new ParsedBooleanQuery(text, expr)
                : new ParsedTupleQuery(text, expr);
        bound.setDataset(template.getDataset());
        return bound;
    }

    /** The slot an IRI stands for; -1 when it is no slot, -2 when it merely starts like one. */
    private static int slot(Value value) {
        if (value instanceof IRI iri && iri.stringValue().startsWith(SLOT)) {
            String number = iri.stringValue().substring(SLOT.length());
            boolean digits = !number.isEmpty() && number.length() <= 6 && number.chars().allMatch(c -> c >= '0' && c <= '9');
            return digits ? Integer.parseInt(number) : -2;
        }
        return -1;
    }

    private static String fill(String shape, List<String> iris) {
        StringBuilder b = new StringBuilder(shape.length() + 64 * iris.size());
        int k = 0;
        for (int i = 0; i < shape.length(); i++) {
            char c = shape.charAt(i);
            if (c == '\u0001') {
                b.append('<').append(iris.get(k++)).append('>');
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    /**
     * The shape of a query: the text with each term IRI (absolute, plain, written in angle brackets) replaced by
     * U+0001. Null for text that is never cut: with U+0001 or a backslash outside strings (escapes).
     */
    static Cut cut(String text) {
        StringBuilder shape = new StringBuilder(text.length());
        List<String> iris = new ArrayList<>();
        // the token before the current one, as bounds in text (none after a string or an IRI)
        int previousStart = 0;
        int previousEnd = 0;
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (c == '\u0001' || c == '\\') {
                return null;
            }
            if (c == '#') {
                int end = text.indexOf('\n', i);
                end = end < 0 ? n : end;
                shape.append(text, i, end);
                i = end;
            } else if (c == '"' || c == '\'') {
                int end = stringEnd(text, i);
                if (end < 0) {
                    return null;
                }
                shape.append(text, i, end);
                previousStart = previousEnd = 0;
                i = end;
            } else if (c == '<') {
                int end = SparqlText.iriEnd(text, i);
                if (end < 0) {
                    shape.append(c);
                    previousStart = previousEnd = 0;
                    i++;
                    continue;
                }
                String iri = text.substring(i + 1, end - 1);
                if (cuttable(iri, text, previousStart, previousEnd, end)) {
                    shape.append('\u0001');
                    iris.add(iri);
                } else {
                    shape.append(text, i, end);
                }
                previousStart = previousEnd = 0;
                i = end;
            } else if (Character.isWhitespace(c)) {
                shape.append(c);
                i++;
            } else {
                int end = i + 1;
                while (end < n && !SparqlText.endsToken(text.charAt(end))) {
                    end++;
                }
                shape.append(text, i, end);
                previousStart = i;
                previousEnd = end;
                i = end;
            }
        }
        return new Cut(shape.toString(), iris);
    }

    /**
     * Whether an IRI in angle brackets is a term that a slot can stand for: not the prologue's (PREFIX, BASE), not
     * FROM's, not a datatype, not a function's name, and absolute without dot segments, so that the parser would
     * take it as written.
     */
    private static boolean cuttable(String iri, String text, int previousStart, int previousEnd, int end) {
        int length = previousEnd - previousStart;
        if (length > 0 && (text.charAt(previousEnd - 1) == ':' || text.startsWith("^^", previousEnd - 2) && length >= 2
                || word(text, previousStart, length, "BASE") || word(text, previousStart, length, "PREFIX")
                || word(text, previousStart, length, "FROM") || word(text, previousStart, length, "NAMED")
                || word(text, previousStart, length, "SERVICE") || word(text, previousStart, length, "SILENT"))) {
            return false;
        }
        int next = end;
        while (next < text.length() && Character.isWhitespace(text.charAt(next))) {
            next++;
        }
        if (next < text.length() && text.charAt(next) == '(') {
            return false;
        }
        if (iri.contains("/.") || iri.contains("%") || iri.startsWith(SLOT)) {
            return false;
        }
        if (alreadyNormal(iri)) {
            return true;
        }
        try {
            ParsedIRI parsed = ParsedIRI.create(iri);
            return parsed.isAbsolute() && parsed.toString().equals(iri) && parsed.normalize().toString().equals(iri);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** Whether the token of {@code length} characters at {@code start} is {@code word}, in any case. */
    private static boolean word(String text, int start, int length, String word) {
        return length == word.length() && text.regionMatches(true, start, word, 0, length);
    }

    /**
     * Whether an IRI is absolute and in normal form on sight, without {@link ParsedIRI} (which cost as much as the
     * rest of the cut for ToG's queries): a lowercase scheme; then a lowercase host from a letter, without port or user, and a path
     * from '/', or a path that is not empty and does not start with '.'; and only characters that no normalisation changes, a query
     * and one fragment included. (The
     * caller has refused "/." and '%' already.) False says nothing: ParsedIRI then decides.
     */
    static boolean alreadyNormal(String iri) {
        int n = iri.length();
        int i = 0;
        while (i < n && (iri.charAt(i) >= 'a' && iri.charAt(i) <= 'z'
                || i > 0 && (iri.charAt(i) >= '0' && iri.charAt(i) <= '9' || "+.-".indexOf(iri.charAt(i)) >= 0))) {
            i++;
        }
        if (i == 0 || i == n || iri.charAt(i) != ':' || iri.contains("/.")) {
            return false;
        }
        i++;
        if (iri.startsWith("//", i)) {
            int host = i + 2;
            i = host;
            while (i < n && (iri.charAt(i) >= 'a' && iri.charAt(i) <= 'z' || iri.charAt(i) >= '0' && iri.charAt(i) <= '9'
                    || iri.charAt(i) == '.' || iri.charAt(i) == '-')) {
                i++;
            }
            // a host from a letter: digits first may read as an IPv4 address and then fail ("//127.0.0.1.b")
            if (i == host || i == n || iri.charAt(i) != '/' || iri.charAt(host) < 'a' || iri.charAt(host) > 'z') {
                return false;
            }
        } else if (i == n || iri.charAt(i) == '.' || iri.charAt(i) == '/' || !SparqlText.plainInPath(iri.charAt(i))) {
            // an empty path may be normalised to "/" ("http:?x")
            return false;
        }
        boolean fragment = false;
        for (; i < n; i++) {
            char c = iri.charAt(i);
            if (c == '#' && !fragment) {
                fragment = true;
            } else if (c != '?' && !SparqlText.plainInPath(c)) {
                return false;
            }
        }
        return true;
    }

    /** The end (exclusive) of a string literal starting at a quote, short or long; -1 when it does not end. */
    private static int stringEnd(String text, int start) {
        char q = text.charAt(start);
        boolean isLong = text.startsWith(String.valueOf(q).repeat(3), start);
        int i = start + (isLong ? 3 : 1);
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '\\') {
                i += 2;
            } else if (isLong ? text.startsWith(String.valueOf(q).repeat(3), i) : c == q) {
                return i + (isLong ? 3 : 1);
            } else if (!isLong && (c == '\n' || c == '\r')) {
                return -1;
            } else {
                i++;
            }
        }
        return -1;
    }
}
