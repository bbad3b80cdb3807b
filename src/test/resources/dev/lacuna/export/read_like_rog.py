"""Reads a Lacuna rog export the way RoG's scripts read their files (RManLuo/reasoning-on-graphs), with networkx.

Usage: read_like_rog.py EXPORT_DIR SPLIT_FILE OUT_PREDICTIONS

Mirrors, without importing RoG:
- predict_answer.py merge_rule_result: every rule_paths.jsonl row (utils.load_jsonl: one json.loads a line) is read
  as data["id"], data["prediction"], data["ground_paths"], and every question row must find its id there;
- gen_rule_path.py: the row fields it writes (id, question, prediction, ground_paths, input, raw_output with paths,
  scores, norm_scores), parse_prediction turning raw_output["paths"] back into prediction, and prepare_dataset's
  ground_paths: relation tuples of nx.all_shortest_paths from q_entity to a_entity over utils.build_graph;
- build_qa_input.py direct_answer (predict_answer.py with --model_name no-llm --add_rule): each predicted path
  walked from the topic over build_graph's edges, the last entity of each walk an answer; written as
  predict_answer.py's prediction rows {id, question, prediction, ground_truth, input}.
Any disagreement is printed and exits 1.
"""
import json
import re
import sys
from collections import deque

import networkx as nx

PATH_RE = r"<PATH>(.*)<\/PATH>"


def load_jsonl(path):
    with open(path, "r") as f:
        return [json.loads(line) for line in f]


def build_graph(graph):
    g = nx.Graph()
    for h, r, t in graph:
        g.add_edge(h, t, relation=r.strip())
    return g


def truth_paths(q_entity, a_entity, g):
    paths = []
    for h in q_entity:
        if h not in g:
            continue
        for t in a_entity:
            if t not in g:
                continue
            try:
                paths.extend(nx.all_shortest_paths(g, h, t))
            except nx.NetworkXNoPath:
                pass
    return {tuple(g[p[i]][p[i + 1]]["relation"] for i in range(len(p) - 1)) for p in paths}


def parse_prediction(texts):
    out = []
    for text in texts:
        m = re.search(PATH_RE, text)
        if m is None:
            continue
        out.append([rel.strip() for rel in m.group(1).split("<SEP>") if rel.strip() != ""])
    return out


def walk(g, start, rule):
    """Entities at the end of every walk from start whose i-th edge carries rule[i]."""
    ends = []
    queue = deque([(start, 0)])
    while queue:
        node, depth = queue.popleft()
        if depth == len(rule):
            ends.append(node)
            continue
        if node not in g:
            continue
        for n in g.neighbors(node):
            if g[node][n]["relation"] == rule[depth]:
                queue.append((n, depth + 1))
    return ends


def main(export, split_file, out):
    problems = []
    rules = {}
    for data in load_jsonl(export + "/rule_paths.jsonl"):
        keys = {"id", "question", "prediction", "ground_paths", "input", "raw_output"}
        if set(data) != keys:
            problems.append("%s: fields %s, gen_rule_path.py writes %s" % (data.get("id"), sorted(data), sorted(keys)))
        raw = data["raw_output"]
        if not all(isinstance(raw[k], list) and len(raw[k]) == len(raw["paths"]) for k in ("paths", "scores", "norm_scores")):
            problems.append("%s: raw_output is not {paths, scores, norm_scores} of one length" % data["id"])
        if parse_prediction(raw["paths"]) != data["prediction"]:
            problems.append("%s: parse_prediction(raw_output.paths) != prediction" % data["id"])
        if not isinstance(data["input"], str):
            problems.append("%s: input is not a string" % data["id"])
        rules[data["id"]] = {"predicted_paths": data["prediction"], "ground_paths": data["ground_paths"]}
    with open(out, "w") as fout:
        for sample in load_jsonl(export + "/" + split_file):
            merged = rules[sample["id"]]
            g = build_graph(sample["graph"])
            expected = truth_paths(sample["q_entity"], sample["a_entity"], g)
            written = {tuple(p) for p in merged["ground_paths"]}
            if expected != written:
                problems.append("%s: ground_paths %s, networkx gives %s" % (sample["id"], sorted(written), sorted(expected)))
            prediction = []
            for entity in sample["q_entity"]:
                for rule in merged["predicted_paths"]:
                    prediction.extend(walk(g, entity, rule))
            fout.write(json.dumps({"id": sample["id"], "question": sample["question"], "prediction": prediction,
                                   "ground_truth": sample["answer"], "input": sample["question"]}) + "\n")
    for p in problems[:20]:
        print(p, file=sys.stderr)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main(*sys.argv[1:])
