"""Import stand-in for rank_bm25: ToG imports it at start-up but uses it only with --prune_tools bm25, which the
comparison does not run. Using it fails loudly rather than answer something else."""


class BM25Okapi:
    def __init__(self, *args, **kwargs):
        raise RuntimeError("rank_bm25 stand-in: the comparison runs ToG with --prune_tools llm only")
