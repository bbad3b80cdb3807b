"""Import stand-in for sentence_transformers: ToG imports it at start-up but uses it only with --prune_tools
sentencebert, which the comparison does not run. Using it fails loudly rather than answer something else."""


class SentenceTransformer:
    def __init__(self, *args, **kwargs):
        raise RuntimeError("sentence_transformers stand-in: the comparison runs ToG with --prune_tools llm only")


class util:
    @staticmethod
    def dot_score(*args, **kwargs):
        raise RuntimeError("sentence_transformers stand-in: the comparison runs ToG with --prune_tools llm only")
