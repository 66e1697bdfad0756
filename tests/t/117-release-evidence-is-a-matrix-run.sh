# A series' release evidence is a matrix run of its own branches (or the
# merged shards of one), never a gate, a bisection or a make proofs
# MISSING=1 run, however new: each run folder says what made it (RUN/kind).
. "$SG_ROOT/tests/common.sh"
export SG_CACHE="$T/cache"
mkdir -p "$SG_CACHE/bin" && cp "$RUNFILE" "$REPORT" "$SG_CACHE/bin/"
. "$SG_ROOT/lib/sg.sh"
mk() {	# mk NAME KIND: a run folder of 9.9 (fixed PASS, unfixed FAIL as expected)
	standin_run "$SG_CACHE/runs/$1"
	[ -z "${2:-}" ] || sg_mark_run "$SG_CACHE/runs/$1" "$2" 9.9
}
mk 20250101-000000 matrix
mk 20250102-000000-gate-9.9 gate
mk 20250103-000000 gate
mk 20250104-000000-missing-9.9 missing
mk 20250105-000000-bisect-9.9 bisect
got=$(sg_latest_run 9.9 da39a3ee5e6b)
[ "$got" = "$SG_CACHE/runs/20250101-000000/results.tsv" ] &&
	ok "the newest matrix run, past newer gate, missing and bisect runs (one named like a matrix run)" ||
	fail "sg_latest_run: $got"
mk 20250106-000000 merged
[ "$(sg_latest_run 9.9 da39a3ee5e6b)" = "$SG_CACHE/runs/20250106-000000/results.tsv" ] &&
	ok "merged shards are a matrix run" || fail "merged: $(sg_latest_run 9.9 da39a3ee5e6b)"
mk 20250107-000000-gate-9.9
mk 20250108-000000
[ "$(sg_run_kind "$SG_CACHE/runs/20250107-000000-gate-9.9")" = gate ] &&
	[ "$(sg_run_kind "$SG_CACHE/runs/20250108-000000")" = matrix ] &&
	ok "a run from before kinds: known by its name" || fail "legacy kinds"
[ "$(sg_latest_run 9.9 0000000000aa)" = - ] && ok "no run of the patch set: none" || fail "other patch set"
done_testing
