# What a serial log says reaches results.json, junit.xml, kcidb.json,
# bisect.json and the pages as it is, and cannot break them: invalid
# UTF-8 (a stray byte, a surrogate, an overlong form, a sequence cut
# short), control characters (a terminal's colour codes), U+FFFE, which
# XML 1.0 forbids, and the markup characters <&"> in a row's reason,
# complaint and check name, and in a bisection's step.  Each file parses
# (python3's json and xml.dom.minidom), an invalid byte reads as one
# U+FFFD, and the text around it is kept.
. "$SG_ROOT/tests/common.sh"
command -v python3 > /dev/null || { echo "no python3"; exit 77; }

# The noise: \377 \376 (never UTF-8), ESC, a UTF-8 surrogate (\355\240\200),
# an overlong NUL (\340\200\200), U+FFFE (\357\277\276), a cut sequence.
noise=$(printf 'seed=7 \377\376 and \033[0m <&"> \355\240\200|\340\200\200|\357\277\276| end \342\202')

run="$T/run"
standin_run "$run"
standin_row 9.9 fixed 'odd<&">' PASS FAIL "$noise" "BUG: $noise"
standin_row 9.9 fixed skipped PASS SKIP "$noise"
"$REPORT" "$run" > "$T/out" 2> "$T/err"
[ $? = 1 ] || fail "report: $(cat "$T/err")"

# py WHAT SCRIPT FILE: SCRIPT (python3, the file in sys.argv[1]) exits 0.
py() {
	if python3 -c "$2" "$3" > "$T/py.out" 2>&1; then ok "$1"; else fail "$1: $(cat "$T/py.out")"; fi
}

py "results.json is JSON, the reason's bytes repaired and kept" '
import json, sys
rows = json.load(open(sys.argv[1], encoding="utf-8"))
r = [r for r in rows if r["check"] == "odd<&\">"][0]
want = "seed=7 \ufffd\ufffd and \x1b[0m <&\"> "
assert r["reason"].startswith(want), repr(r["reason"])
assert r["complaint"] == "BUG: " + r["reason"], repr(r["complaint"])
assert r["reason"].endswith(" end \ufffd\ufffd"), repr(r["reason"])
assert r["reason"].count("\ufffd") == 10, repr(r["reason"])
' "$run/results.json"

py "junit.xml is XML, the reason's bytes and control characters replaced" '
import sys, xml.dom.minidom
doc = xml.dom.minidom.parse(sys.argv[1])
case = [c for c in doc.getElementsByTagName("testcase") if c.getAttribute("name") == "odd<&\">"][0]
text = case.getElementsByTagName("failure")[0].firstChild.data
want = "seed=7 \ufffd\ufffd and \ufffd[0m <&\"> "
assert text.startswith(want), repr(text)
assert "\ufffe" not in text and "kernel said: BUG: " + want in text, repr(text)
skip = [c for c in doc.getElementsByTagName("testcase") if c.getAttribute("name") == "skipped"][0]
msg = skip.getElementsByTagName("skipped")[0].getAttribute("message")
assert msg.startswith(want) and msg.endswith(" end \ufffd\ufffd"), repr(msg)
' "$run/junit.xml"

py "kcidb.json is JSON" '
import json, sys
doc = json.load(open(sys.argv[1], encoding="utf-8"))
assert any("<&\">" in t.get("log_excerpt", "") for t in doc["tests"])
' "$run/kcidb.json"

py "report.html is UTF-8, the markup escaped" '
import sys
page = open(sys.argv[1], "rb").read().decode("utf-8")
assert "&lt;&amp;&quot;&gt;" in page
assert "\x1b" not in page and "\ufffe" not in page
' "$run/report.html"

b="$T/bisect"
standin_bisect "$b"
printf '7\tbisect\t444444444444\tmd: %s\tbuilt\tFAIL@100\t61\traid0-map: %s\tbad\t-\n' \
	"$noise" "$noise" >> "$b/steps.tsv"
printf 'odd\t%s\n' "$noise" >> "$b/answer"
"$SG_CACHE/bin/bisectmd" "$b" > /dev/null 2> "$T/err"
[ $? -le 1 ] || fail "bisectmd: $(cat "$T/err")"

py "bisect.json is JSON, the step's bytes repaired and kept" '
import json, sys
doc = json.load(open(sys.argv[1], encoding="utf-8"))
want = "seed=7 \ufffd\ufffd and \x1b[0m <&\"> "
s = doc["steps"][-1]
assert s["first_bad"].startswith("raid0-map: " + want), repr(s["first_bad"])
assert s["subject"].startswith("md: " + want), repr(s["subject"])
assert doc["odd"].startswith(want), repr(doc["odd"])
' "$b/bisect.json"

"$REPORT" --kcidb "$b" > /dev/null 2> "$T/err" || fail "report --kcidb: $(cat "$T/err")"
"$REPORT" --html "$b" > /dev/null 2> "$T/err" || fail "report --html: $(cat "$T/err")"
py "a bisection's kcidb.json is JSON" '
import json, sys
json.load(open(sys.argv[1], encoding="utf-8"))
' "$b/kcidb.json"
py "a bisection's report.html is UTF-8, the markup escaped" '
import sys
page = open(sys.argv[1], "rb").read().decode("utf-8")
assert "&lt;&amp;&quot;&gt;" in page and "\x1b" not in page
' "$b/report.html"
done_testing
