#!/usr/bin/env python3
"""Runs the public ToG code and Lacuna's ToG on the same questions, endpoint and scripted chat server, and compares.

For each run it starts a fresh scripted chat server and SPARQL logging proxy (on free ports, in front of
--endpoint), so every run's logs hold its own requests only, then writes OUT/RUN/{chat,sparql}.jsonl and the run's
ToG_*.jsonl. The runs:
  tog          ToG's main_freebase.py as published (run_python_tog.py --each), --prune_tools llm; a question on
               which ToG's code raises is listed in OUT/tog/crashes.jsonl and has no answer
  tog-fixed    the same with the upstream fix of the incoming entity search (--fix-incoming-search)
  lacuna       --lacuna-command, run once per question with the question's mark posted before it, so that its
               queries and prompts are told apart by question however the command orders its work
A trace the command writes beside its output (ToG_*.trace.jsonl, one record per question with the
"queries" its walk asked, answered from its cache or not) is gathered into OUT/lacuna/trace.jsonl.
Then compare.py writes OUT/report-tog.md and OUT/report-tog-fixed.md (lacuna against each), with .json beside.

The questions are every --stride-th of --questions (a ToG-shaped JSON, as `lacuna export --format freebase`
writes), at most --limit. --lacuna-command is split like a shell line after filling {questions} (a one-question
JSON file), {benchmark} (a folder holding --benchmark's files but only that question in questions/test.jsonl,
matched by id), {sparql} (the proxy's URL), {llm} (the chat server's /v1 URL), {output} (the file or folder the
run is to write its ToG_*.jsonl to) and {seed}; without it only the ToG runs are made.

  python3 run_all.py --tog ~/ToG/ToG --endpoint http://127.0.0.1:7878/sparql \
      --questions family-fb/questions/test.json --stride 5 --limit 40 --out tog-compare-out \
      --benchmark family-benchmark --lacuna-command "./lacuna tog --benchmark {benchmark} --endpoint {sparql} \
          --pruning llm --llm-base-url {llm} --llm-model scripted --threads 1 --seed {seed} --out {output}"
"""
import argparse
import glob
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import time
import urllib.request

here = os.path.dirname(os.path.abspath(__file__))


class Service:
    """One of the harness's servers, started on a free port; its port read from the line it prints."""

    def __init__(self, script, args):
        self.process = subprocess.Popen([sys.executable, os.path.join(here, script), "--port", "0"] + args,
                                        stderr=subprocess.PIPE, text=True)
        line = self.process.stderr.readline()
        match = re.search(r"http://([^/\s]+)", line)
        if not match:
            self.process.kill()
            sys.exit("run_all: %s did not start: %s" % (script, line.strip()))
        self.root = "http://" + match.group(1)

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)


def mark(urls, item):
    body = json.dumps({"id": item.get("ID"), "question": item.get("question")}, ensure_ascii=False).encode("utf-8")
    for url in urls:
        urllib.request.urlopen(urllib.request.Request(url, data=body, method="POST"), timeout=30).read()


def start(folder, endpoint):
    os.makedirs(folder, exist_ok=True)
    for name in ("chat.jsonl", "sparql.jsonl"):
        if os.path.exists(os.path.join(folder, name)):
            os.remove(os.path.join(folder, name))
    chat = Service("chat_server.py", ["--log", os.path.join(folder, "chat.jsonl")])
    proxy = Service("sparql_proxy.py", ["--upstream", endpoint, "--log", os.path.join(folder, "sparql.jsonl")])
    return chat, proxy


def run_tog(args, name, questions_file, fixed):
    folder = os.path.join(args.out, name)
    chat, proxy = start(folder, args.endpoint)
    try:
        command = [args.python, os.path.join(here, "run_python_tog.py"), "--tog", args.tog,
                   "--sparql", proxy.root + "/sparql", "--questions", questions_file,
                   "--workdir", os.path.join(folder, "work"), "--seed", str(args.seed), "--each"]
        if fixed:
            command.append("--fix-incoming-search")
        command += ["--", "--prune_tools", "llm", "--opeani_api_keys", "none"]
        env = dict(os.environ, OPENAI_API_BASE=chat.root + "/v1")
        with open(os.path.join(folder, "console.txt"), "w") as console:
            started = time.monotonic()
            code = subprocess.call(command, env=env, stdout=console, stderr=subprocess.STDOUT)
            seconds = time.monotonic() - started
        if code != 0:
            sys.exit("run_all: ToG (%s) failed with %d; see %s" % (name, code, os.path.join(folder, "console.txt")))
        shutil.copy(os.path.join(folder, "work", "run", "ToG_cwq.jsonl"), os.path.join(folder, "ToG_cwq.jsonl"))
        crashes = os.path.join(folder, "work", "run", "crashes.jsonl")
        if os.path.exists(crashes):
            shutil.copy(crashes, os.path.join(folder, "crashes.jsonl"))
    finally:
        chat.stop()
        proxy.stop()
    crashed = os.path.join(folder, "crashes.jsonl")
    crashed = sum(1 for _ in open(crashed)) if os.path.exists(crashed) else 0
    print("%s: %d questions in %.1f s, ToG raised on %d" % (name, len(json.load(open(questions_file))), seconds,
                                                           crashed), file=sys.stderr)


def benchmark_lines(benchmark):
    """The benchmark's test questions as written, by id."""
    if not benchmark:
        return {}
    lines = {}
    with open(os.path.join(benchmark, "questions", "test.jsonl"), encoding="utf-8") as f:
        for line in f:
            if line.strip():
                lines[json.loads(line)["id"]] = line
    return lines


def one_question_benchmark(benchmark, target, line):
    """A benchmark folder whose test split is one question: every other file linked to the real one."""
    shutil.rmtree(target, ignore_errors=True)
    os.makedirs(os.path.join(target, "questions"))
    for name in os.listdir(benchmark):
        if name != "questions":
            os.symlink(os.path.abspath(os.path.join(benchmark, name)), os.path.join(target, name))
    with open(os.path.join(target, "questions", "test.jsonl"), "w", encoding="utf-8") as f:
        f.write(line)


def run_lacuna(args, questions):
    folder = os.path.join(args.out, "lacuna")
    chat, proxy = start(folder, args.endpoint)
    lines = benchmark_lines(args.benchmark)
    one = os.path.abspath(os.path.join(folder, "one-question-benchmark"))
    single = os.path.join(folder, "one-question.json")
    merged = os.path.join(folder, "ToG_lacuna.jsonl")
    traces = open(os.path.join(folder, "trace.jsonl"), "w", encoding="utf-8")
    started = time.monotonic()
    try:
        with open(merged, "w", encoding="utf-8") as out, open(os.path.join(folder, "console.txt"), "w") as console:
            for n, item in enumerate(questions):
                with open(single, "w", encoding="utf-8") as f:
                    json.dump([item], f, ensure_ascii=False)
                if args.benchmark:
                    one_question_benchmark(args.benchmark, one, lines[item["ID"]])
                output = os.path.join(folder, "question-output")
                shutil.rmtree(output, ignore_errors=True)
                if os.path.exists(output):
                    os.remove(output)
                mark([proxy.root + "/__mark", chat.root + "/__mark"], item)
                command = [part.format(questions=single, benchmark=one, sparql=proxy.root + "/sparql", llm=chat.root + "/v1",
                                       output=output, seed=args.seed) for part in shlex.split(args.lacuna_command)]
                code = subprocess.call(command, stdout=console, stderr=subprocess.STDOUT)
                if code != 0:
                    sys.exit("run_all: lacuna failed with %d on %s; see %s" % (code, item.get("ID"),
                                                                             os.path.join(folder, "console.txt")))
                if os.path.isfile(output):
                    files, trace = [output], []
                else:
                    found = sorted(glob.glob(os.path.join(output, "**", "ToG_*.jsonl"), recursive=True))
                    # ToG's own file is ToG_<dataset>.jsonl; a run may write ToG_<dataset>.trace.jsonl and such beside
                    files = [f for f in found if os.path.basename(f).count(".") == 1]
                    trace = [f for f in found if f.endswith(".trace.jsonl")]
                if not files:
                    sys.exit("run_all: lacuna wrote no ToG_*.jsonl at %s" % output)
                with open(files[0], encoding="utf-8") as f:
                    out.write(f.read())
                for name in trace[:1]:
                    with open(name, encoding="utf-8") as f:
                        traces.write(f.read())
                print("lacuna: %d/%d" % (n + 1, len(questions)), file=sys.stderr, end="\r")
    finally:
        traces.close()
        chat.stop()
        proxy.stop()
    print("lacuna: %d questions in %.1f s (one process each)" % (len(questions), time.monotonic() - started),
          file=sys.stderr)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--tog", required=True, help="folder of a ToG checkout holding main_freebase.py")
    parser.add_argument("--endpoint", required=True, help="SPARQL query URL of lacuna serve --shape freebase")
    parser.add_argument("--questions", required=True, help="ToG-shaped question JSON")
    parser.add_argument("--stride", type=int, default=1, help="take every N-th question (default 1)")
    parser.add_argument("--limit", type=int, default=40, help="at most this many questions (default 40)")
    parser.add_argument("--out", required=True, help="folder for every run's logs and the reports")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--python", default="/usr/bin/python3", help="Python with SPARQLWrapper, tqdm, requests, bs4")
    parser.add_argument("--lacuna-command", help="how to run Lacuna's ToG on one question (see above)")
    parser.add_argument("--benchmark", help="the benchmark folder the questions were exported from, for {benchmark}")
    parser.add_argument("--skip-tog", action="store_true", help="reuse the ToG runs already in --out")
    args = parser.parse_args()

    os.makedirs(args.out, exist_ok=True)
    with open(args.questions, encoding="utf-8") as f:
        questions = json.load(f)[::args.stride][:args.limit]
    questions_file = os.path.abspath(os.path.join(args.out, "questions.json"))
    if not args.skip_tog:
        with open(questions_file, "w", encoding="utf-8") as f:
            json.dump(questions, f, ensure_ascii=False, indent=1)
        run_tog(args, "tog", questions_file, False)
        run_tog(args, "tog-fixed", questions_file, True)
    if args.lacuna_command:
        run_lacuna(args, questions)
        for name in ("tog", "tog-fixed"):
            subprocess.check_call([sys.executable, os.path.join(here, "compare.py"), "--questions", questions_file,
                                   "--left", "%s=%s" % (name, os.path.join(args.out, name)),
                                   "--right", "lacuna=" + os.path.join(args.out, "lacuna"),
                                   "--report", os.path.join(args.out, "report-%s.md" % name),
                                   "--json", os.path.join(args.out, "report-%s.json" % name)])
    subprocess.check_call([sys.executable, os.path.join(here, "compare.py"), "--questions", questions_file,
                           "--left", "tog=" + os.path.join(args.out, "tog"),
                           "--right", "tog-fixed=" + os.path.join(args.out, "tog-fixed"),
                           "--report", os.path.join(args.out, "report-tog-vs-fixed.md")])
    print("reports in %s" % args.out, file=sys.stderr)


if __name__ == "__main__":
    main()
