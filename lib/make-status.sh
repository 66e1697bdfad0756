#!/bin/sh
# make-status.sh JOB WHY_1 COMMAND...
# Runs COMMAND (a job's script, maybe behind lib/locked.sh) for make: make
# can exit only 2 for a failed recipe, so the last line says which failure
# it was and the script's own status: "make JOB: WHY (SCRIPT exit N)",
# WHY_1 for exit 1 (the job's own "no": a series misses a fix), bad
# input for 2, the lock refused for 75.  Exits with the script's status.
job=$1 why1=$2
shift 2
script=$1
[ "${1##*/}" != locked.sh ] || script=$2
"$@"
rc=$?
case $rc in
0) exit 0 ;;
1) why=$why1 ;;
2) why="bad input" ;;
75) why="the cache is in use (SG_NOWAIT=1)" ;;
*) why=failed ;;
esac
echo "make $job: $why ($script exit $rc)" >&2
exit $rc
