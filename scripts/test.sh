#!/usr/bin/env bash
# The README's test command: installs what the tests need besides Java 17, then runs the whole suite.
# Tests use headless Chromium (the HTML report), Debian's python3 with SPARQLWrapper (the endpoint is
# replayed with ToG's and PoG's query templates), numpy (ToG's BM25 ranking is held to numpy's argsort),
# networkx (the rog export is read back as RoG reads it),
# PyYAML (the docker compose files are parsed) and Virtuoso 7.2
# (virtuoso-t and isql-vt: the store ToG, PoG and GoG users run; --sparql is tested against it); curl is used by
# scripts/graphdb.sh, which starts the GraphDB the remote-store tests run on.
# As root on Debian/Ubuntu they are installed with apt; otherwise a missing one stops the run at once.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
[ -x /usr/bin/python3 ] || need+=(python3)
command -v curl >/dev/null || need+=(curl)
/usr/bin/python3 -c 'import SPARQLWrapper' 2>/dev/null || need+=(python3-sparqlwrapper)
/usr/bin/python3 -c 'import yaml' 2>/dev/null || need+=(python3-yaml)
/usr/bin/python3 -c 'import networkx' 2>/dev/null || need+=(python3-networkx)
/usr/bin/python3 -c 'import numpy' 2>/dev/null || need+=(python3-numpy)
[ -x /usr/bin/virtuoso-t ] && [ -x /usr/bin/isql-vt ] || need+=(virtuoso-opensource-7-bin)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq "${need[@]}"
  else
    echo "scripts/test.sh: the tests need these Debian packages; install them first: sudo apt-get install ${need[*]}" >&2
    exit 2
  fi
fi

# Maven comes from the wrapper (only Java 17 is needed); the RDF4J Server that the remote-store tests start
# is fetched by Maven too. GraphDB (graphdb/, its own build from Maven Central) is built here so that its download
# shows in the log as a step of its own; the tests start it through scripts/graphdb.sh.
./mvnw -B -q -f graphdb/pom.xml package
touch graphdb/target/.built
exec ./mvnw -B verify "$@"
