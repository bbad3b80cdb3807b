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
#
# Everything in DIR is its owner's only. The server answers only user "admin" with the password generated at the
# first start into DIR/graphdb.credentials (user=/password= lines: give it to lacuna with --credentials FILE). It
# sends no usage statistics and opens no connection to the outside. DIR/graphdb.log keeps the log of every run.
# LACUNA_GRAPHDB_JAVA_OPTS adds JVM options (words split on spaces).
set -euo pipefail
umask 077
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

# Whether PID is the GraphDB this script started for DIR: its command line names DIR's argument file. A PID
# file left behind by a crash may name a process that has since reused the number; that one is never signalled.
ours() {
  local pid=$1 cmdline
  if [ -r "/proc/$pid/cmdline" ]; then
    cmdline=$(tr '\0' ' ' < "/proc/$pid/cmdline" 2>/dev/null || true)
  else
    cmdline=$(ps -p "$pid" -o args= 2>/dev/null || true)
  fi
  [[ "$cmdline" == *"@$data/graphdb.args"* ]]
}

running() {
  local pid
  [ -f "$data/graphdb.pid" ] || return 1
  pid=$(cat "$data/graphdb.pid")
  [[ "$pid" =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null || return 1
  if ! ours "$pid"; then
    echo "scripts/graphdb.sh: $data/graphdb.pid names process $pid, which is not this GraphDB; leaving it alone" >&2
    return 1
  fi
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
    { kill -0 "$pid" 2>/dev/null && ours "$pid"; } || { rm -f "$data/graphdb.pid"; return 0; }
    sleep 0.5
  done
  if ours "$pid"; then
    echo "scripts/graphdb.sh: GraphDB (pid $pid) did not stop within 60 s; killing it" >&2
    kill -9 "$pid" 2>/dev/null || true
  fi
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
# Folders made by an earlier version of this script were world-readable: owner-only from now on.
chmod -R go-rwx "$data"
# The stop key lets any local user who reads it stop the server: it is kept in owner-only files and handed to
# Jetty in the argument file below, never on a command line, which ps shows to every user.
head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n' > "$data/stop.key"
# The admin password, made once per DIR; Jetty holds only its MD5 in the realm file.
if [ ! -s "$data/graphdb.credentials" ]; then
  password=$(head -c 18 /dev/urandom | od -An -tx1 | tr -d ' \n')
  printf 'user=admin\npassword=%s\n' "$password" > "$data/graphdb.credentials"
fi
password=$(sed -n 's/^password=//p' "$data/graphdb.credentials")
printf 'admin: MD5:%s,admin\n' "$(printf '%s' "$password" | md5sum | cut -d' ' -f1)" > "$data/realm.properties"
# curl reads the user and password from its standard input (-K -), not from its arguments.
authed_curl() {
  printf 'user = "admin:%s"\n' "$password" | curl -K - "$@"
}
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
# Java's argument file: what the JVM and Jetty are told, the stop key included, out of ps; its path marks the
# process as this DIR's GraphDB for stop. GraphDB's usage statistics are off (graphdb.stats.default) and their
# endpoint disabled (statistics-endpoint), so it sends nothing anywhere.
# Java reads each line as one argument in double quotes, where a backslash escapes: \\ and \" for themselves, \n, \r,
# \t for the control characters, so every path (a '"' in --data, say) reaches the JVM as it is.
quote() {
  local s=${1//\\/\\\\}
  s=${s//\"/\\\"}
  s=${s//$'\n'/\\n}
  s=${s//$'\r'/\\r}
  s=${s//$'\t'/\\t}
  printf '"%s"\n' "$s"
}
{
  quote "-Xmx$heap"
  quote "-XX:+UseSerialGC"
  quote "-Dgraphdb.home=$data/home"
  quote "-Dgraphdb.lacuna.repositories=$data/repositories"
  quote "-Dgraphdb.lacuna.webapp=$build/webapp"
  quote "-Dgraphdb.lacuna.realm=$data/realm.properties"
  quote "-Dgraphdb.stats.default=disabled"
  quote "-Dstatistics-endpoint=disabled"
  quote "-Djava.io.tmpdir=$data/tmp"
  for option in ${LACUNA_GRAPHDB_JAVA_OPTS:-}; do quote "$option"; done
  quote "-jar"; quote "$build/jetty-runner.jar"
  quote "--host"; quote "127.0.0.1"; quote "--port"; quote "$port"
  quote "--stop-port"; quote "$stop_port"; quote "--stop-key"; quote "$(cat "$data/stop.key")"
  quote "$root/graphdb/jetty-context.xml"
} > "$data/graphdb.args"
# Appended, never replaced: the log of an earlier run (a failure, say) survives a restart.
echo "=== scripts/graphdb.sh start $(date -u +%Y-%m-%dT%H:%M:%SZ) port $port" >> "$data/graphdb.log"
nohup "$java" "@$data/graphdb.args" >> "$data/graphdb.log" 2>&1 < /dev/null &
echo $! > "$data/graphdb.pid"

for _ in $(seq 1 240); do
  if ! running; then
    echo "scripts/graphdb.sh: GraphDB exited while starting; the end of $data/graphdb.log:" >&2
    tail -30 "$data/graphdb.log" >&2
    rm -f "$data/graphdb.pid"
    exit 1
  fi
  if authed_curl -fs -o /dev/null "$url/protocol"; then
    break
  fi
  sleep 0.25
done
authed_curl -fs -o /dev/null "$url/protocol" || { echo "scripts/graphdb.sh: GraphDB did not answer within 60 s (see $data/graphdb.log)" >&2; stop_server; exit 1; }

if ! authed_curl -fs -o /dev/null "$url/repositories/lacuna/size"; then
  code=$(authed_curl -s -o "$data/tmp/create.out" -w '%{http_code}' -X PUT -H 'Content-Type: text/turtle' \
    --data-binary @"$root/docker/graphdb-repository.ttl" "$url/repositories/lacuna")
  if [ "${code:0:1}" != 2 ]; then
    echo "scripts/graphdb.sh: creating repository lacuna answered $code: $(cat "$data/tmp/create.out")" >&2
    stop_server
    exit 1
  fi
fi
echo "scripts/graphdb.sh: GraphDB answers user admin only; give lacuna --credentials $data/graphdb.credentials" >&2
echo "$url/repositories/lacuna"
