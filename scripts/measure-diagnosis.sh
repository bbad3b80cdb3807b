#!/usr/bin/env bash
# Re-takes the "Where KG-RAG breaks" tables of docs/measurements.md: Lacuna's ToG (embedding pruning, depth 3) on
# complete and incomplete of Family and FB15k-237, RoG's predict_answer.py on the rog exports, and a hand-written
# predictions file with a `retrieved` field, each scored by `lacuna evaluate` with its retrieval-vs-reasoning
# breakdown.
#
#   scripts/measure-diagnosis.sh WORKDIR [ROG_CHECKOUT]
#
# WORKDIR receives the stores, benchmarks, runs and reports (reports/*.md, *.json, *.html). ROG_CHECKOUT is a
# checkout of RManLuo/reasoning-on-graphs; without it the RoG part is skipped. Run from the repository's root after
# `./mvnw -B -q package -DskipTests`. LACUNA overrides the launcher (default ./lacuna), PORT the endpoint's port.
# Stages whose output exists are skipped, so a run that stopped can be started again.
set -euo pipefail

work=${1:?usage: scripts/measure-diagnosis.sh WORKDIR [ROG_CHECKOUT]}
rog=${2:-}
root=$(cd "$(dirname "$0")/.." && pwd)
lacuna=${LACUNA:-$root/lacuna}
port=${PORT:-17931}
export LACUNA_JAVA_OPTS=${LACUNA_JAVA_OPTS:--Xmx4g}
mkdir -p "$work/reports"

load_and_build() { # kg, then the load's arguments
    local kg=$1; shift
    if [ ! -f "$work/$kg/benchmark/summary.json" ]; then
        rm -rf "$work/$kg"
        mkdir -p "$work/$kg"
        "$lacuna" load --store "lmdb:$work/$kg/store" --kg "$kg" "$@"
        "$lacuna" build --store "lmdb:$work/$kg/store" --kg "$kg" --maxad 3 --seed 1 --depth 3 --out "$work/$kg/benchmark"
    fi
}

tog_runs() { # kg: ToG on complete and on incomplete, served by one endpoint
    local kg=$1
    if [ -f "$work/$kg/tog-complete/ToG_test.jsonl" ] && [ -f "$work/$kg/tog-incomplete/ToG_test.jsonl" ]; then
        return
    fi
    "$lacuna" serve --store "lmdb:$work/$kg/store" --kg "$kg" --shape freebase --labels text \
        --expose complete,incomplete --port "$port" > "$work/$kg/serve.log" 2>&1 &
    local server=$!
    until curl -sf -o /dev/null "http://127.0.0.1:$port/sparql/incomplete"; do sleep 1; done
    for graph in complete incomplete; do
        rm -rf "$work/$kg/tog-$graph"
        "$lacuna" tog --endpoint "http://127.0.0.1:$port/sparql/$graph" --benchmark "$work/$kg/benchmark" \
            --depth 3 --out "$work/$kg/tog-$graph"
    done
    kill "$server"
    wait "$server" || true
}

report() { # name, then evaluate's arguments: writes the three report formats
    local name=$1; shift
    for ext in md json html; do
        "$lacuna" evaluate "$@" --output "$work/reports/$name.$ext"
    done
}

load_and_build family "$root/src/main/resources/kg/family.tsv"
load_and_build fb15k-237 --labels "$root/testdata/data/fb15k-237/entity2text.txt.gz" \
    "$root/testdata/data/fb15k-237/train.txt.gz"

for kg in family fb15k-237; do
    tog_runs "$kg"
    report "tog-$kg" --benchmark "$work/$kg/benchmark" --from tog --entities text --name tog \
        --complete "$work/$kg/tog-complete/ToG_test.jsonl" --incomplete "$work/$kg/tog-incomplete/ToG_test.jsonl"
done
