#!/bin/sh
# locked.sh COMMAND...
# Runs COMMAND holding the cache's lock, so that one make matrix, branch
# or check writes to an SG_CACHE at a time.  A second one waits, saying
# once for whom; with SG_NOWAIT=1 it refuses instead, naming the pid.
set -eu
: "${SG_CACHE:?}"
mkdir -p "$SG_CACHE"
lock="$SG_CACHE/lock"
exec 9>>"$lock"
if ! flock -n 9; then
	holder=$(cat "$lock.pid" 2>/dev/null || echo '?')
	if [ "${SG_NOWAIT:-0}" = 1 ]; then
		echo "stableguard: $SG_CACHE is in use by pid $holder; SG_NOWAIT=1, so not waiting" >&2
		exit 75
	fi
	echo "stableguard: waiting for pid $holder, which is using $SG_CACHE" >&2
	flock 9
fi
echo $$ > "$lock.pid"
exec "$@"
