package dev.lacuna.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

import dev.lacuna.view.KgView;

class VirtuosoCompatTest {

    @Test
    void wrapsBareVariablesOfStringFunctions() {
        assertEquals("SELECT * { ?s ?p ?o FILTER regex(STR(?p), \"^http://x\") }",
                VirtuosoCompat.rewrite("SELECT * { ?s ?p ?o FILTER regex(?p, \"^http://x\") }"));
        assertEquals("FILTER(REGEX( STR($p) , \"a\", \"i\") && contains(STR(?o), \"b\") && STRSTARTS(STR(?s),\"c\"))",
                VirtuosoCompat.rewrite("FILTER(REGEX( $p , \"a\", \"i\") && contains(?o, \"b\") && STRSTARTS(?s,\"c\"))"));
    }

    @Test
    void leavesStringsIrisCommentsAndOtherCallsAlone() {
        String[] unchanged = {
            "SELECT * { ?s ?p \"regex(?p, 1)\" }",
            "SELECT * { ?s ?p '''contains(?x, \"y\")''' }",
            "# regex(?p, \"x\")\nSELECT * { ?s ?p ?o }",
            "SELECT * { <http://e/regex(?p,> ?p ?o }",
            "SELECT * { ?s ?p ?o FILTER regex(STR(?p), \"x\") }",
            "SELECT * { ?s ?p ?o FILTER myregex(?p, \"x\") }",
            "SELECT * { ?s ?p ?o FILTER(?o < 3 && regex(\"a\", \"b\")) }",
        };
        for (String q : unchanged) {
            assertEquals(q, VirtuosoCompat.rewrite(q));
        }
    }

    @Test
    void dottedNamesAreValidPrefixedNames() {
        assertEquals("people.person.nationality", KgView.dottedName("/people/person/nationality"));
        assertEquals("film.actor.film..film.performance.film", KgView.dottedName("/film/actor/film./film/performance/film"));
        assertEquals("P161", KgView.dottedName("P161"));
        assertEquals("has_part._", KgView.dottedName("has part."));
        assertEquals("r..x", KgView.dottedName("./x"));
    }
}
