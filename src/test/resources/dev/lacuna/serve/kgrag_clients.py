"""Replays the SPARQL that ToG, PoG and GoG send to their Freebase endpoint, through SPARQLWrapper exactly as
they call it (GET, setReturnFormat(JSON), query().convert()), against a Lacuna endpoint in the Freebase shape.

usage: kgrag_clients.py BASE_URL ENTITY_ID...   (BASE_URL ends in '/', ids like m.0)
prints one JSON document: {graph: {entity: {"name", "head": {relation: [tails]}, "tail": {relation: [heads]}}},
"gog_regex": {graph: [relations]}}
"""
import json
import sys

from SPARQLWrapper import SPARQLWrapper, JSON

NS = "http://rdf.freebase.com/ns/"

# ToG (IDEA-FinAI/ToG, ToG/freebase_func.py): one-hop relations without DISTINCT
TOG_HEAD_RELATIONS = "\nPREFIX ns: <http://rdf.freebase.com/ns/>\nSELECT ?relation\nWHERE {\n  ns:%s ?relation ?x .\n}"
TOG_TAIL_RELATIONS = "\nPREFIX ns: <http://rdf.freebase.com/ns/>\nSELECT ?relation\nWHERE {\n  ?x ?relation ns:%s .\n}"
# PoG (liyichen-cly/PoG, freebase_func.py): the same with DISTINCT
POG_HEAD_RELATIONS = "\nPREFIX ns: <http://rdf.freebase.com/ns/>\nSELECT DISTINCT ?relation\nWHERE {\n  ns:%s ?relation ?x .\n}"
POG_TAIL_RELATIONS = "\nPREFIX ns: <http://rdf.freebase.com/ns/>\nSELECT DISTINCT ?relation\nWHERE {\n  ?x ?relation ns:%s .\n}"
# both: entities one hop away, and an entity's name (with the owl:sameAs branch)
TAIL_ENTITIES = "PREFIX ns: <http://rdf.freebase.com/ns/>\nSELECT ?tailEntity\nWHERE {\nns:%s ns:%s ?tailEntity .\n}"
HEAD_ENTITIES = "PREFIX ns: <http://rdf.freebase.com/ns/>\nSELECT ?tailEntity\nWHERE {\n?tailEntity ns:%s ns:%s  .\n}"
ENTITY_NAME = ("PREFIX ns: <http://rdf.freebase.com/ns/>\nSELECT DISTINCT ?tailEntity\nWHERE {\n  {\n"
               "    ?entity ns:type.object.name ?tailEntity .\n    FILTER(?entity = ns:%s)\n  }\n  UNION\n  {\n"
               "    ?entity <http://www.w3.org/2002/07/owl#sameAs> ?tailEntity .\n    FILTER(?entity = ns:%s)\n  }\n}")
# GoG: relation filters with regex on the predicate IRI (Virtuoso treats the IRI as a string)
GOG_REGEX = ("PREFIX ns: <http://rdf.freebase.com/ns/>\nSELECT DISTINCT ?p\nWHERE {\n  ns:%s ?p ?o .\n"
             "  FILTER regex(?p, \"^http://rdf.freebase.com/ns/people\")\n}")


def run(endpoint, query):
    sparql = SPARQLWrapper(endpoint)
    sparql.setQuery(query)
    sparql.setReturnFormat(JSON)
    return sparql.query().convert()["results"]["bindings"]


def strip(bindings, var):
    return [b[var]["value"].replace(NS, "") for b in bindings]


def abandon(relation):
    return relation in ("type.object.type", "type.object.name") or relation.startswith("common.") \
        or relation.startswith("freebase.") or "sameAs" in relation


def main():
    base, entities = sys.argv[1], sys.argv[2:]
    out = {"gog_regex": {}}
    for graph in ("complete", "incomplete"):
        endpoint = base + "sparql/" + graph
        per_entity = {}
        for e in entities:
            tog_head = strip(run(endpoint, TOG_HEAD_RELATIONS % e), "relation")
            pog_head = strip(run(endpoint, POG_HEAD_RELATIONS % e), "relation")
            tog_tail = strip(run(endpoint, TOG_TAIL_RELATIONS % e), "relation")
            pog_tail = strip(run(endpoint, POG_TAIL_RELATIONS % e), "relation")
            assert sorted(set(tog_head)) == sorted(pog_head), (tog_head, pog_head)
            assert sorted(set(tog_tail)) == sorted(pog_tail), (tog_tail, pog_tail)
            head = {r: sorted(strip(run(endpoint, TAIL_ENTITIES % (e, r)), "tailEntity"))
                    for r in pog_head if not abandon(r)}
            tail = {r: sorted(strip(run(endpoint, HEAD_ENTITIES % (r, e)), "tailEntity"))
                    for r in pog_tail if not abandon(r)}
            names = strip(run(endpoint, ENTITY_NAME % (e, e)), "tailEntity")
            per_entity[e] = {"name": names[0] if names else "UnName_Entity", "names": len(names),
                             "head": head, "tail": tail, "tog_head_rows": len(tog_head)}
        out[graph] = per_entity
        out["gog_regex"][graph] = sorted(strip(run(endpoint, GOG_REGEX % entities[0]), "p"))
    print(json.dumps(out, sort_keys=True))


if __name__ == "__main__":
    main()
