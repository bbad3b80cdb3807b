#!/usr/bin/env bash
# Re-takes the "Where KG-RAG breaks" tables of docs/measurements.md: Lacuna's ToG (embedding pruning, depth 3) on
# complete and incomplete of Family and FB15k-237 (maxad 3, seed 1, build --depth 3, served with text labels in the
# Freebase shape), RoG's answer prediction on the rog exports, and a predictions file with a `retrieved` field,
# each scored by `lacuna evaluate` with its retrieval-vs-reasoning breakdown.
#
#   scripts/measure-diagnosis.sh WORKDIR [ROG_CHECKOUT]
#
# WORKDIR receives the stores, benchmarks, runs and reports (WORKDIR/reports/*.md, *.json, *.html). ROG_CHECKOUT is a
# checkout of RManLuo/reasoning-on-graphs (scripts/rog-predict/README.md); without it the RoG part is skipped. Run
# from the repository's root after `./mvnw -B -q package -DskipTests`. LACUNA overrides the launcher (default
# ./lacuna; e.g. "java -Xmx4g -jar some.jar"), PORT the endpoint's port (default 17931), PYTHON the Python that has
# Debian's packages (default /usr/bin/python3). Stages whose output exists are skipped, so a run that stopped can be
# started again; delete WORKDIR/KG/tog-* to walk again after a change of the walk. A LACUNA wrapper must pass the
# script's kill on to the JVM it starts (exec it), or the first KG's endpoint outlives its stage and the script stops.
set -euo pipefail

work=${1:?usage: scripts/measure-diagnosis.sh WORKDIR [ROG_CHECKOUT]}
rog=${2:-}
root=$(cd "$(dirname "$0")/.." && pwd)
read -r -a lacuna <<< "${LACUNA:-$root/lacuna}"
port=${PORT:-17931}
python=${PYTHON:-/usr/bin/python3}
export LACUNA_JAVA_OPTS=${LACUNA_JAVA_OPTS:--Xmx4g}
mkdir -p "$work/reports"

load_and_build() { # kg, then the load's arguments
    local kg=$1; shift
    if [ ! -f "$work/$kg/benchmark/summary.json" ]; then
        rm -rf "$work/$kg"
        mkdir -p "$work/$kg"
        "${lacuna[@]}" load --store "lmdb:$work/$kg/store" --kg "$kg" "$@"
        "${lacuna[@]}" build --store "lmdb:$work/$kg/store" --kg "$kg" --maxad 3 --seed 1 --depth 3 \
            --out "$work/$kg/benchmark"
    fi
}

tog_runs() { # kg: ToG on complete and on incomplete, served by one endpoint
    local kg=$1
    if [ -f "$work/$kg/tog-complete/ToG_test.jsonl" ] && [ -f "$work/$kg/tog-incomplete/ToG_test.jsonl" ]; then
        return
    fi
    # An endpoint already on the port would answer the readiness check and take this KG's walks.
    if curl -sf -o /dev/null "http://127.0.0.1:$port/sparql/incomplete"; then
        echo "measure-diagnosis: port $port already serves an endpoint; stop it or set PORT" >&2
        exit 1
    fi
    "${lacuna[@]}" serve --store "lmdb:$work/$kg/store" --kg "$kg" --shape freebase --labels text \
        --expose complete,incomplete --port "$port" > "$work/$kg/serve.log" 2>&1 &
    local server=$!
    until curl -sf -o /dev/null "http://127.0.0.1:$port/sparql/incomplete"; do
        if ! kill -0 "$server" 2> /dev/null; then
            echo "measure-diagnosis: lacuna serve stopped before it answered; see $work/$kg/serve.log" >&2
            exit 1
        fi
        sleep 1
    done
    for graph in complete incomplete; do
        rm -rf "$work/$kg/tog-$graph"
        "${lacuna[@]}" tog --endpoint "http://127.0.0.1:$port/sparql/$graph" --benchmark "$work/$kg/benchmark" \
            --depth 3 --out "$work/$kg/tog-$graph"
    done
    kill "$server"
    wait "$server" || true
}

rog_runs() { # kg: RoG's own answer prediction on each graph's rog export, both readers
    local kg=$1
    for graph in complete incomplete; do
        if [ ! -f "$work/$kg/rog-$graph/export.json" ]; then
            "${lacuna[@]}" export --benchmark "$work/$kg/benchmark" --format rog --graph "$graph" --labels text \
                --out "$work/$kg/rog-$graph"
        fi
        for model in no-llm path-reader; do
            "$python" "$root/scripts/rog-predict/predict.py" --rog "$rog" --data_path "$work/$kg" --d "rog-$graph" \
                --model_name "$model" --add_rule --rule_path "$work/$kg/rog-$graph/rule_paths.jsonl" \
                --predict_path "$work/$kg/rog-results" -f
        done
    done
}

rog_file() { # kg, graph, reader: where predict.py wrote its predictions
    echo "$work/$1/rog-results/rog-$2/$3/test/$(echo "$work/$1/rog-$2/rule_paths.jsonl" | tr '/.' '__')/predictions.jsonl"
}

# A predictions file in Lacuna's format written by this script, not by a system: for every other test question the
# retrieved chains are the question's own grounding's body (a perfect retriever), for the others nothing; the
# prediction is the hard answer for every third question, else empty. So each cell of the breakdown is filled and can
# be worked out by hand from the question file.
retrieved_file() { # kg
    "$python" - "$work/$1/benchmark/questions/test.jsonl" "$work/$1/retrieved.jsonl" <<'PY'
import json, sys
with open(sys.argv[1]) as f, open(sys.argv[2], "w") as out:
    for i, line in enumerate(l for l in f if l.strip()):
        q = json.loads(line)
        retrieved = q["grounding"]["body"] if i % 2 == 0 else []
        prediction = [q["hard_answer"]] if i % 3 == 0 else []
        out.write(json.dumps({"id": q["id"], "prediction": prediction, "retrieved": retrieved}) + "\n")
PY
}

report() { # name, then evaluate's arguments: writes the three report formats
    local name=$1; shift
    for ext in md json html; do
        "${lacuna[@]}" evaluate "$@" --output "$work/reports/$name.$ext"
    done
}

load_and_build family "$root/src/main/resources/kg/family.tsv"
load_and_build fb15k-237 --labels "$root/testdata/data/fb15k-237/entity2text.txt.gz" \
    "$root/testdata/data/fb15k-237/train.txt.gz"

for kg in family fb15k-237; do
    tog_runs "$kg"
    report "tog-$kg" --benchmark "$work/$kg/benchmark" --from tog --entities text --name tog \
        --complete "$work/$kg/tog-complete/ToG_test.jsonl" --incomplete "$work/$kg/tog-incomplete/ToG_test.jsonl"
    retrieved_file "$kg"
    report "retrieved-$kg" --benchmark "$work/$kg/benchmark" --name retrieved --entities private \
        --complete "$work/$kg/retrieved.jsonl" --incomplete "$work/$kg/retrieved.jsonl"
    if [ -n "$rog" ]; then
        rog_runs "$kg"
        report "rog-$kg" --benchmark "$work/$kg/benchmark" --export "$work/$kg/rog-complete" \
            --export "$work/$kg/rog-incomplete" \
            --system "rog-path-reader=complete:$(rog_file "$kg" complete path-reader),incomplete:$(rog_file "$kg" incomplete path-reader)" \
            --system "rog-no-llm=complete:$(rog_file "$kg" complete no-llm),incomplete:$(rog_file "$kg" incomplete no-llm)"
    fi
done
echo "reports in $work/reports"
