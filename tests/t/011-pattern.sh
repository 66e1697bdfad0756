# Sector pattern encode/decode.
. "$SG_ROOT/tests/common.sh"
unit_test pattern_test "$SG_ROOT/tests/unit/pattern_test.c" \
	"$SG_ROOT/verify/common/pattern.c"
done_testing
