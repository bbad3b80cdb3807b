"""Checks a Lacuna benchmark's broken graphs from the folder's files alone, without Lacuna's code.

Usage: check_broken_graphs.py FOLDER. Prints one line of counts and exits 0 when every check holds; prints each
failure and exits 1 otherwise. Checks, per question with a trap: the trap's triple is in kg/replaced.tsv and not
in kg/complete.tsv; the trap is no answer; it occurs on the relation's answer side in complete; no rule of
rules.tsv whose head is the relation derives it from replaced. And replaced = incomplete + the traps. Per
question: every body triple of its grounding (and proof) is in incomplete, in replaced and in noisy (so its rule
still derives the hard answer there); noisy is within incomplete; noise_lost is exactly the other answers whose
triple is in incomplete and not in noisy.
"""
import json
import sys


def triples(path):
    out = set()
    with open(path, encoding="utf-8") as f:
        for line in f:
            h, r, t = line.rstrip("\n").split("\t")
            out.add((h, r, t))
    return out


def parse_rule(text):
    body, head = text.split("=>")

    def atoms(part):
        tokens = part.split()
        return [tuple(tokens[i:i + 3]) for i in range(0, len(tokens), 3)]

    return atoms(body), atoms(head)[0]


def index(graph):
    by_relation = {}
    for h, r, t in graph:
        by_relation.setdefault(r, []).append((h, t))
    return by_relation


def is_var(x):
    return x.startswith("?")


def derives(rule, fact, graph_index):
    """Whether some grounding of rule has head fact and its whole body in the graph (brute force)."""
    body, head = rule
    if head[1] != fact[1]:
        return False
    sigma = {}
    for term, value in ((head[0], fact[0]), (head[2], fact[2])):
        if is_var(term):
            if sigma.setdefault(term, value) != value:
                return False
        elif term != value:
            return False

    def extend(i, s):
        if i == len(body):
            return True
        a, r, b = body[i]
        for h, t in graph_index.get(r, []):
            n = dict(s)
            ok = True
            for term, value in ((a, h), (b, t)):
                if is_var(term):
                    if n.setdefault(term, value) != value:
                        ok = False
                elif term != value:
                    ok = False
            if ok and extend(i + 1, n):
                return True
        return False

    return extend(0, sigma)


def main(folder):
    complete = triples(folder + "/kg/complete.tsv")
    incomplete = triples(folder + "/kg/incomplete.tsv")
    replaced = triples(folder + "/kg/replaced.tsv")
    noisy = triples(folder + "/kg/noisy.tsv")
    rules = []
    with open(folder + "/rules.tsv", encoding="utf-8") as f:
        next(f)
        for line in f:
            rules.append(parse_rule(line.split("\t")[0]))
    questions = []
    for split in ("train", "valid", "test"):
        with open(folder + "/questions/" + split + ".jsonl", encoding="utf-8") as f:
            questions += [json.loads(line) for line in f if line.strip()]
    replaced_index = index(replaced)
    answer_side = {}
    for h, r, t in complete:
        answer_side.setdefault(("head", r), set()).add(t)
        answer_side.setdefault(("tail", r), set()).add(h)
    failures = []
    traps = set()
    bodies = 0
    for q in questions:
        qid, topic, rel = q["id"], q["topic_entity"], q["relation"]

        def triple_of(answer):
            return (topic, rel, answer) if q["direction"] == "head" else (answer, rel, topic)

        if "trap" in q:
            trap = q["trap"]
            t = triple_of(trap)
            traps.add(t)
            if t not in replaced:
                failures.append(qid + ": trap triple not in replaced")
            if t in complete or trap in q["answers"]:
                failures.append(qid + ": trap is an answer")
            if trap not in answer_side.get((q["direction"], rel), set()):
                failures.append(qid + ": trap not of the relation's kind")
            for rule in rules:
                if derives(rule, t, replaced_index):
                    failures.append(qid + ": trap derivable from replaced by " + str(rule))
        steps = [q["grounding"]] + [s["grounding"] for s in q.get("proof", [])]
        heads = {tuple(s["head"]) for s in steps}
        for g in steps:
            for b in g["body"]:
                b = tuple(b)
                bodies += 1
                if b in heads:
                    continue
                for name, graph in (("incomplete", incomplete), ("replaced", replaced), ("noisy", noisy)):
                    if b not in graph:
                        failures.append(qid + ": proof body triple %s not in %s" % (b, name))
        lost = [a for a in q["answers"] if a != q["hard_answer"]
                and triple_of(a) in incomplete and triple_of(a) not in noisy]
        if q.get("noise_lost") != lost:
            failures.append(qid + ": noise_lost %s, the files give %s" % (q.get("noise_lost"), lost))
    if replaced != incomplete | traps:
        failures.append("replaced is not incomplete plus the traps")
    if not noisy <= incomplete:
        failures.append("noisy holds triples that incomplete does not")
    for line in failures[:20]:
        print(line)
    print("questions %d traps %d bodies %d replaced %d noisy %d failures %d"
          % (len(questions), sum(1 for q in questions if "trap" in q), bodies, len(replaced), len(noisy), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
