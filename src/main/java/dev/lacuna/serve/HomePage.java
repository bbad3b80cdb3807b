package dev.lacuna.serve;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Collection;

import dev.lacuna.store.KgGraphs;
import dev.lacuna.view.LabelMode;
import dev.lacuna.view.Shape;

/** The small HTML page at / listing the served paths (and nothing else) and example queries, each a link that runs it. */
final class HomePage {
    private HomePage() {
    }

    static String render(KgGraphs kg, LabelMode labels, Shape shape, boolean updates, Collection<Target> targets) {
        String[][] examples = shape == Shape.FREEBASE
                ? new String[][] {
                    {"Relations out of entity m.0 (ToG's one-hop relations)",
                            "PREFIX ns: <http://rdf.freebase.com/ns/>\nSELECT DISTINCT ?relation\nWHERE {\n  ns:m.0 ?relation ?x .\n}"},
                    {"Name of entity m.0", "PREFIX ns: <http://rdf.freebase.com/ns/>\nSELECT DISTINCT ?name\nWHERE {\n  ns:m.0 ns:type.object.name ?name .\n}"},
                    {"Ten triples", "SELECT * WHERE { ?s ?p ?o } LIMIT 10"}}
                : new String[][] {
                    {"Ten triples", "SELECT * WHERE { ?s ?p ?o } LIMIT 10"},
                    {"Relations by frequency",
                            "SELECT ?p (COUNT(*) AS ?n) WHERE { ?s ?p ?o } GROUP BY ?p ORDER BY DESC(?n) LIMIT 20"}};
        StringBuilder b = new StringBuilder();
        b.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Lacuna SPARQL endpoint</title>")
                .append("<style>body{font-family:sans-serif;max-width:52em;margin:2em auto}pre{background:#f4f4f4;padding:.5em}</style>")
                .append("</head><body>\n<h1>Lacuna SPARQL endpoint</h1>\n<p>Knowledge graph <code>").append(esc(kg.name()))
                .append("</code>; entity names: <b>").append(labels.label()).append("</b>; shape: <b>").append(shape.label())
                .append("</b>; ").append(updates ? "updates allowed with a bearer token" : "read-only").append(".</p>\n")
                .append("<h2>Endpoints (SPARQL 1.1 Protocol, GET or POST)</h2>\n<ul>\n")
                .append(list(targets)).append("</ul>\n")
                .append("<p>Results: SPARQL JSON (default), XML, CSV, TSV by Accept or <code>format=json|xml|csv|tsv</code>; ")
                .append("CONSTRUCT/DESCRIBE as Turtle, N-Triples or JSON-LD.</p>\n<h2>Examples</h2>\n");
        String run = targets.iterator().next().path().substring(1);
        for (String[] ex : examples) {
            String link = run + "?query=" + URLEncoder.encode(ex[1], StandardCharsets.UTF_8);
            b.append("<h3>").append(esc(ex[0])).append("</h3>\n<pre>").append(esc(ex[1])).append("</pre>\n<p><a href=\"")
                    .append(esc(link)).append("\">run on /").append(esc(run)).append("</a></p>\n");
        }
        b.append("<p>curl: <code>curl -H 'Accept: application/sparql-results+json' --data-urlencode 'query=SELECT * WHERE { ?s ?p ?o } LIMIT 5' ")
                .append("http://HOST:PORT/").append(esc(run)).append("</code></p>\n</body></html>\n");
        return b.toString();
    }

    private static String list(Collection<Target> targets) {
        StringBuilder b = new StringBuilder();
        for (Target t : targets) {
            b.append("<li><code>").append(esc(t.path())).append("</code>: ").append(esc(t.describe())).append("</li>\n");
        }
        return b.toString();
    }

    private static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
