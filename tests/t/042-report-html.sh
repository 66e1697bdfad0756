# report.html in a real browser: Debian's chromium, headless, renders the
# page of a stand-in run with every outcome kind; every row of results.tsv
# is a cell of the grid (or of the pairs' table) with its observed verdict,
# coloured by the judge (as expected, not, skipped) as the browser computes
# it; no console error; nothing fetched (no script, no outside URL); a
# screenshot beside the page.  The bisection's page draws its steps, and
# index.html lists every run.
# group: browser
. "$SG_ROOT/tests/common.sh"
browser_or_skip

runs="$T/runs"
standin_run "$runs/20250101-000000" all
standin_run "$runs/20250101-000001"
standin_bisect "$runs/20250101-000002-bisect-9.9"
run="$runs/20250101-000000" page="$runs/20250101-000000/report.html"
"$REPORT" "$run" > /dev/null
"$REPORT" "$runs/20250101-000001" > /dev/null
"$REPORT" --html "$runs/20250101-000002-bisect-9.9" > "$T/out" &&
	grep -qx "$runs/20250101-000002-bisect-9.9/report.html" "$T/out" &&
	ok "report --html of a bisection prints its page's path" || fail "bisection page: $(cat "$T/out")"
"$REPORT" --index "$runs" > "$T/out" && grep -qx "$runs/index.html" "$T/out" ||
	fail "report --index: $(cat "$T/out")"

# Self-contained: no script, nothing loaded (a link's href, an image's
# src, CSS's url() or @import) but the icon that is no file (data:).
grep -n -i -E '<script|<link [^>]*href="[^d]|src=|@import|url\(' "$page" > "$T/outside" &&
	fail "the page fetches or runs something: $(head -n 3 "$T/outside")" ||
	ok "nothing fetched, no script"

# The browser's own console: any error the page makes is logged as CONSOLE.
# Its log is read right: a page with an error is caught.
printf '<!DOCTYPE html><title>t</title><script>undefinedFunction();</script>\n' > "$T/control.html"
browse "$T/control.html" "$T/control.dom" --dump-dom
grep -q 'CONSOLE.*undefinedFunction' "$T/control.dom.err" && ok "a console error is seen in the browser's log" ||
	fail "the control page's error was not seen: $(tail -n 5 "$T/control.dom.err")"
browse "$page" "$T/page.dom" --dump-dom --window-size=1400,1000
grep -q '</html>' "$T/page.dom" || fail "no DOM dumped: $(tail -n 5 "$T/page.dom.err")"
grep ':CONSOLE' "$T/page.dom.err" > "$T/console" && fail "console: $(cat "$T/console")" ||
	ok "no console message"

# The colours as the browser computes them: a copy of the page with a probe
# that writes each cell's row, verdict, class and background into the DOM.
sed 's|</body>|<script>var p = document.createElement("pre"); p.id = "probe"; p.textContent = "\\n";\
document.querySelectorAll("td.cell").forEach(function (td) {\
p.textContent += "cell\\t" + td.dataset.row + "\\t" + td.dataset.observed + "\\t" + td.className + "\\t" + getComputedStyle(td).backgroundColor + "\\n"; });\
document.body.appendChild(p);</script></body>|' "$page" > "$run/probe.html"
browse "$run/probe.html" "$T/probe.dom" --dump-dom
grep '^cell	' "$T/probe.dom" > "$T/cells"
[ -s "$T/cells" ] || fail "the probe saw no cell: $(tail -n 5 "$T/probe.dom.err")"
ok_bg="rgb(220, 243, 228)" bad_bg="rgb(253, 224, 221)" skip_bg="rgb(236, 239, 243)"
tab=$(printf '\t')
rows=0
"$RUNFILE" list "$run/results.tsv" series variant check expected observed kind writer reader > "$T/rows"
while read -r s v c exp obs kind writer reader; do
	rows=$((rows + 1))
	[ "$kind" != pair ] || s="$writer→$reader"
	if [ "$obs" = SKIP ]; then want=skip bg=$skip_bg
	elif [ "$obs" = "$exp" ]; then want=ok bg=$ok_bg
	else want=bad bg=$bad_bg; fi
	grep -qxF "cell$tab$s/$v/$c$tab$obs${tab}cell $want$tab$bg" "$T/cells" ||
		fail "$s/$v/$c: no $want cell saying $obs in $bg: $(grep -F "$tab$s/$v/$c$tab" "$T/cells")"
done < "$T/rows"
[ "$(wc -l < "$T/cells")" = "$rows" ] && ok "all $rows rows of results.tsv are cells, verdict and colour right" ||
	fail "$rows rows, $(wc -l < "$T/cells") cells"
for kind in ok bad skip; do
	grep -q "${tab}cell $kind$tab" "$T/cells" && ok "a cell coloured $kind" || fail "no cell coloured $kind"
done

# Each cell links its serial log, relative to the page; the first bad line on hover.
grep -q '<a class="v" href="logs/6.1-unfixed.log">FAIL</a>' "$T/page.dom" &&
	ok "a cell links its log" || fail "no link to logs/6.1-unfixed.log"
grep -q 'title="seed=7 arrays=4 failed=4: 60472 of 90240 sectors misplaced; first: array sector 121' "$T/page.dom" &&
	ok "the first bad line on hover" || fail "no first bad line in a title"
grep -q '<details><summary>why</summary>' "$T/page.dom" && ok "and on click" || fail "no details"
grep -q 'href="cross/layout-forgotten/write.log"' "$T/page.dom" && ok "a pair links both guests' logs" ||
	fail "no write.log of a pair"
for g in 6.1/base 6.1/unfixed 6.1/regress-raid0 6.1/panic "layout-forgotten (write)" "layout-forgotten (read)"; do
	grep -q "text-anchor=\"end\">$g</text>" "$T/page.dom" || fail "no bar of guest $g's seconds"
done
[ "$(grep -c '<rect ' "$T/page.dom")" -gt 40 ] && ok "each guest's seconds as bars" ||
	fail "guest time bars: $(grep -c '<rect ' "$T/page.dom") rects"

browse "$page" "$T/shot.out" --screenshot="$run/report.png" --window-size=1400,2200
[ "$(head -c 8 "$run/report.png" | od -An -c | tr -d ' ')" = '211PNG\r\n032\n' ] &&
	ok "a screenshot beside the page: $run/report.png" || fail "no screenshot: $(tail -n 5 "$T/shot.out.err")"

b="$runs/20250101-000002-bisect-9.9"
browse "$b/report.html" "$T/bisect.dom" --dump-dom
n=0
for step in 1 2 3 4 5 6; do
	grep -q "<tr data-step=\"$step\">" "$T/bisect.dom" && n=$((n + 1))
done
[ $n = 6 ] && ok "the bisection's page has its 6 steps" || fail "$n of 6 steps on the bisection's page"
[ "$(grep -c '<svg' "$T/bisect.dom")" = 2 ] && ok "its bars and its timeline" || fail "bisection's charts"
grep -q 'href="logs/2-333333333333-1.log">FAIL@100</a>' "$T/bisect.dom" && ok "a boot links its log" ||
	fail "no log of step 2's boot"
grep ':CONSOLE' "$T/bisect.dom.err" && fail "console on the bisection's page" || :
browse "$b/report.html" "$T/bshot.out" --screenshot="$b/report.png" --window-size=1400,1400
[ -s "$b/report.png" ] || fail "no screenshot of the bisection"

browse "$runs/index.html" "$T/index.dom" --dump-dom
for r in 20250101-000000 20250101-000001 20250101-000002-bisect-9.9; do
	grep -q "<tr data-run=\"$r\">" "$T/index.dom" || fail "index: no $r"
done
grep -q 'href="20250101-000000/report.html"' "$T/index.dom" && ok "the index links every run's page" ||
	fail "index: $(grep data-run "$T/index.dom")"
done_testing
