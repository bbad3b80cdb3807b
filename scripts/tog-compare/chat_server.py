#!/usr/bin/env python3
"""A scripted OpenAI-compatible chat server: every reply is a fixed function of the prompt.

Both ToG implementations under comparison (the public Python code and Lacuna's `tog` command) talk to it, so
the replies they get differ only where the prompts they send differ. It recognises ToG's five prompts by their
fixed opening words and answers each by a rule:

  relation pruning   the N relations (N from "Please retrieve N relations") sharing most words with the
                     question, ties by name; scores (N-i)/sum(1..N) to two decimals, in ToG's
                     "{relation (Score: 0.50)}" form
  entity scoring     one score per candidate, weight 1 + (first byte of SHA-256 of the name mod 9),
                     normalised, two decimals, comma-separated: the only decimals in the reply; but 0.00 for
                     every candidate of the questions "enough?" never accepts (D = 4 below), so that ToG's
                     zero-score filter and its early stop with the answer prompt are exercised too
  "enough?"          {Yes} when there are more than 3 * (D - 1) knowledge triplets, where D = 1 + (first byte of
                     SHA-256 of the question mod 4): at width 3 some questions stop at depth 1, 2 or 3, a quarter
                     never; a Yes names the tail of the last triplet as the answer. Triplets are counted the
                     same whether written as Python tuples, several a line (as ToG writes them), or one
                     "head, relation, tail" a line, so that a difference of layout shows in the prompts
                     compared but does not steer the walk
  answer             the tail of the last triplet, in braces
  chain of thought   (no topic entity or nothing explored) {unknown}

Any other prompt gets the reply UNRECOGNISED PROMPT and is logged as kind "other", so a prompt that is not
ToG's shows up in the comparison. Every request is appended to --log as one JSON line: its order, the prompt
kind, the question, the system and user messages, temperature, max_tokens, the penalties, model and the
reply.

Standard library only: python3 chat_server.py --port 8808 --log chat.jsonl
"""
import argparse
import hashlib
import json
import re
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

TRIPLETS = "Knowledge Triplets: "


def words(text):
    return set(w for w in re.split(r"[^0-9a-z]+", text.lower()) if w)


def last_question(prompt):
    """The question asked: in the triplet prompts the last non-empty line before the last 'Knowledge Triplets: '
    (ToG appends the question without 'Q: ' there), elsewhere the text after the last 'Q: ' up to its line end."""
    at = prompt.rfind("\n" + TRIPLETS)
    if at >= 0:
        before = [line for line in prompt[:at].split("\n") if line.strip()]
        return before[-1] if before else ""
    at = prompt.rfind("Q: ")
    if at < 0:
        return ""
    return prompt[at + 3:].split("\n", 1)[0]


def field(prompt, name):
    at = prompt.rfind("\n" + name)
    if at < 0:
        return ""
    return prompt[at + 1 + len(name):].split("\n", 1)[0]


def two_decimals(weights):
    total = sum(weights)
    return ["%.2f" % (w / total) for w in weights]


def prune_relations(prompt):
    width = int(re.match(r"Please retrieve (\d+) relations", prompt).group(1))
    question = last_question(prompt)
    listed = field(prompt, "Relations: ")
    if listed.endswith("A: "):
        listed = listed[:-3]
    relations = sorted(set(r.strip() for r in listed.split("; ") if r.strip()))
    asked = words(question)
    ranked = sorted(relations, key=lambda r: (-len(words(r) & asked), r))[:width]
    if not ranked:
        return "No relation is relevant."
    scores = two_decimals([len(ranked) - i for i in range(len(ranked))])
    return "\n".join("%d. {%s (Score: %s)}: it shares words with the question." % (i + 1, r, s)
                     for i, (r, s) in enumerate(zip(ranked, scores)))


def depth_of(question):
    """The depth at which "enough?" says Yes for this question; 4 is never, at ToG's default depth 3."""
    return 1 + hashlib.sha256(question.encode("utf-8")).digest()[0] % 4


def score_entities(prompt):
    listed = field(prompt, "Entites: ")
    if listed.endswith("Score: "):
        listed = listed[:-len("Score: ")]
    listed = listed.rstrip("\n")
    names = listed.split("; ")
    if depth_of(last_question(prompt)) == 4:
        return "Score: " + ", ".join("0.00" for _ in names)
    weights = [1 + hashlib.sha256(n.encode("utf-8")).digest()[0] % 9 for n in names]
    return "Score: " + ", ".join(two_decimals(weights))


TUPLE = re.compile(r"""\((['"])(.*?)\1, (['"])(.*?)\3, (['"])(.*?)\5\)""")


def triplets(prompt):
    """The (head, relation, tail) triplets after the last 'Knowledge Triplets: ', in order."""
    at = prompt.rfind(TRIPLETS)
    chain = prompt[at + len(TRIPLETS):]
    if chain.endswith("A: "):
        chain = chain[:-3]
    out = []
    for line in chain.split("\n"):
        tuples = TUPLE.findall(line)
        if tuples:
            out.extend((t[1], t[3], t[5]) for t in tuples)
        elif line.strip():
            parts = line.strip().split(", ")
            out.append((parts[0], ", ".join(parts[1:-1]), parts[-1]))
    return out


def last_tail(found):
    return found[-1][2] if found else "unknown"


def enough(prompt):
    found = triplets(prompt)
    if len(found) > 3 * (depth_of(last_question(prompt)) - 1):
        return "{Yes}. Based on the given knowledge triplets, the answer to the question is {%s}." % last_tail(found)
    return "{No}. Based on the given knowledge triplets, it's not sufficient to answer the question."


def answer(prompt):
    return "Based on the given knowledge triplets, the answer to the question is {%s}." % last_tail(triplets(prompt))


KINDS = [
    ("relation_pruning", lambda p: p.startswith("Please retrieve "), prune_relations),
    ("entity_scoring", lambda p: p.startswith("Please score the entities' contribution"), score_entities),
    ("enough", lambda p: p.startswith("Given a question and the associated retrieved knowledge graph triplets")
        and "answer whether it's sufficient" in p.split("\n", 1)[0], enough),
    ("answer", lambda p: p.startswith("Given a question and the associated retrieved knowledge graph triplets"),
        answer),
    ("chain_of_thought", lambda p: p.startswith("Q: What state is home to the university"),
        lambda p: "I cannot tell from what I know. The answer is {unknown}."),
]


def reply_to(prompt):
    for kind, matches, rule in KINDS:
        if matches(prompt):
            return kind, rule(prompt)
    return "other", "UNRECOGNISED PROMPT"


def text_of(content):
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(part.get("text", "") for part in content if isinstance(part, dict))
    return ""


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    log_lock = threading.Lock()
    log_file = None
    counter = 0
    mark = None

    def log_message(self, fmt, *args):
        pass

    def send_json(self, status, body):
        data = json.dumps(body).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        if self.path.rstrip("/").endswith("/models"):
            self.send_json(200, {"object": "list", "data": [{"id": "scripted", "object": "model", "owned_by": "tog-compare"}]})
        else:
            self.send_json(404, {"error": {"message": "no such path " + self.path}})

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        raw = self.rfile.read(length)
        if self.path == "/__mark":
            with Handler.log_lock:
                Handler.mark = raw.decode("utf-8")
            self.send_response(204)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        request = json.loads(raw or b"{}")
        if not self.path.rstrip("/").endswith("/chat/completions"):
            self.send_json(404, {"error": {"message": "no such path " + self.path}})
            return
        messages = request.get("messages", [])
        system = [text_of(m.get("content")) for m in messages if m.get("role") == "system"]
        user = [text_of(m.get("content")) for m in messages if m.get("role") == "user"]
        prompt = user[-1] if user else ""
        kind, reply = reply_to(prompt)
        with Handler.log_lock:
            Handler.counter += 1
            record = {"seq": Handler.counter, "mark": Handler.mark, "kind": kind, "question": last_question(prompt),
                      "system": system, "prompt": prompt, "messages": len(messages),
                      "temperature": request.get("temperature"),
                      "max_tokens": request.get("max_tokens", request.get("max_completion_tokens")),
                      "frequency_penalty": request.get("frequency_penalty"),
                      "presence_penalty": request.get("presence_penalty"),
                      "model": request.get("model"), "reply": reply,
                      "client": self.headers.get("User-Agent", "")}
            Handler.log_file.write(json.dumps(record, ensure_ascii=False) + "\n")
            Handler.log_file.flush()
            seq = Handler.counter
        tokens = len(prompt.split())
        self.send_json(200, {
            "id": "chatcmpl-scripted-%d" % seq, "object": "chat.completion", "created": 0,
            "model": request.get("model") or "scripted",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": reply}, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": tokens, "completion_tokens": len(reply.split()),
                      "total_tokens": tokens + len(reply.split())}})


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8808)
    parser.add_argument("--log", required=True, help="append one JSON line per request here")
    args = parser.parse_args()
    Handler.log_file = open(args.log, "a", encoding="utf-8")
    server = ThreadingHTTPServer((args.host, args.port), Handler)
    print("scripted chat server on http://%s:%d/v1" % (args.host, server.server_port), file=sys.stderr, flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
