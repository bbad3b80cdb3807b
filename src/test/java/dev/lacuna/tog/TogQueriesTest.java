package dev.lacuna.tog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.model.util.Values;
import org.eclipse.rdf4j.query.QueryLanguage;
import org.eclipse.rdf4j.query.algebra.Slice;
import org.eclipse.rdf4j.query.algebra.TupleExpr;
import org.eclipse.rdf4j.query.algebra.UnaryTupleOperator;
import org.eclipse.rdf4j.query.parser.QueryParserUtil;
import org.junit.jupiter.api.Test;

import dev.lacuna.store.SparqlFiles;

/** What the client takes from ToG's query files and writes back into them. */
class TogQueriesTest {
    @Test
    void eachFilesRowCapIsItsOutermostLimitAsRdf4jParsesIt() {
        IRI any = Values.iri("urn:x");
        for (String file : List.of("tog-head-relations.rq", "tog-tail-relations.rq", "tog-head-entities.rq",
                "tog-tail-entities.rq", "tog-entity-name.rq")) {
            TupleExpr node = QueryParserUtil.parseTupleQuery(QueryLanguage.SPARQL,
                    SparqlFiles.render(file, Map.of("entity", any, "relation", any, "name", any)), null).getTupleExpr();
            long limit = -1;
            while (node instanceof UnaryTupleOperator unary && limit < 0) {
                limit = node instanceof Slice s && s.hasLimit() ? s.getLimit() : -1;
                node = unary.getArg();
            }
            assertTrue(limit > 0, file + " has no LIMIT");
            assertEquals(limit, TogQueries.limit(file), file);
        }
    }

    @Test
    void onlyIrisThatParseAreWrittenBack() {
        assertTrue(TogQueries.writable(Values.iri("http://rdf.freebase.com/ns/people.person.spouse")));
        assertTrue(TogQueries.writable(Values.iri("http://example.org/caf\u00e9")));
        for (String bad : List.of("http://rdf.freebase.com/ns/a> ?t . } UNION { <a> <b> ?t } #", "http://x/a b",
                "http://x/a\"b", "http://x/a{b}", "http://x/a\\b", "http://x/a^b", "http://x/a|b", "http://x/a`b",
                "http://x/a\nb", "http://x/" + "a".repeat(TogQueries.MAX_IRI))) {
            // As the parser of SPARQL JSON results makes them: anything with a colon.
            assertFalse(TogQueries.writable(SimpleValueFactory.getInstance().createIRI(bad)), bad);
        }
    }
}
