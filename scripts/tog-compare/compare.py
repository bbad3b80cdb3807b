#!/usr/bin/env python3
"""Compares two ToG runs on the same questions: the SPARQL queries each sent, the prompts each sent, its answers.

Each run folder holds what the harness captured: sparql.jsonl (the logging proxy's log), chat.jsonl (the scripted
chat server's log) and the run's ToG_*.jsonl output. Queries and prompts are grouped by question through the
marks the runner posted before each question; a run without marks is compared as one whole.

Queries are compared twice: as sent (the exact text) and by template, where each query is read as one of ToG's
five templates with its arguments (head relations of m.X, tail relations, tail entities of m.X by r, head
entities, name of m.X), so that DISTINCT, a LIMIT or white space do not hide that the same question was asked.
Per question both the order and the multiset are compared. Prompts are compared as exact text, with their
temperature, max_tokens and system message. Answers are ToG's `results` text and `reasoning_chains`, matched by
question text as `lacuna evaluate --from tog` matches them.

  python3 compare.py --questions questions.json --left python=out/python --right lacuna=out/lacuna \
      --report out/report.md --json out/report.json
"""
import argparse
import collections
import glob
import json
import os
import re
import sys

TEMPLATES = [
    ("head_relations", re.compile(r"^SELECT (?:DISTINCT )?\?relation WHERE \{ ns:(\S+) \?relation \?x \.? ?\}")),
    ("tail_relations", re.compile(r"^SELECT (?:DISTINCT )?\?relation WHERE \{ \?x \?relation ns:(\S+?) \.? ?\}")),
    ("tail_entities", re.compile(r"^SELECT (?:DISTINCT )?\?tailEntity WHERE \{ ns:(\S+) ns:(\S+) \?tailEntity \.? ?\}")),
    ("head_entities", re.compile(r"^SELECT (?:DISTINCT )?\?tailEntity WHERE \{ \?tailEntity ns:(\S+) ns:(\S+?) \.? ?\}")),
    ("name", re.compile(r"^SELECT (?:DISTINCT )?\?tailEntity WHERE \{ \{ \?entity ns:type\.object\.name \?tailEntity \. "
                        r"FILTER ?\( ?\?entity = ns:(\S+?) ?\) \}")),
]
FREEBASE_IRI = re.compile(r"<http://rdf\.freebase\.com/ns/([^>\s]+)>")


def canonical(query):
    """The query with ToG's prefix written out the one way: ns:X for Freebase IRIs, no PREFIX lines, no comments,
    no trailing LIMIT, white space collapsed."""
    lines = [line for line in (query or "").split("\n")
             if not line.strip().startswith("#") and not line.strip().upper().startswith("PREFIX ")]
    text = " ".join(" ".join(lines).split())
    text = FREEBASE_IRI.sub(lambda m: "ns:" + m.group(1), text)
    text = re.sub(r"\s+LIMIT\s+\d+\s*$", "", text, flags=re.IGNORECASE)
    text = text.replace("{", " { ").replace("}", " } ").replace("(", " ( ").replace(")", " ) ")
    return " ".join(text.split()).replace("( ", "(").replace(" )", ")")


def template(query):
    text = canonical(query)
    for kind, pattern in TEMPLATES:
        match = pattern.search(text)
        if match:
            return (kind,) + match.groups()
    return ("other", text)


TRIPLETS = "Knowledge Triplets: "
TUPLE = re.compile(r"""\((['"])(.*?)\1, (['"])(.*?)\3, (['"])(.*?)\5\)""")


def triplets_read(prompt):
    """A prompt with its knowledge triplets read into a list, however they were laid out: ToG writes each depth's
    triplets as Python tuples on one line, a reimplementation may write one "head, relation, tail" a line."""
    at = prompt.rfind(TRIPLETS)
    if at < 0:
        return prompt, None
    chain = prompt[at + len(TRIPLETS):]
    tail = ""
    if chain.endswith("A: "):
        chain, tail = chain[:-3], "A: "
    found = []
    for line in chain.split("\n"):
        tuples = TUPLE.findall(line)
        if tuples:
            found.extend((t[1], t[3], t[5]) for t in tuples)
        elif line.strip():
            parts = line.strip().split(", ")
            found.append((parts[0], ", ".join(parts[1:-1]), parts[-1]))
    return prompt[:at + len(TRIPLETS)] + tail, tuple(found)


def flat_chains(chains):
    """Every (head, relation, tail) of reasoning_chains in order, whatever the nesting."""
    out = []

    def walk(node):
        if isinstance(node, (list, tuple)) and len(node) == 3 and all(isinstance(x, str) for x in node):
            out.append(tuple(node))
        elif isinstance(node, (list, tuple)):
            for x in node:
                walk(x)
    walk(chains or [])
    return out


def read_jsonl(path):
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def mark_id(mark):
    if not mark:
        return None
    try:
        return json.loads(mark).get("id")
    except ValueError:
        return mark


def normalise(value):
    """JSON's view of ToG's chains: Python tuples and lists alike become lists."""
    return json.loads(json.dumps(value))


class Run:
    def __init__(self, name, folder):
        self.name = name
        self.queries = read_jsonl(os.path.join(folder, "sparql.jsonl"))
        self.prompts = read_jsonl(os.path.join(folder, "chat.jsonl"))
        outputs = sorted(glob.glob(os.path.join(folder, "ToG_*.jsonl")))
        if not outputs:
            sys.exit("compare: no ToG_*.jsonl in %s" % folder)
        self.answers = read_jsonl(outputs[0])
        self.marked = any(q.get("mark") for q in self.queries)
        # what the walk asked, cache hits included, where the run wrote it (Lacuna's ToG_*.trace.jsonl)
        self.asked = {t.get("id"): t.get("queries") for t in read_jsonl(os.path.join(folder, "trace.jsonl"))
                      if t.get("queries") is not None}

    def queries_of(self, qid):
        return [q for q in self.queries if mark_id(q.get("mark")) == qid]

    def prompts_of(self, qid, text):
        if any(p.get("mark") for p in self.prompts):
            return [p for p in self.prompts if mark_id(p.get("mark")) == qid]
        return [p for p in self.prompts if p.get("question") == text]

    def answer_of(self, text, nth):
        same = [a for a in self.answers if a.get("question") == text]
        return same[nth] if nth < len(same) else None


def first_difference(left, right):
    for i, (a, b) in enumerate(zip(left, right)):
        if a != b:
            return i, a, b
    if len(left) != len(right):
        i = min(len(left), len(right))
        return i, left[i] if i < len(left) else None, right[i] if i < len(right) else None
    return None


def prompt_key(p):
    return (p.get("kind"), p.get("prompt"))


def prompt_read(p):
    return (p.get("kind"),) + triplets_read(p.get("prompt") or "")


def params(p):
    return (p.get("kind"), p.get("temperature"), p.get("max_tokens"), p.get("frequency_penalty"),
            p.get("presence_penalty"), tuple(p.get("system") or []), p.get("messages"))


def params_penalties_aside(p):
    """The request's settings without the two penalties, which an OpenAI-compatible server defaults to 0 unsent."""
    return (p.get("kind"), p.get("temperature"), p.get("max_tokens"), tuple(p.get("system") or []), p.get("messages"))


def compare(questions, left, right):
    per_question = []
    seen = collections.Counter()
    for q in questions:
        qid, text = q.get("ID"), q["question"]
        nth = seen[text]
        seen[text] += 1
        row = {"id": qid, "question": text}
        lq, rq = left.queries_of(qid), right.queries_of(qid)
        if left.marked and right.marked:
            lt, rt = [x["query"] for x in lq], [x["query"] for x in rq]
            lk, rk = [template(x) for x in lt], [template(x) for x in rt]
            row["queries"] = [len(lt), len(rt)]
            row["queries_same_text_order"] = lt == rt
            row["queries_same_template_order"] = lk == rk
            row["queries_same_template_multiset"] = collections.Counter(lk) == collections.Counter(rk)
            only_left = collections.Counter(lk) - collections.Counter(rk)
            only_right = collections.Counter(rk) - collections.Counter(lk)
            row["queries_only_" + left.name] = [list(k) + [n] for k, n in sorted(only_left.items())]
            row["queries_only_" + right.name] = [list(k) + [n] for k, n in sorted(only_right.items())]
            diff = first_difference(lk, rk)
            row["queries_first_difference"] = None if diff is None else [diff[0], diff[1], diff[2]]
            lw, rw = [k for k in lk if k[0] != "name"], [k for k in rk if k[0] != "name"]
            row["walk_queries_same_order"] = lw == rw
            row["walk_queries_same_set"] = set(lw) == set(rw)
            row["named_entities_same_set"] = ({k for k in lk if k[0] == "name"} == {k for k in rk if k[0] == "name"})
            row["queries_repeated"] = [len(lk) - len(set(lk)), len(rk) - len(set(rk))]
            for run, other, name in ((right, lk, "asked_by_" + right.name), (left, rk, "asked_by_" + left.name)):
                if qid in run.asked:
                    asked = [template(x) for x in run.asked[qid]]
                    row[name + "_same_order"] = asked == other
                    row[name + "_same_multiset"] = collections.Counter(asked) == collections.Counter(other)
                    diff = first_difference(other, asked)
                    row[name + "_first_difference"] = None if diff is None else [diff[0], diff[1], diff[2]]
        lp, rp = left.prompts_of(qid, text), right.prompts_of(qid, text)
        row["prompts"] = [len(lp), len(rp)]
        row["prompt_kinds"] = [[p["kind"] for p in lp], [p["kind"] for p in rp]]
        row["prompts_same_order"] = [prompt_key(p) for p in lp] == [prompt_key(p) for p in rp]
        row["prompts_same_multiset"] = (collections.Counter(prompt_key(p) for p in lp)
                                        == collections.Counter(prompt_key(p) for p in rp))
        row["prompts_same_order_triplets_read"] = [prompt_read(p) for p in lp] == [prompt_read(p) for p in rp]
        row["prompt_params_same"] = [params(p) for p in lp] == [params(p) for p in rp]
        row["prompt_params_same_penalties_aside"] = ([params_penalties_aside(p) for p in lp]
                                                     == [params_penalties_aside(p) for p in rp])
        diff = first_difference([prompt_key(p) for p in lp], [prompt_key(p) for p in rp])
        row["prompts_first_difference"] = None if diff is None else {
            "index": diff[0], left.name: diff[1], right.name: diff[2]}
        la, ra = left.answer_of(text, nth), right.answer_of(text, nth)
        row["answered"] = [la is not None, ra is not None]
        row["results_same"] = la is not None and ra is not None and la.get("results") == ra.get("results")
        row["chains_same"] = (la is not None and ra is not None
                              and normalise(la.get("reasoning_chains")) == normalise(ra.get("reasoning_chains")))
        row["chain_triplets_same"] = (la is not None and ra is not None
                                      and flat_chains(la.get("reasoning_chains")) == flat_chains(ra.get("reasoning_chains")))
        row["results"] = [la and la.get("results"), ra and ra.get("results")]
        per_question.append(row)
    return per_question


def whole_run(left, right):
    out = {}
    for run in (left, right):
        kinds = collections.Counter(template(q["query"])[0] for q in run.queries)
        out[run.name] = {"queries": len(run.queries), "queries_by_template": dict(sorted(kinds.items())),
                         "distinct_query_texts": len(set(q["query"] for q in run.queries)),
                         "prompts": len(run.prompts),
                         "prompts_by_kind": dict(sorted(collections.Counter(p["kind"] for p in run.prompts).items())),
                         "answers": len(run.answers),
                         "largest_answer_rows": max([q.get("rows") or 0 for q in run.queries] or [0])}
    examples = {}
    for run in (left, right):
        for q in run.queries:
            kind = template(q["query"])[0]
            examples.setdefault(kind, {}).setdefault(run.name, q["query"])
    out["template_text"] = {kind: {"same_text": len(set(v.values())) == 1 and len(v) == 2, "examples": v}
                            for kind, v in sorted(examples.items())}
    out["queries_same_template_multiset"] = (collections.Counter(template(q["query"]) for q in left.queries)
                                             == collections.Counter(template(q["query"]) for q in right.queries))
    out["prompts_same_multiset"] = (collections.Counter(prompt_key(p) for p in left.prompts)
                                    == collections.Counter(prompt_key(p) for p in right.prompts))
    return out


def count(rows, key):
    return sum(1 for r in rows if r.get(key))


def markdown(questions, left, right, rows, total):
    n = len(rows)
    lines = ["# ToG runs compared: %s and %s" % (left.name, right.name), "",
             "%d questions. Counts are questions where the two runs agree." % n, "",
             "| check | questions |", "|---|---|"]
    checks = [("queries_same_text_order", "SPARQL queries: same texts in the same order"),
              ("queries_same_template_order", "SPARQL queries: same templates and arguments, same order"),
              ("queries_same_template_multiset", "SPARQL queries: same templates and arguments, any order"),
              ("walk_queries_same_order", "relation and entity queries (name look-ups aside): same, same order"),
              ("walk_queries_same_set", "relation and entity queries (name look-ups aside): same distinct set"),
              ("named_entities_same_set", "name look-ups: the same entities named"),
              ("prompts_same_order", "prompts: same texts in the same order"),
              ("prompts_same_multiset", "prompts: same texts, any order"),
              ("prompts_same_order_triplets_read", "prompts: same texts in the same order, triplets' layout aside"),
              ("prompt_params_same", "prompts: same temperature, max_tokens, penalties, system message"),
              ("prompt_params_same_penalties_aside", "prompts: same temperature, max_tokens, system message"),
              ("results_same", "answer (`results`) identical"),
              ("chains_same", "`reasoning_chains` identical"),
              ("chain_triplets_same", "`reasoning_chains`: same triplets in the same order, nesting aside")]
    for run, other in ((right, left), (left, right)):
        if rows and "asked_by_%s_same_order" % run.name in rows[0]:
            checks.insert(3, ("asked_by_%s_same_multiset" % run.name, "SPARQL queries %s's walk asked (its trace, cache "
                              "hits included) against those %s sent: same, any order" % (run.name, other.name)))
            checks.insert(3, ("asked_by_%s_same_order" % run.name, "SPARQL queries %s's walk asked (its trace, cache "
                              "hits included) against those %s sent: same, same order" % (run.name, other.name)))
    for key, label in checks:
        if rows and key in rows[0]:
            lines.append("| %s | %d / %d |" % (label, count(rows, key), n))
    lines += ["", "## Whole runs", "", "| | %s | %s |" % (left.name, right.name), "|---|---|---|"]
    for key in ("queries", "distinct_query_texts", "prompts", "answers", "largest_answer_rows"):
        lines.append("| %s | %s | %s |" % (key.replace("_", " "), total[left.name][key], total[right.name][key]))
    kinds = sorted(set(total[left.name]["queries_by_template"]) | set(total[right.name]["queries_by_template"]))
    for kind in kinds:
        lines.append("| queries: %s | %s | %s |" % (kind, total[left.name]["queries_by_template"].get(kind, 0),
                                                    total[right.name]["queries_by_template"].get(kind, 0)))
    pkinds = sorted(set(total[left.name]["prompts_by_kind"]) | set(total[right.name]["prompts_by_kind"]))
    for kind in pkinds:
        lines.append("| prompts: %s | %s | %s |" % (kind, total[left.name]["prompts_by_kind"].get(kind, 0),
                                                    total[right.name]["prompts_by_kind"].get(kind, 0)))
    lines += ["", "## Query texts per template", ""]
    for kind, v in total["template_text"].items():
        lines.append("- **%s**: %s" % (kind, "identical text" if v["same_text"] else "texts differ"))
        if not v["same_text"]:
            for name, text in v["examples"].items():
                lines.append("  - %s: `%s`" % (name, " ".join(text.split())))
    differing = [r for r in rows if not all(r.get(k, True) for k, _ in checks)]
    lines += ["", "## Questions that differ (%d)" % len(differing), ""]
    for r in differing[:15]:
        lines.append("### %s %s" % (r["id"], r["question"]))
        failed = [label for key, label in checks if key in r and not r[key]]
        lines.append("- differs in: " + "; ".join(failed))
        lines.append("- queries: %s (repeated: %s), prompts: %s" % (r.get("queries"), r.get("queries_repeated"),
                                                                     r["prompts"]))
        if r.get("queries_first_difference"):
            d = r["queries_first_difference"]
            lines.append("- first query difference at #%d: %s: `%s`, %s: `%s`" % (d[0], left.name, d[1], right.name, d[2]))
        for key in ("queries_only_" + left.name, "queries_only_" + right.name):
            if r.get(key):
                lines.append("- %s: %s" % (key.replace("_", " "), r[key][:8]))
        if r.get("prompts_first_difference"):
            d = r["prompts_first_difference"]
            for name in (left.name, right.name):
                p = d.get(name)
                lines.append("- prompt #%d from %s: %s" % (d["index"], name, "none" if p is None else
                             "%s, ends `%s`" % (p[0], p[1][-200:].replace("\n", "\\n"))))
        if not r["results_same"]:
            lines.append("- answers: %s: `%s`; %s: `%s`" % (left.name, r["results"][0], right.name, r["results"][1]))
        lines.append("")
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--questions", required=True, help="the question JSON both runs were given")
    parser.add_argument("--left", required=True, help="NAME=FOLDER")
    parser.add_argument("--right", required=True, help="NAME=FOLDER")
    parser.add_argument("--report", help="write the markdown report here (default: standard output)")
    parser.add_argument("--json", help="also write every question's comparison as JSON here")
    args = parser.parse_args()
    with open(args.questions, encoding="utf-8") as f:
        questions = json.load(f)
    left = Run(*args.left.split("=", 1))
    right = Run(*args.right.split("=", 1))
    rows = compare(questions, left, right)
    total = whole_run(left, right)
    text = markdown(questions, left, right, rows, total)
    if args.report:
        with open(args.report, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"whole_run": total, "questions": rows}, f, ensure_ascii=False, indent=1)


if __name__ == "__main__":
    main()
