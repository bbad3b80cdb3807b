"""The client side of ServeProcessBench: sends SPARQL queries to several endpoints as ToG's Python code does, interleaved.

Run by the bench as `python3 serve_bench_client.py PLAN.json OUT.json` with Debian's python3. PLAN names the endpoints
(name, url, the graph a FROM clause must name for that endpoint, a credentials file with user= and password= lines
for HTTP Basic), the queries, the client modes and the sizes. The client:

1. checks the answers: every query to every endpoint once (GET on one connection), the rows compared as sets of
   terms; a query answered differently anywhere stops the run (exit 3) with the query and the difference;
2. for each round and each mode, times every query on every endpoint, the endpoints taking turns of `block` queries
   in rotating order, so that a change of the machine's load falls on all of them alike. A query's time runs from
   the request's first byte to the answer's last; its JSON is parsed after the clock has stopped and its rows are
   counted against the check;
3. times `ASK {}` the same way (the floor: HTTP, the request's reading and the answer, no graph read);
4. measures the CPU time the server processes of each endpoint spend per query (/proc/PID/stat, user and system),
   each endpoint alone in turn (http.client GET): unlike latency, little changed by other work on the machine.

Modes: "http.client GET" and "http.client POST" (one keep-alive connection per endpoint, as a client that reuses
its connection), "SPARQLWrapper GET" (ToG's own calls: SPARQLWrapper.query() over urllib, a new connection per
query, the JSON read with the response's read()).

OUT holds per round, mode and endpoint the latencies in ms, and the rows checked.
"""

import base64
import http.client
import json
import os
import sys
import time
import urllib.parse

from SPARQLWrapper import JSON, SPARQLWrapper, BASIC

ACCEPT = "application/sparql-results+json"


def credentials(path):
    if not path:
        return None
    fields = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if "=" in line:
                key, value = line.rstrip("\n").split("=", 1)
                fields[key.strip()] = value
    return fields["user"], fields["password"]


class Endpoint:
    def __init__(self, spec):
        self.name = spec["name"]
        self.url = spec["url"]
        self.from_graph = spec.get("from")
        self.user = credentials(spec.get("credentials"))
        parts = urllib.parse.urlsplit(self.url)
        self.host, self.port, self.path = parts.hostname, parts.port, parts.path
        self.headers = {"Accept": ACCEPT}
        if self.user:
            token = base64.b64encode(("%s:%s" % self.user).encode("utf-8")).decode("ascii")
            self.headers["Authorization"] = "Basic " + token
        self.connection = None

    def text(self, query):
        """The query as this endpoint must get it: with FROM its served graph where the endpoint serves every graph."""
        if self.from_graph and query.strip().upper() != "ASK {}":
            return query.replace("\nWHERE", "\nFROM <%s>\nWHERE" % self.from_graph, 1)
        return query

    def connect(self):
        if self.connection is None:
            self.connection = http.client.HTTPConnection(self.host, self.port, timeout=60)
        return self.connection

    def close(self):
        if self.connection is not None:
            self.connection.close()
            self.connection = None

    def send(self, mode, query):
        """Sends one query; returns (seconds, status, body bytes). The clock covers the request and reading the body."""
        text = self.text(query)
        if mode == "SPARQLWrapper GET":
            wrapper = SPARQLWrapper(self.url)
            wrapper.setQuery(text)
            wrapper.setReturnFormat(JSON)
            if self.user:
                wrapper.setHTTPAuth(BASIC)
                wrapper.setCredentials(*self.user)
            start = time.perf_counter()
            response = wrapper.query().response
            body = response.read()
            elapsed = time.perf_counter() - start
            return elapsed, response.status, body
        encoded = urllib.parse.urlencode({"query": text})
        for attempt in (1, 2):
            connection = self.connect()
            try:
                start = time.perf_counter()
                if mode == "http.client POST":
                    headers = dict(self.headers)
                    headers["Content-Type"] = "application/x-www-form-urlencoded"
                    connection.request("POST", self.path, body=encoded, headers=headers)
                else:
                    connection.request("GET", self.path + "?" + encoded, headers=self.headers)
                response = connection.getresponse()
                body = response.read()
                elapsed = time.perf_counter() - start
                if response.getheader("Connection", "").lower() == "close":
                    self.close()
                return elapsed, response.status, body
            except (http.client.HTTPException, ConnectionError):
                # a server may close an idle keep-alive connection between turns: one new connection, not timed twice
                self.close()
                if attempt == 2:
                    raise


def rows(body):
    """The answer's rows as a sorted list of tuples of (variable, term type, value, datatype, language)."""
    parsed = json.loads(body)
    if "boolean" in parsed:
        return [("boolean", parsed["boolean"])]
    out = []
    for binding in parsed["results"]["bindings"]:
        out.append(tuple(sorted((var, term["type"].replace("typed-literal", "literal"), term["value"],
                                 term.get("datatype", ""), term.get("xml:lang", ""))
                                for var, term in binding.items())))
    return sorted(out)


def check(endpoints, queries):
    counts = []
    for i, query in enumerate(queries):
        first = None
        for e in endpoints:
            _, status, body = e.send("http.client GET", query)
            if status != 200:
                fail("%s answered %d to query %d:\n%s\n%s" % (e.name, status, i, e.text(query), body[:500]))
            got = rows(body)
            if first is None:
                first = got
            elif got != first:
                missing = [r for r in first if r not in got][:5]
                extra = [r for r in got if r not in first][:5]
                fail("%s answers query %d differently from %s (%d rows against %d; missing %s; extra %s):\n%s"
                     % (e.name, i, endpoints[0].name, len(got), len(first), missing, extra, query))
        counts.append(len(first))
    return counts


def timed(endpoints, queries, counts, mode, block):
    latencies = [[0.0] * len(queries) for _ in endpoints]
    for turn, start in enumerate(range(0, len(queries), block)):
        for k in range(len(endpoints)):
            e = (k + turn) % len(endpoints)
            endpoint = endpoints[e]
            for i in range(start, min(len(queries), start + block)):
                elapsed, status, body = endpoint.send(mode, queries[i])
                # outside the clock: the answer read as a client reads it, and held against the check
                if status != 200:
                    fail("%s answered %d to query %d in mode %s" % (endpoint.name, status, i, mode))
                if counts is not None and len(rows(body)) != counts[i]:
                    fail("%s gave %d rows to query %d in mode %s, %d in the check"
                         % (endpoint.name, len(rows(body)), i, mode, counts[i]))
                latencies[e][i] = elapsed * 1000.0
    return latencies


def cpu_ticks(pids):
    total = 0
    for pid in pids:
        with open("/proc/%d/stat" % pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])
    return total


def cpu(endpoints, pids, queries):
    """CPU milliseconds per query of each endpoint's server processes, each endpoint queried alone."""
    hertz = os.sysconf("SC_CLK_TCK")
    out = {}
    for e in endpoints:
        before = cpu_ticks(pids[e.name])
        for query in queries:
            e.send("http.client GET", query)
        out[e.name] = (cpu_ticks(pids[e.name]) - before) * 1000.0 / hertz / len(queries)
    return out


def fail(message):
    sys.stderr.write("serve_bench_client: " + message + "\n")
    sys.exit(3)


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        plan = json.load(f)
    endpoints = [Endpoint(e) for e in plan["endpoints"]]
    queries = plan["queries"]
    block = plan.get("block", 50)
    counts = check(endpoints, queries)
    out = {"rows": sum(counts), "queries": len(queries), "rounds": []}
    warmup = queries[:plan.get("warmup", 300)]
    for mode in plan["modes"]:
        timed(endpoints, warmup, counts, mode, block)
    ask = ["ASK {}"] * plan.get("askQueries", 1000)
    for round_number in range(plan.get("rounds", 1)):
        result = {"modes": {}}
        for mode in plan["modes"]:
            lat = timed(endpoints, queries, counts, mode, block)
            result["modes"][mode] = {e.name: lat[i] for i, e in enumerate(endpoints)}
        lat = timed(endpoints, ask, None, "http.client GET", block)
        result["ask"] = {e.name: lat[i] for i, e in enumerate(endpoints)}
        if plan.get("pids"):
            result["cpu"] = cpu(endpoints, plan["pids"], queries)
        out["rounds"].append(result)
        sys.stderr.write("serve_bench_client: round %d done\n" % (round_number + 1))
    for e in endpoints:
        e.close()
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        json.dump(out, f)


if __name__ == "__main__":
    main()
