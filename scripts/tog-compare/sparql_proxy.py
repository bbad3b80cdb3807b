#!/usr/bin/env python3
"""A logging proxy in front of a SPARQL endpoint: records the text of every query a client sends.

`lacuna serve`'s access log names method, path and status but not the query, so the comparison puts this proxy
between each ToG and the endpoint. It forwards GET and POST requests unchanged (method, query string, body,
Accept and Content-Type) and appends one JSON line per request to --log: its order, the mark in force, the
method, the query text as the endpoint received it, the answer's status and its number of rows (JSON, XML, TSV and CSV
answers).

A client may POST to /__mark with a text body; queries after it carry that mark until the next one. The Python
ToG runner marks each question this way, as it runs questions one after another.

Standard library only: python3 sparql_proxy.py --upstream http://127.0.0.1:7878/sparql --port 7879 --log q.jsonl
"""
import argparse
import json
import re
import sys
import threading
import urllib.error
import urllib.parse
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class Proxy(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    upstream = None
    log_file = None
    lock = threading.Lock()
    counter = 0
    mark = None

    def log_message(self, fmt, *args):
        pass

    def record(self, method, query, status, rows):
        with Proxy.lock:
            Proxy.counter += 1
            Proxy.log_file.write(json.dumps({"seq": Proxy.counter, "mark": Proxy.mark, "method": method,
                                             "query": query, "status": status, "rows": rows},
                                            ensure_ascii=False) + "\n")
            Proxy.log_file.flush()

    @staticmethod
    def rows(type_, data):
        """Rows of a JSON, XML, TSV or CSV result; None for other formats (RDF4J's binary one)."""
        try:
            if "json" in type_:
                return len(json.loads(data.decode("utf-8"))["results"]["bindings"])
            if "xml" in type_:
                return len(re.findall(rb"<result[\s>]", data))
            if "tab-separated" in type_ or "csv" in type_:
                return max(0, len([line for line in data.decode("utf-8").splitlines() if line]) - 1)
        except (ValueError, KeyError, TypeError):
            return None
        return None

    def forward(self, method, body):
        split = urllib.parse.urlsplit(self.path)
        query = None
        if split.query:
            query = urllib.parse.parse_qs(split.query).get("query", [None])[0]
        kind = self.headers.get("Content-Type", "")
        if body and kind.startswith("application/x-www-form-urlencoded"):
            query = urllib.parse.parse_qs(body.decode("utf-8")).get("query", [query])[0]
        elif body and kind.startswith("application/sparql-query"):
            query = body.decode("utf-8")
        target = Proxy.upstream + (("?" + split.query) if split.query else "")
        headers = {h: self.headers[h] for h in ("Accept", "Content-Type") if self.headers.get(h)}
        request = urllib.request.Request(target, data=body if method == "POST" else None, headers=headers,
                                         method=method)
        try:
            with urllib.request.urlopen(request, timeout=120) as answer:
                status, data, type_ = answer.status, answer.read(), answer.headers.get("Content-Type", "")
        except urllib.error.HTTPError as error:
            status, data, type_ = error.code, error.read(), error.headers.get("Content-Type", "text/plain")
        self.record(method, query, status, self.rows(type_, data))
        self.send_response(status)
        self.send_header("Content-Type", type_)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        self.forward("GET", None)

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        if self.path == "/__mark":
            with Proxy.lock:
                Proxy.mark = body.decode("utf-8")
            self.send_response(204)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        self.forward("POST", body)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--upstream", required=True, help="the endpoint's query URL")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=7879)
    parser.add_argument("--log", required=True, help="append one JSON line per query here")
    args = parser.parse_args()
    Proxy.upstream = args.upstream
    Proxy.log_file = open(args.log, "a", encoding="utf-8")
    server = ThreadingHTTPServer((args.host, args.port), Proxy)
    print("SPARQL logging proxy on http://%s:%d/sparql -> %s" % (args.host, server.server_port, args.upstream),
          file=sys.stderr, flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
