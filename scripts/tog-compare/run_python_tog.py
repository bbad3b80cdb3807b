#!/usr/bin/env python3
"""Runs the public ToG code (a checkout of IDEA-FinAI/ToG given by path) unchanged on ToG-shaped questions.

ToG's own main_freebase.py runs as __main__; nothing of its files is edited or copied. The runner only sets what
ToG hard-codes for its authors' machines:
  - freebase_func.SPARQLPATH, the module-level endpoint URL, is set to --sparql before main runs;
  - the questions go where ToG's prepare_dataset("cwq") reads them, ../data/cwq.json from its working directory
    (WORKDIR/data/cwq.json, run from WORKDIR/run), so ToG's own loader reads them;
  - Python's random is seeded (ToG samples 5 of 20 or more candidate entities with random.sample, unseeded);
  - the list prepare_dataset returns is wrapped so that, as ToG's loop reaches each question, the runner posts
    the question's ID and text to the SPARQL proxy's and the chat server's /__mark: their logs then tell whose
    queries and prompts are whose.
With --fix-incoming-search the runner also applies the one-line fix proposed upstream for the incoming entity
search (https://github.com/DataArcTech/ToG/pull/13, open): ToG's main branch fills sparql_head_entities_extract
with (entity, relation), so its query reads "?tailEntity ns:ENTITY ns:RELATION" and never finds an entity
through an incoming relation; the fix passes (relation, entity). The runner swaps the two arguments where the
template is filled rather than edit ToG's file.
openai, rank_bm25 and sentence_transformers come from ./standins (put first on the path): see their docstrings.
The chat server's URL is $OPENAI_API_BASE, as for openai 0.x. ToG writes WORKDIR/run/ToG_cwq.jsonl.

  python3 run_python_tog.py --tog ~/ToG/ToG --sparql http://127.0.0.1:7879/sparql --questions test.json \
      --limit 30 --workdir out/python -- --max_length 256 --prune_tools llm --LLM_type gpt-3.5-turbo
"""
import argparse
import json
import os
import random
import runpy
import sys
import traceback
import urllib.parse
import urllib.request

here = os.path.dirname(os.path.abspath(__file__))


def post_mark(urls, item):
    mark = json.dumps({"id": item.get("ID"), "question": item.get("question")}, ensure_ascii=False)
    for url in urls:
        urllib.request.urlopen(urllib.request.Request(url, data=mark.encode("utf-8"), method="POST"),
                               timeout=30).read()


class SwappedArguments(str):
    """A %-template that fills its two slots in the other order: the upstream fix, without editing ToG."""

    def __mod__(self, values):
        return str.__mod__(self, (values[1], values[0]))


class MarkingList(list):
    """ToG's question list, posting each question's mark to the proxy and chat server as ToG's loop takes it."""
    mark_urls = []

    def __iter__(self):
        for item in list.__iter__(self):
            post_mark(MarkingList.mark_urls, item)
            yield item


def default_marks(sparql):
    marks = [sparql.rsplit("/", 1)[0] + "/__mark"]
    base = os.environ.get("OPENAI_API_BASE")
    if base:
        split = urllib.parse.urlsplit(base)
        marks.append("%s://%s/__mark" % (split.scheme, split.netloc))
    return marks


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--tog", required=True, help="folder holding ToG's main_freebase.py")
    parser.add_argument("--sparql", required=True, help="SPARQL query URL ToG is to use")
    parser.add_argument("--mark-url", action="append", help="a /__mark URL to post each question to (default: the "
                        "proxy's beside --sparql and the chat server's beside $OPENAI_API_BASE)")
    parser.add_argument("--questions", required=True, help="ToG-shaped question JSON (lacuna export --format freebase)")
    parser.add_argument("--limit", type=int, default=0, help="first N questions only")
    parser.add_argument("--workdir", required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--fix-incoming-search", action="store_true",
                        help="apply the upstream fix of the incoming entity search's argument order")
    parser.add_argument("--each", action="store_true",
                        help="run ToG's main once per question, so that a question on which ToG's code raises is "
                             "recorded in WORKDIR/run/crashes.jsonl and the others still run")
    parser.add_argument("tog_args", nargs="*", help="after --: ToG's own options")
    args = parser.parse_args()

    tog = os.path.abspath(args.tog)
    with open(args.questions, encoding="utf-8") as f:
        questions = json.load(f)
    if args.limit:
        questions = questions[:args.limit]
    os.makedirs(os.path.join(args.workdir, "data"), exist_ok=True)
    os.makedirs(os.path.join(args.workdir, "run"), exist_ok=True)
    dataset = os.path.abspath(os.path.join(args.workdir, "data", "cwq.json"))
    for name in ("ToG_cwq.jsonl", "crashes.jsonl"):
        if os.path.exists(os.path.join(args.workdir, "run", name)):
            os.remove(os.path.join(args.workdir, "run", name))  # ToG appends
    os.chdir(os.path.join(args.workdir, "run"))

    sys.path.insert(0, tog)
    sys.path.insert(0, os.path.join(here, "standins"))
    import freebase_func
    import utils
    freebase_func.SPARQLPATH = args.sparql
    if args.fix_incoming_search:
        freebase_func.sparql_head_entities_extract = SwappedArguments(freebase_func.sparql_head_entities_extract)
    MarkingList.mark_urls = args.mark_url or default_marks(args.sparql)
    original = utils.prepare_dataset

    def prepare_dataset(name):
        datas, question_string = original(name)
        return MarkingList(datas), question_string

    utils.prepare_dataset = prepare_dataset
    freebase_func.prepare_dataset = prepare_dataset
    random.seed(args.seed)
    sys.argv = [os.path.join(tog, "main_freebase.py"), "--dataset", "cwq"] + args.tog_args
    for batch in ([[q] for q in questions] if args.each else [questions]):
        with open(dataset, "w", encoding="utf-8") as f:
            json.dump(batch, f, ensure_ascii=False)
        try:
            runpy.run_path(os.path.join(tog, "main_freebase.py"), run_name="__main__")
        except Exception as error:  # ToG's own code raised on this question: recorded, the run goes on
            if not args.each:
                raise
            with open("crashes.jsonl", "a", encoding="utf-8") as f:
                f.write(json.dumps({"id": batch[0].get("ID"), "question": batch[0].get("question"),
                                    "error": "%s: %s" % (type(error).__name__, error),
                                    "trace": traceback.format_exc()}, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
