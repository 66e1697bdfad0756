# The raid0 layout model against hand-worked examples.
. "$SG_ROOT/tests/common.sh"
unit_test raid0_model_test "$SG_ROOT/tests/unit/raid0_model_test.c" \
	"$SG_ROOT/verify/common/raid0_model.c"
done_testing
