#!/bin/sh
# locked.sh COMMAND...
# Runs COMMAND holding the cache's lock, so that one writer uses an
# SG_CACHE at a time: make matrix, branch, review, intake, publish,
# bisect, gate, fstests, bench (but PHASE=follow-ups, guests, cold-breakdown, gate,
# and verifiers with RUN=), check, check-quick, follow-ups with
# WRITE=1, and proofs with MISSING=1.  A second one waits, saying once for whom; with SG_NOWAIT=1
# it refuses instead (exit 75), naming the pid.
set -eu
. "$(dirname "$0")/settings"
mkdir -p "$SG_CACHE"
lock="$SG_CACHE/lock"
exec 9>>"$lock"
if ! flock -n 9; then
	holder=$(cat "$lock.pid" 2>/dev/null || echo '?')
	if [ "$SG_NOWAIT" = 1 ]; then
		echo "stableguard: $SG_CACHE is in use by pid $holder; SG_NOWAIT=1, so not waiting" >&2
		exit 75
	fi
	echo "stableguard: waiting for pid $holder, which is using $SG_CACHE" >&2
	flock 9
fi
echo $$ > "$lock.pid"
exec "$@"
