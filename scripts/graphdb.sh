#!/usr/bin/env bash
# GraphDB for Lacuna without Docker: GraphDB's engine (GraphDB Lite, from Maven Central) behind RDF4J Server's REST
# protocol, built from graphdb/pom.xml on first use (needs only Java 17; ./mvnw fetches Maven and the jars).
#
#   scripts/graphdb.sh start --port P --data DIR [--heap 1g]
#       starts it on 127.0.0.1:P with its repositories and logs in DIR, creates the repository "lacuna" from
#       docker/graphdb-repository.ttl (ruleset "empty": no inference) unless DIR already has it, and prints the
#       repository URL for --repository once the repository answers.
#   scripts/graphdb.sh stop --data DIR
#       stops it through Jetty's stop port, so that GraphDB shuts its repositories down before the JVM exits
#       (on a plain SIGTERM GraphDB's own shutdown hook races the web app's undeploy).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="$root/graphdb/target"

usage() {
  echo "usage: scripts/graphdb.sh start --port P --data DIR [--heap SIZE] | stop --data DIR" >&2
  exit 2
}

[ $# -ge 1 ] || usage
command=$1
shift
port='' data='' heap=1g
while [ $# -gt 0 ]; do
  case "$1" in
    --port) [ $# -ge 2 ] || usage; port=$2; shift 2 ;;
    --data) [ $# -ge 2 ] || usage; data=$2; shift 2 ;;
    --heap) [ $# -ge 2 ] || usage; heap=$2; shift 2 ;;
    *) echo "scripts/graphdb.sh: unknown option '$1'" >&2; usage ;;
  esac
done
[ -n "$data" ] || { echo "scripts/graphdb.sh: --data DIR is required" >&2; usage; }

running() {
  [ -f "$data/graphdb.pid" ] && kill -0 "$(cat "$data/graphdb.pid")" 2>/dev/null
}

stop_server() {
  if ! running; then
    echo "scripts/graphdb.sh: no GraphDB running for $data" >&2
    rm -f "$data/graphdb.pid"
    return 0
  fi
  local pid stop_port key
  pid=$(cat "$data/graphdb.pid")
  stop_port=$(cat "$data/stop.port" 2>/dev/null || true)
  key=$(cat "$data/stop.key")
  if [ -n "$stop_port" ] && exec 3<>"/dev/tcp/127.0.0.1/$stop_port"; then
    printf '%s\r\nstop\r\n' "$key" >&3
    exec 3>&-
  fi
  for _ in $(seq 1 120); do
    kill -0 "$pid" 2>/dev/null || { rm -f "$data/graphdb.pid"; return 0; }
    sleep 0.5
  done
  echo "scripts/graphdb.sh: GraphDB (pid $pid) did not stop within 60 s; killing it" >&2
  kill -9 "$pid" 2>/dev/null || true
  rm -f "$data/graphdb.pid"
}

case "$command" in
  stop)
    stop_server
    exit 0 ;;
  start) ;;
  *) usage ;;
esac

[[ "$port" =~ ^[0-9]+$ ]] || { echo "scripts/graphdb.sh: --port P is required (a number)" >&2; usage; }
mkdir -p "$data"
data=$(cd "$data" && pwd)
if running; then
  echo "scripts/graphdb.sh: GraphDB already runs for $data (pid $(cat "$data/graphdb.pid")); stop it first" >&2
  exit 1
fi

# Built once, and again whenever a file of graphdb/ is newer than the last build.
if [ ! -f "$build/.built" ] \
    || [ -n "$(find "$root/graphdb" -path "$build" -prune -o -type f -newer "$build/.built" -print | head -1)" ]; then
  echo "scripts/graphdb.sh: building GraphDB's web app (graphdb/pom.xml)" >&2
  "$root/mvnw" -B -q -f "$root/graphdb/pom.xml" package >&2
  touch "$build/.built"
fi

mkdir -p "$data/repositories" "$data/home" "$data/tmp"
# The stop key only guards Jetty's stop port, which like GraphDB's own port listens on 127.0.0.1 and stops nothing
# that the unauthenticated REST port could not (it can delete repositories); it is no user credential.
( umask 077; head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n' > "$data/stop.key" )
# A free loopback port for Jetty's stop command (nothing answers on it), remembered for `stop`.
stop_port=''
for _ in $(seq 1 50); do
  candidate=$((20000 + RANDOM % 40000))
  if [ "$candidate" != "$port" ] && ! (exec 3<>"/dev/tcp/127.0.0.1/$candidate") 2>/dev/null; then
    stop_port=$candidate
    break
  fi
done
[ -n "$stop_port" ] || { echo "scripts/graphdb.sh: found no free port for Jetty's stop command" >&2; exit 1; }
echo "$stop_port" > "$data/stop.port"
url="http://127.0.0.1:$port/rdf4j-server"
java=${JAVA_HOME:+$JAVA_HOME/bin/}java
nohup "$java" -Xmx"$heap" -XX:+UseSerialGC \
  -Dgraphdb.home="$data/home" \
  -Dgraphdb.lacuna.repositories="$data/repositories" \
  -Dgraphdb.lacuna.webapp="$build/webapp" \
  -Djava.io.tmpdir="$data/tmp" \
  -jar "$build/jetty-runner.jar" --host 127.0.0.1 --port "$port" \
  --stop-port "$stop_port" --stop-key "$(cat "$data/stop.key")" "$root/graphdb/jetty-context.xml" \
  > "$data/graphdb.log" 2>&1 < /dev/null &
echo $! > "$data/graphdb.pid"

for _ in $(seq 1 240); do
  if ! running; then
    echo "scripts/graphdb.sh: GraphDB exited while starting; the end of $data/graphdb.log:" >&2
    tail -30 "$data/graphdb.log" >&2
    rm -f "$data/graphdb.pid"
    exit 1
  fi
  if curl -fs -o /dev/null "$url/protocol"; then
    break
  fi
  sleep 0.25
done
curl -fs -o /dev/null "$url/protocol" || { echo "scripts/graphdb.sh: GraphDB did not answer within 60 s (see $data/graphdb.log)" >&2; stop_server; exit 1; }

if ! curl -fs -o /dev/null "$url/repositories/lacuna/size"; then
  code=$(curl -s -o "$data/tmp/create.out" -w '%{http_code}' -X PUT -H 'Content-Type: text/turtle' \
    --data-binary @"$root/docker/graphdb-repository.ttl" "$url/repositories/lacuna")
  if [ "${code:0:1}" != 2 ]; then
    echo "scripts/graphdb.sh: creating repository lacuna answered $code: $(cat "$data/tmp/create.out")" >&2
    stop_server
    exit 1
  fi
fi
echo "$url/repositories/lacuna"
