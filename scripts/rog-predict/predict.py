"""Runs RoG's own answer prediction (src/qa_prediction/predict_answer.py of RManLuo/reasoning-on-graphs) on a
`lacuna export --format rog` folder, and writes its predictions.jsonl as RoG writes it.

Why not `python predict_answer.py` itself: its main() reads the questions with Hugging Face `datasets`
(`load_dataset(data_path/d, split=...)`, then `Dataset.map` to join the rule paths), and `datasets` is neither a
Debian package nor reachable here. So this script does those two steps itself, in plain Python (the export's
JSON Lines rows, each joined with its row of the rule file by id, as merge_rule_result does), and everything
else with RoG's own code, imported from the checkout unchanged: PromptBuilder (build_qa_input.py), build_graph and
bfs_with_rule (utils), `prediction()` (predict_answer.py, which makes each record), get_output_file, and
eval_result at the end, writing predictions.jsonl into the folder main() would choose.

Imports RoG makes at module level that this machine lacks are import-only stand-ins (standins/: walker,
transformers, openai, tiktoken, datasets); calling anything in them raises. torch, networkx, tqdm, dotenv and
sklearn are Debian's.

Two readers:
  --model_name no-llm       RoG's own: prediction() returns the last entity of every path its rules find, and
                            writes the bare question as `input` (so the file shows no retrieval).
  --model_name path-reader  RoG's LLM path (PromptBuilder.process_input builds the prompt with "Reasoning Paths:"),
                            answered by a reader defined here, not RoG's: the last entity of every path in the
                            prompt, one a line, as no-llm answers. The prompt is never cut (RoG cuts it at a
                            model's token limit), so `input` holds every path RoG found.
"""
import argparse
import json
import os
import sys

HERE = os.path.dirname(os.path.realpath(__file__))


class PathReader:
    """Answers RoG's prompt with the last entity of each reasoning path in it, in order; never cuts the prompt."""
    maximun_token = 10 ** 12

    def __init__(self, args):
        self.args = args

    def tokenize(self, text):
        return len(text)

    def prepare_for_inference(self):
        pass

    def generate_sentence(self, llm_input):
        start = llm_input.find("Reasoning Paths:\n")
        if start < 0:
            return ""
        block = llm_input[start + len("Reasoning Paths:\n"):].split("\n\n", 1)[0]
        return "\n".join(line.split(" -> ")[-1] for line in block.split("\n") if line.strip())


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rog", required=True, help="a checkout of RManLuo/reasoning-on-graphs")
    parser.add_argument("--data_path", required=True, help="the folder holding the export (RoG's --data_path)")
    parser.add_argument("--d", "-d", required=True, help="the export folder's name (RoG's -d)")
    parser.add_argument("--split", default="test")
    parser.add_argument("--predict_path", default="results/KGQA")
    parser.add_argument("--model_name", default="no-llm", choices=["no-llm", "path-reader"])
    parser.add_argument("--prompt_path", default=None, help="default: the checkout's prompts/llama2_predict.txt")
    parser.add_argument("--add_rule", action="store_true")
    parser.add_argument("--rule_path", default=None)
    parser.add_argument("--force", "-f", action="store_true")
    args = parser.parse_args()
    if args.prompt_path is None:
        args.prompt_path = os.path.join(args.rog, "prompts", "llama2_predict.txt")

    sys.path.insert(0, os.path.join(HERE, "standins"))
    sys.path.insert(0, os.path.join(args.rog, "src"))
    sys.path.insert(0, os.path.join(args.rog, "src", "qa_prediction"))
    import utils
    from qa_prediction import predict_answer
    from qa_prediction.build_qa_input import PromptBuilder
    from qa_prediction.evaluate_results import eval_result

    # load_dataset(data_path/d, split=split) on a folder of train/validation/test JSON Lines files
    split_file = {"train": "train.jsonl", "validation": "validation.jsonl", "test": "test.jsonl"}[args.split]
    with open(os.path.join(args.data_path, args.d, split_file)) as f:
        dataset = [json.loads(line) for line in f if line.strip()]
    rule_postfix = "no_rule"
    if args.add_rule:
        rule_postfix = args.rule_path.replace("/", "_").replace(".", "_")
        rules = {row["id"]: row for row in utils.load_jsonl(args.rule_path)}
        for row in dataset:  # merge_rule_result's find_rule, without Dataset.map
            row["predicted_paths"] = rules[row["id"]]["prediction"]
            row["ground_paths"] = rules[row["id"]]["ground_paths"]

    output_dir = os.path.join(args.predict_path, args.d, args.model_name, args.split, rule_postfix)
    os.makedirs(output_dir, exist_ok=True)
    if args.model_name == "no-llm":
        model = None
        input_builder = PromptBuilder(args.prompt_path, args.add_rule, use_true=False)
    else:
        model = PathReader(args)
        input_builder = PromptBuilder(args.prompt_path, args.add_rule, maximun_token=model.maximun_token,
                                      tokenize=model.tokenize)
        model.prepare_for_inference()
    with open(os.path.join(output_dir, "args.txt"), "w") as f:
        json.dump(args.__dict__, f, indent=2)
    output_file = os.path.join(output_dir, "predictions.jsonl")
    fout, processed_list = predict_answer.get_output_file(output_file, force=args.force)
    for data in dataset:
        res = predict_answer.prediction(data, processed_list, input_builder, model)
        if res is not None:
            fout.write(json.dumps(res) + "\n")
            fout.flush()
    fout.close()
    eval_result(output_file)
    print(output_file)


if __name__ == "__main__":
    main()
