package dev.lacuna.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.stream.Collectors;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.query.BindingSet;
import org.eclipse.rdf4j.query.BooleanQuery;
import org.eclipse.rdf4j.query.TupleQuery;
import org.eclipse.rdf4j.query.TupleQueryResult;
import org.eclipse.rdf4j.query.parser.ParsedBooleanQuery;
import org.eclipse.rdf4j.query.parser.ParsedOperation;
import org.eclipse.rdf4j.query.parser.ParsedQuery;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.sail.SailRepository;
import org.eclipse.rdf4j.sail.memory.MemoryStore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import dev.lacuna.store.SparqlFiles;

/**
 * {@link QueryShapes} against a fresh parse on thousands of drawn queries: ToG's templates and queries grown from
 * random graph patterns, with the tokens a text scan can get wrong (comments holding IRIs and braces, strings with
 * braces, quotes and IRIs, prefixed names beside written-out IRIs, '#' and '?' in IRIs, nested groups, UNION,
 * OPTIONAL, FILTER, keywords in any case). Each query is parsed by a shape cache that has seen many queries of its
 * shape and by RDF4J's parser alone; both are evaluated on one graph whose IRIs the queries draw from, and must
 * give the same rows (in order where the query orders them), or the same error.
 */
class QueryShapesDifferentialTest {
    private static final ValueFactory VF = SimpleValueFactory.getInstance();
    private static final String BASE = "http://127.0.0.1:7878/sparql";
    /** IRIs in several forms: plain, with a fragment, with a query, a URN. */
    private static final String[] ENTITY_FORMS = {"http://example.org/e%d", "http://example.org/ns#e%d",
        "http://example.org/p?id=e%d", "urn:lacuna:test:e%d"};
    private static final int ENTITIES = 24;
    private static final int RELATIONS = 6;
    private static final String[] LITERALS = {"plain", "a { brace", "} closing", "quote \" inside", "<http://example.org/e1>",
        "# not a comment", "multi\nline"};
    private static Repository repo;

    @BeforeAll
    static void graph() {
        repo = new SailRepository(new MemoryStore());
        repo.init();
        Random random = new Random(11);
        try (RepositoryConnection c = repo.getConnection()) {
            for (int i = 0; i < 400; i++) {
                c.add(entity(random.nextInt(ENTITIES)), relation(random.nextInt(RELATIONS)), entity(random.nextInt(ENTITIES)));
            }
            for (int i = 0; i < ENTITIES; i++) {
                c.add(entity(i), VF.createIRI("http://example.org/name"), VF.createLiteral(LITERALS[i % LITERALS.length]));
                c.add(entity(i), VF.createIRI("http://www.w3.org/2002/07/owl#sameAs"), entity((i * 7) % ENTITIES));
            }
        }
    }

    @AfterAll
    static void close() {
        repo.shutDown();
    }

    private static IRI entity(int i) {
        return VF.createIRI(String.format(Locale.ROOT, ENTITY_FORMS[i % ENTITY_FORMS.length], i));
    }

    private static IRI relation(int i) {
        return VF.createIRI(i % 2 == 0 ? "http://example.org/rel/r" + i : "http://example.org/rel#r" + i);
    }

    @Test
    void everyDrawnQueryGetsTheRowsOfItsOwnParse() {
        Random random = new Random(20261207);
        List<Skeleton> skeletons = new ArrayList<>();
        for (String file : List.of("tog-head-relations.rq", "tog-tail-relations.rq", "tog-tail-entities.rq",
                "tog-head-entities.rq", "tog-entity-name.rq")) {
            skeletons.add(Skeleton.of("PREFIX ex: <http://example.org/>\n" + SparqlFiles.load(file)));
        }
        // two the parser refuses: an undefined prefix, a clause where none may stand
        skeletons.add(Skeleton.of("SELECT * { {{entity}} un:r ?x }"));
        skeletons.add(Skeleton.of("SELECT * { {{entity}} {{relation}} ?x } GROUP"));
        while (skeletons.size() < 80) {
            skeletons.add(Skeleton.of(new Drawn(random).query()));
        }
        QueryShapes shapes = new QueryShapes(1024);
        int queries = 0;
        int errors = 0;
        for (int i = 0; i < 6000; i++) {
            String text = skeletons.get(random.nextInt(skeletons.size())).fill(random);
            queries++;
            if (!sameAsFreshParse(shapes, text)) {
                errors++;
            }
        }
        // what the test holds: many queries answered from their shape, and some refused by both alike
        assertTrue(shapes.reused() > queries / 2, "only " + shapes.reused() + " of " + queries + " answered from a shape");
        assertTrue(errors > 0 && errors < queries / 10, errors + " of " + queries + " refused");
    }

    /** Whether the query parsed (false: both ways refused it with the same message). */
    private static boolean sameAsFreshParse(QueryShapes shapes, String text) {
        ParsedOperation fresh;
        try {
            fresh = QueryRunner.parse(text, BASE);
        } catch (HttpError e) {
            try {
                shapes.parse(text, BASE);
                fail("the shape cache took a query the parser refuses (" + e.getMessage() + "):\n" + text);
            } catch (HttpError cached) {
                assertEquals(e.getMessage(), cached.getMessage(), text);
            }
            return false;
        }
        ParsedOperation cached = shapes.parse(text, BASE);
        assertEquals(fresh.getClass(), cached.getClass(), text);
        assertEquals(String.valueOf(((ParsedQuery) fresh).getDataset()), String.valueOf(((ParsedQuery) cached).getDataset()), text);
        boolean ordered = text.toUpperCase(Locale.ROOT).contains("ORDER BY");
        assertEquals(rows((ParsedQuery) fresh, ordered), rows((ParsedQuery) cached, ordered), text);
        return true;
    }

    /** The rows as text, in the answer's order where the query orders them, else sorted (duplicates kept). */
    private static List<String> rows(ParsedQuery parsed, boolean ordered) {
        try (RepositoryConnection c = repo.getConnection()) {
            if (parsed instanceof ParsedBooleanQuery) {
                return List.of(String.valueOf(((BooleanQuery) QueryRunner.prepare(c, "", parsed)).evaluate()));
            }
            List<String> rows = new ArrayList<>();
            try (TupleQueryResult r = ((TupleQuery) QueryRunner.prepare(c, "", parsed)).evaluate()) {
                for (BindingSet b : r) {
                    rows.add(b.getBindingNames().stream().sorted().map(n -> n + "=" + term(b.getValue(n)))
                            .collect(Collectors.joining(" ")));
                }
            }
            if (!ordered) {
                rows.sort(null);
            }
            return rows;
        }
    }

    private static String term(Value v) {
        return v == null ? "-" : v.isIRI() ? "<" + v.stringValue() + ">" : v.toString();
    }

    /**
     * A query text with holes: {@code {{entity}}}, {@code {{relation}}} and {@code {{name}}} (ToG's placeholders),
     * each filled on every draw with a term of the graph or one it lacks, written out or, for entities of the
     * first form, as a prefixed name; the other IRIs and the rest of the text stay as drawn.
     */
    record Skeleton(String text) {
        static Skeleton of(String text) {
            return new Skeleton(text);
        }

        String fill(Random random) {
            String out = text;
            while (out.contains("{{entity}}")) {
                out = out.replaceFirst("\\{\\{entity}}", java.util.regex.Matcher.quoteReplacement(entityTerm(random)));
            }
            while (out.contains("{{relation}}")) {
                int r = random.nextInt(RELATIONS + 1);
                String iri = r == RELATIONS ? "http://example.org/rel/missing" : relation(r).stringValue();
                out = out.replaceFirst("\\{\\{relation}}", java.util.regex.Matcher.quoteReplacement("<" + iri + ">"));
            }
            return out.replace("{{name}}", random.nextBoolean() ? "<http://example.org/name>" : "ex:name");
        }

        private static String entityTerm(Random random) {
            int e = random.nextInt(ENTITIES + 2);
            if (e >= ENTITIES) {
                return "<http://example.org/nobody" + e + ">";
            }
            String iri = entity(e).stringValue();
            // a prefixed name is never cut: the same skeleton then has another shape
            return iri.startsWith("http://example.org/e") && random.nextInt(4) == 0 ? "ex:" + iri.substring(19) : "<" + iri + ">";
        }
    }

    /** A query grown from random parts, its term slots left as holes. */
    static final class Drawn {
        private final Random random;
        private int variables;

        Drawn(Random random) {
            this.random = random;
        }

        String query() {
            StringBuilder b = new StringBuilder();
            b.append("PREFIX ex: <http://example.org/>").append(newline());
            if (random.nextInt(6) == 0) {
                b.append(comment()).append('\n');
            }
            boolean ask = random.nextInt(8) == 0;
            String group = group(0);
            if (ask) {
                b.append(keyword("ASK")).append(' ').append(group);
                return b.toString();
            }
            b.append(keyword("SELECT")).append(random.nextBoolean() ? " " + keyword("DISTINCT") : "").append(" *");
            b.append(newline()).append(random.nextBoolean() ? keyword("WHERE") + " " : "").append(group);
            if (random.nextInt(4) == 0) {
                b.append(newline()).append(keyword("ORDER BY")).append(" ?v0 ?v1");
            }
            if (random.nextInt(3) == 0) {
                b.append(newline()).append(keyword("LIMIT")).append(' ').append(1 + random.nextInt(20));
            }
            if (random.nextInt(5) == 0) {
                b.append(' ').append(comment());
            }
            return b.toString();
        }

        private String group(int depth) {
            StringBuilder b = new StringBuilder("{").append(newline());
            int parts = 1 + random.nextInt(3);
            for (int i = 0; i < parts; i++) {
                int kind = depth >= 2 ? 0 : random.nextInt(9);
                switch (kind) {
                    case 0, 1, 2 -> b.append(triple());
                    case 3 -> b.append(group(depth + 1));
                    case 4 -> b.append(group(depth + 1)).append(' ').append(keyword("UNION")).append(' ').append(group(depth + 1));
                    case 5 -> b.append(keyword("OPTIONAL")).append(' ').append(group(depth + 1));
                    case 6 -> b.append(triple()).append(filter());
                    case 7 -> b.append("?v0 <http://example.org/name> ").append(literal()).append(" .");
                    default -> b.append(triple()).append(comment()).append('\n');
                }
                b.append(newline());
            }
            return b.append('}').toString();
        }

        private String triple() {
            String s = random.nextInt(3) == 0 ? "{{entity}}" : variable();
            String p = random.nextBoolean() ? "{{relation}}" : variable();
            String o = random.nextInt(3) == 0 ? "{{entity}}" : variable();
            return s + " " + p + " " + o + " .";
        }

        private String filter() {
            String v = "?v" + random.nextInt(Math.max(1, variables));
            return switch (random.nextInt(5)) {
                case 0 -> " " + keyword("FILTER") + "(" + v + " = {{entity}})";
                case 1 -> " " + keyword("FILTER") + "(" + v + " != {{entity}} || " + v + " = {{entity}})";
                case 2 -> " " + keyword("FILTER") + "(sameTerm(" + v + ", {{entity}}))";
                case 3 -> " " + keyword("FILTER") + "(!(" + v + " = <http://example.org/e1#x>))";
                default -> " " + keyword("FILTER") + "(str(" + v + ") != " + literal() + ")";
            };
        }

        private String variable() {
            int v = random.nextInt(variables + 1);
            variables = Math.max(variables, v + 1);
            return "?v" + v;
        }

        private String literal() {
            return switch (random.nextInt(6)) {
                case 0 -> "\"a { brace\"";
                case 1 -> "'} closing'";
                case 2 -> "\"<http://example.org/e1>\"";
                case 3 -> "\"\"\"multi\nline\"\"\"";
                case 4 -> "\"quote \\\" inside\"";
                default -> "\"# not a comment\"";
            };
        }

        private String comment() {
            return "# a comment with <http://example.org/e3> { and } \"quotes";
        }

        private String keyword(String word) {
            return random.nextBoolean() ? word : word.toLowerCase(Locale.ROOT);
        }

        private String newline() {
            return switch (random.nextInt(3)) {
                case 0 -> "\n";
                case 1 -> " ";
                default -> "\n\t";
            };
        }
    }
}
