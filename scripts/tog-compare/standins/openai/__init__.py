"""Stand-in for the `openai` 0.x package, as far as ToG's run_llm uses it (harness only, not OpenAI's code).

ToG calls `openai.ChatCompletion.create(model=, messages=, temperature=, max_tokens=, frequency_penalty=,
presence_penalty=)` and reads `response["choices"][0]["message"]["content"]`; for a "llama" model it also sets
`api_base` and asks `openai.Model.list()`. This module sends the same request body to `api_base` +
/chat/completions over HTTP, as openai 0.x does, and returns the parsed JSON. Like openai 0.x it reads the base
URL from $OPENAI_API_BASE.
"""
import json
import os
import urllib.request

api_key = os.environ.get("OPENAI_API_KEY")
api_base = os.environ.get("OPENAI_API_BASE", "https://api.openai.com/v1")


def _call(method, path, body=None):
    headers = {"Content-Type": "application/json", "User-Agent": "tog-compare-openai-standin"}
    if api_key:
        headers["Authorization"] = "Bearer " + api_key
    data = json.dumps(body).encode("utf-8") if body is not None else None
    request = urllib.request.Request(api_base.rstrip("/") + path, data=data, headers=headers, method=method)
    with urllib.request.urlopen(request, timeout=300) as answer:
        return json.loads(answer.read().decode("utf-8"))


class ChatCompletion:
    @staticmethod
    def create(**kwargs):
        return _call("POST", "/chat/completions", kwargs)


class Model:
    @staticmethod
    def list():
        return _call("GET", "/models")
