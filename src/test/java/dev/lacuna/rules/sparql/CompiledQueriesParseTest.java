package dev.lacuna.rules.sparql;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.QueryParseException;
import org.apache.jena.query.Syntax;
import org.apache.jena.update.UpdateFactory;
import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.query.MalformedQueryException;
import org.eclipse.rdf4j.query.QueryLanguage;
import org.eclipse.rdf4j.query.parser.QueryParserUtil;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import dev.lacuna.BadInputException;
import dev.lacuna.rules.AmieRules;
import dev.lacuna.rules.Atom;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.Rule;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.SparqlFiles;
import dev.lacuna.testing.TestData;

/**
 * Portability: every compiled query of every Family reference rule at maxad 3 (145 rules), of every tenth
 * rule at maxad 4 (213 of 2,123, for time: the shapes repeat), and every
 * fixed template under sparql/ parses with RDF4J's SPARQL parser and with Apache Jena ARQ's strict SPARQL 1.1
 * parser, so any SPARQL 1.1 store can run them.
 */
class CompiledQueriesParseTest {
    private static final KgGraphs KG = KgGraphs.of("family");
    private static final ValueFactory VF = SimpleValueFactory.getInstance();
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{([A-Za-z][A-Za-z0-9_]*)}}");

    static void parsesAsQuery(String sparql) {
        assertDoesNotThrow(() -> QueryParserUtil.parseQuery(QueryLanguage.SPARQL, sparql, null), () -> "RDF4J:\n" + sparql);
        assertDoesNotThrow(() -> QueryFactory.create(sparql, Syntax.syntaxSPARQL_11), () -> "Jena:\n" + sparql);
    }

    static void parsesAsUpdate(String sparql) {
        assertDoesNotThrow(() -> QueryParserUtil.parseUpdate(QueryLanguage.SPARQL, sparql, null), () -> "RDF4J:\n" + sparql);
        assertDoesNotThrow(() -> UpdateFactory.create(sparql, Syntax.syntaxSPARQL_11), () -> "Jena:\n" + sparql);
    }

    /** Every query the compiler makes for one rule. */
    static List<String> allQueries(RuleCompiler c, Rule rule) {
        IRI g = KG.complete();
        IRI e1 = KG.entity(1);
        IRI e2 = KG.entity(2);
        List<String> out = new ArrayList<>();
        out.add(c.groundings(rule, g));
        out.add(c.sampledGroundings(rule, g, 30, 42));
        out.add(c.predictions(rule, KG.incomplete()));
        for (Side side : Side.values()) {
            out.add(c.predictions(rule, KG.incomplete(), e1, side));
            out.add(c.derivations(rule, g, e1, side));
            out.add(c.answers(g, rule.head().relation(), e1, side));
        }
        out.add(c.bodyCheck(rule, KG.incomplete(), e1, e2));
        out.add(c.bodyCheck(rule, KG.incomplete(), null, null));
        out.add(c.support(rule, g));
        out.add(c.bodySize(rule, g));
        out.add(c.pcaBodySize(rule, g, -1));
        out.add(c.pcaBodySize(rule, g, -2));
        return out;
    }

    @TestFactory
    Stream<DynamicTest> everyCompiledQueryParsesWithRdf4jAndJena() {
        RuleCompiler c = new RuleCompiler(KG);
        List<MinedRule> rules = new ArrayList<>(AmieRules.read(TestData.amie3("family-maxad3.tsv")));
        rules.addAll(AmieRules.read(TestData.amie3("family-maxad4.tsv")));
        assertEquals(145 + 2123, rules.size());
        return Stream.of(0, 1).map(half -> DynamicTest.dynamicTest("maxad " + (half + 3), () -> {
            int from = half == 0 ? 0 : 145;
            int to = half == 0 ? 145 : rules.size();
            List<MinedRule> slice = rules.subList(from, to);
            for (int i = 0; i < slice.size(); i += half == 0 ? 1 : 10) {
                MinedRule m = slice.get(i);
                for (String q : allQueries(c, m.rule())) {
                    parsesAsQuery(q);
                }
            }
        }));
    }

    @Test
    void deleteDataParsesAndNamesTheGraph() {
        String update = RuleCompiler.deleteData(KG.incomplete(), List.of(
                VF.createStatement(KG.entity(1), KG.relation("father"), KG.entity(2)),
                VF.createStatement(KG.entity(3), KG.relation("odd name/with space"), KG.entity(4))));
        parsesAsUpdate(update);
        assertTrue(update.contains("GRAPH <" + KG.incomplete() + ">"), update);
        assertThrows(IllegalArgumentException.class, () -> RuleCompiler.deleteData(KG.incomplete(), List.of()));
    }

    /** Every template under sparql/, rendered with an IRI per placeholder, parses as a query or an update. */
    @Test
    void everyTemplateParsesWithRdf4jAndJena() throws IOException {
        Path dir = Path.of("sparql");
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.toString().endsWith(".rq") || p.toString().endsWith(".ru")).sorted().toList();
        }
        assertTrue(files.size() >= 12, files.toString());
        for (Path f : files) {
            String name = f.getFileName().toString();
            Map<String, Value> values = new LinkedHashMap<>();
            Matcher m = PLACEHOLDER.matcher(SparqlFiles.load(name));
            int i = 0;
            while (m.find()) {
                values.putIfAbsent(m.group(1), VF.createIRI("https://example.org/p" + i++));
            }
            // A VALUES block of three-term rows (triples-present.rq) must be filled as rows, not as one term.
            String text = name.equals("triples-present.rq")
                    ? SparqlFiles.render(name, values, Map.of("triples", List.of(List.of(
                            VF.createIRI("https://example.org/s"), VF.createIRI("https://example.org/r"),
                            VF.createIRI("https://example.org/o")))))
                    : SparqlFiles.render(name, values);
            if (name.endsWith(".ru")) {
                parsesAsUpdate(text);
            } else {
                parsesAsQuery(text);
            }
        }
    }

    @Test
    void constantsAndGraphAreWrittenIntoTheQuery() {
        RuleCompiler c = new RuleCompiler(KG);
        Rule rule = AmieRules.parseRule("?b  husband  ?a   => ?a  wife  ?b", null, 1);
        String q = c.predictions(rule, KG.incomplete(), KG.entity(17), Side.HEAD);
        assertTrue(q.contains("GRAPH <" + KG.incomplete() + ">"), q);
        assertTrue(q.contains("<" + KG.entity(17) + "> <" + KG.relation("wife") + "> ?b"), q);
        assertTrue(q.contains("SELECT DISTINCT ?b"), q);
        assertFalse(q.contains("?a"), "the topic replaces ?a: " + q);
    }

    @Test
    void ruleWithAHeadVariableMissingFromTheBodyIsRejected() {
        RuleCompiler c = new RuleCompiler(KG);
        Rule unbound = Rule.of(List.of(new Atom(0, "father", 2), new Atom(2, "mother", 3)), new Atom(0, "son", 1));
        BadInputException e = assertThrows(BadInputException.class, () -> c.support(unbound, KG.complete()));
        assertTrue(e.getMessage().contains("?b does not occur in the body"), e.getMessage());
        assertThrows(BadInputException.class, () -> c.groundings(unbound, KG.complete()));
        assertThrows(BadInputException.class, () -> c.pcaBodySize(
                AmieRules.parseRule("?b  husband  ?a   => ?a  wife  ?b", null, 1), KG.complete(), 0));
    }

    @Test
    void malformedQueriesAreCaughtByTheHarness() {
        // the harness itself can fail: a broken query must not pass
        assertThrows(MalformedQueryException.class,
                () -> QueryParserUtil.parseQuery(QueryLanguage.SPARQL, "SELECT * WHERE { GRAPH <g> }", null));
        assertThrows(QueryParseException.class,
                () -> QueryFactory.create("SELECT * WHERE { FILTER EXISTS GRAPH <g> { ?s ?p ?o } }", Syntax.syntaxSPARQL_11));
    }
}
