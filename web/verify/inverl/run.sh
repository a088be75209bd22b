#!/bin/sh
# Runs GAE Lab's verify.py scripts in verl's own source at every release tag (see run.py).
# Not part of `go test` or CI: it needs torch, which CI has no copy of.
#
#   VERL_GIT=/path/to/verl/.git web/verify/inverl/run.sh [WORK_DIR]
#
# Needs /usr/bin/python3 with torch and numpy (Debian: python3-torch; omegaconf from python3-omegaconf
# for v0.6.0 on), and Go. Unpacks each tag's verl/ into WORK_DIR/verl-<tag> (git archive, once),
# builds and starts GAE Lab on 127.0.0.1:${PORT:-18099} with its data in WORK_DIR/data, runs every
# script and writes WORK_DIR/out/results.md. Exit status 0 if every script passed.
set -eu
export PYTHONDONTWRITEBYTECODE=1 # no __pycache__ in the repository
: "${VERL_GIT:?set VERL_GIT to a git dir of verl-project/verl that has the release tags}"
WORK=${1:-/tmp/gaelab-inverl}
PORT=${PORT:-18099}
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
PY=${PYTHON:-/usr/bin/python3}
mkdir -p "$WORK"
TAGS=$("$PY" -c "import sys; sys.path.insert(0, '$HERE'); import run; print(' '.join(run.TAGS))")
for tag in $TAGS; do
	[ -d "$WORK/verl-$tag/verl" ] || { mkdir -p "$WORK/verl-$tag" && git --git-dir="$VERL_GIT" archive "$tag" verl | tar -x -C "$WORK/verl-$tag"; }
done
(cd "$ROOT" && go build -o "$WORK/gaelab-inverl" ./cmd/gaelab)
"$WORK/gaelab-inverl" serve -addr "127.0.0.1:$PORT" -data "$WORK/data" >"$WORK/server.log" 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true' EXIT
i=0
until curl -fs "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1; do
	i=$((i + 1)); [ $i -lt 120 ] || { echo "GAE Lab did not start: see $WORK/server.log" >&2; exit 2; }
	sleep 1
done
"$PY" "$HERE/run.py" --url "http://127.0.0.1:$PORT" --checkouts "$WORK" --out "$WORK/out"
