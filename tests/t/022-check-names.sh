# A check's name is spelled once: each of branches.yaml's checks: is
# verify/<name>.c, whose result lines carry that name (its #define CHECK:
# logread knows a check only by the name it prints).  A fio check,
# verify/fio-<X>.c, opens its job files by name ("<X>.fio" or "<X>-*.fio",
# /etc/fio in the guest from verify/fio/): each must be in verify/fio/, and
# every job file there must be one a check opens, none left behind.
# tests/t/020 holds checks: and verify/*.c to the same set.
. "$SG_ROOT/tests/common.sh"
cd "$SG_ROOT/verify" || exit 1

checks=$("$SGCONF" "$SG_ROOT/branches.yaml" checks) || { fail "sgconf checks"; done_testing; }
for c in $checks; do
	if [ ! -f "$c.c" ]; then
		fail "check $c of branches.yaml has no verify/$c.c"
	elif ! grep -qx "#define CHECK \"$c\"" "$c.c"; then
		fail "verify/$c.c does not print its results as $c: $(grep '#define CHECK' "$c.c")"
	fi
done
[ "$failures" = 0 ] && ok "each of checks: is verify/<name>.c and prints that name"

# The job files a C file opens: its string literals naming a .fio file.
jobs_of() { grep -ho '"[A-Za-z0-9_.-]*\.fio"' "$@" | tr -d '"' | sort -u; }

for f in fio-*.c; do
	x=${f#fio-}
	x=${x%.c}
	jobs=$(jobs_of "$f")
	[ -n "$jobs" ] || fail "verify/$f opens no job file of verify/fio/"
	for j in $jobs; do
		case $j in
		"$x.fio" | "$x"-*.fio) ;;
		*) fail "verify/$f opens $j: a job file of ${f%.c} is $x.fio or $x-*.fio" ;;
		esac
		[ -f "fio/$j" ] || fail "verify/$f opens $j: no verify/fio/$j"
	done
done
opened=" $(jobs_of *.c common/*.c scenarios/*.c | tr '\n' ' ')"
for j in fio/*.fio; do
	case $opened in
	*" ${j#fio/} "*) ;;
	*) fail "verify/$j: no check opens it" ;;
	esac
done
[ "$failures" = 0 ] && ok "job files $(echo $opened): each opened by its fio check, none left over"
done_testing
