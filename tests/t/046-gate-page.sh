# A gate's page and KCIDB file, in a real browser: report --html of a
# gate's run leads with the candidate beside the previous release
# (gate.tsv), regressions first, each verdict coloured as chromium
# computes it (a regression red, a fix or a pass green, a known failure
# grey), the culprit and the narrowing said, no console message.  Its
# kcidb.json holds a checkout per tree (the previous release, the
# candidate), and each regression as an issue whose culprit is the code
# and an incident on the candidate's build and test, valid by kcidbcheck.
# group: browser
. "$SG_ROOT/tests/common.sh"
browser_or_skip

run="$T/runs/20250101-000000-gate-9.9"
standin_run "$run"
{
	"$RUNFILE" header gate
	"$RUNFILE" row gate series=9.9 variant=unfixed check=raid0-map writer=- reader=- \
		previous=PASS,PASS,PASS candidate=FAIL,FAIL,FAIL verdict=regression rate=- \
		reason="first: array sector 121 <b>" \
		previous_kernel=9.9.1 candidate_kernel=9.9.2 previous_reason=-
	"$RUNFILE" row gate series=9.9 variant=unfixed check=raid0-discard writer=- reader=- \
		previous=FAIL candidate=PASS verdict=fixed rate=- reason=- \
		previous_kernel=9.9.1 candidate_kernel=9.9.2 previous_reason=-
	"$RUNFILE" row gate series=9.9 variant=unfixed check=ext4-es-delayed writer=- reader=- \
		previous=FAIL candidate=FAIL verdict="still failing" rate=- reason="block 7 zeroed" \
		previous_kernel=9.9.1 candidate_kernel=9.9.2 previous_reason=-
} > "$run/gate.tsv"
"$RUNFILE" row --header culprit number=040/097 patch=md-raid0-fix-bug-with-chunksize-not-a-power-of-2.patch \
	subject="md/raid0: fix bug with chunksize not a power of 2." \
	upstream=47d68979cc968535cb87f3e5f2e6a3533ea48fbd verified=verified \
	fixed_by="a81157768a00e8cf8db68b3a0ff2b4ca1a9ca1d4 md/raid0: fix restore to sector variable in raid0_make_request;" \
	bisect="$run/bisect" > "$run/culprit"
"$RUNFILE" row --header narrow chunks=64,12 kept=64 checks=raid0-map run="$run/narrowed" > "$run/narrow"
{
	"$RUNFILE" header proof
	"$RUNFILE" row proof number=058/070 patch=md-raid0-fix-restore-to-sector-variable-in-raid0_make_request.patch \
		upstream=a81157768a00e8cf8a7b43b5ea5cac931262374f check=raid0-map without=FAIL with=PASS \
		outcome=proven note=-
	"$RUNFILE" row proof number=012/070 patch=a-patch.patch upstream=0123456789ab0123456789ab0123456789ab0123 \
		check=raid0-discard without=- with=PASS outcome=untestable note="the revert does not apply <x>"
} > "$run/proofs"

"$REPORT" --kcidb "$run" > /dev/null || fail "report --kcidb"
"$SG_CACHE/bin/kcidbcheck" "$run/kcidb.json" > "$T/check" 2>&1 &&
	grep -q ': valid KCIDB I/O 5.3: 2 checkouts, 2 builds, 4 tests, 1 issues, 1 incidents$' "$T/check" &&
	ok "kcidb.json: a checkout per tree, one regression as an issue and an incident, valid" ||
	fail "kcidb: $(cat "$T/check")"
[ "$(jq -r '.checkouts[].git_repository_branch' "$run/kcidb.json" | paste -sd' ' -)" = \
	"variant/9.9/fixed variant/9.9/unfixed" ] &&
	[ "$(jq -r '.issues[0].culprit.code, .issues[0].misc.patch_number, .issues[0].misc.upstream' "$run/kcidb.json" | paste -sd' ' -)" = \
	"true 040/097 47d68979cc968535cb87f3e5f2e6a3533ea48fbd" ] &&
	[ "$(jq -r '.incidents[0] | .issue_id, .build_id, .test_id, .present' "$run/kcidb.json" | paste -sd' ' -)" = \
	"stableguard:20250101-000000-gate-9.9/gate/9.9/raid0-map stableguard:20250101-000000-gate-9.9/9.9/unfixed stableguard:20250101-000000-gate-9.9/9.9/unfixed/raid0-map true" ] &&
	ok "the issue names the patch it was bisected to; the incident, the candidate's build and test" ||
	fail "kcidb issue/incident: $(jq -c '.checkouts, .issues, .incidents' "$run/kcidb.json")"

page=$("$REPORT" --html "$run") && [ "$page" = "$run/report.html" ] || fail "report --html: $page"
sed 's|</body>|<script>var p = document.createElement("pre"); p.id = "probe"; p.textContent = "\\n";\
document.querySelector("#gate table").querySelectorAll("tr").forEach(function (tr) { var c = tr.querySelectorAll("td");\
if (c.length) p.textContent += "gate\\t" + c[0].textContent + "\\t" + c[3].textContent + "\\t" + getComputedStyle(c[3]).backgroundColor + "\\n"; });\
document.body.appendChild(p);</script></body>|' "$page" > "$run/probe.html"
browse "$run/probe.html" "$T/probe.dom" --dump-dom
grep '^gate	' "$T/probe.dom" | cut -f2- > "$T/rows"
printf 'raid0-map\tregression\trgb(253, 224, 221)\nraid0-discard\tfixed\trgb(220, 243, 228)\next4-es-delayed\tstill failing\trgb(236, 239, 243)\n' > "$T/want"
cmp -s "$T/rows" "$T/want" && ok "the gate's table first: the regression red, the fix green, the known failure grey" ||
	fail "gate rows as the browser shows them: $(cat "$T/rows"; tail -n 3 "$T/probe.dom.err")"
browse "$page" "$T/page.dom" --dump-dom
grep -q '<span class="badge bad">a gate: regression</span> not safe to release; no Tested-by. The grid below' "$T/page.dom" &&
	! grep -q 'outcomes as expected' "$T/page.dom" &&
	grep -q '<h2>The candidate beside the previous release <span class="badge bad">1 regression</span></h2>' "$T/page.dom" &&
	grep -q 'Bisected to patch 040/097</strong>, <span class="mono">md-raid0-fix-bug-with-chunksize-not-a-power-of-2.patch' "$T/page.dom" &&
	grep -q 'fails raid0-map with RAID0 chunks other than 64 KiB' "$T/page.dom" &&
	grep -q 'first: array sector 121 &lt;b&gt;' "$T/page.dom" &&
	grep -q '<td class="mono">a81157768a00</td><td class="mono">raid0-map</td><td class="mono">FAIL</td><td class="mono">PASS</td><td class="cell ok"><span class="v">proven</span></td>' "$T/page.dom" &&
	grep -q '<span class="v">untestable</span><span class="meta">the revert does not apply &lt;x&gt;</span>' "$T/page.dom" &&
	ok "the page leads with the gate's verdict (no matrix count), says the regressions' count, the culprit, the narrowing, each proof, and escapes what it quotes" ||
	fail "page: $(grep -A3 'id="gate"' "$T/page.dom" | head -n 20)"
grep ':CONSOLE' "$T/page.dom.err" > "$T/console" && fail "console: $(cat "$T/console")" ||
	ok "no console message"
browse "$page" "$T/shot.out" --screenshot="$run/report.png" --window-size=1400,1400
[ -s "$run/report.png" ] && ok "a screenshot: $run/report.png" || fail "no screenshot"
done_testing
