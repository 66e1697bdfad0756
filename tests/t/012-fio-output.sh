# What the fio checks make of fio's output (verify/common/fio_output.c),
# and the run over every array they give it (verify/common/fio_jobs.c).
. "$SG_ROOT/tests/common.sh"
unit_test fio_output_test "$SG_ROOT/tests/unit/fio_output_test.c" \
	"$SG_ROOT/verify/common/fio_output.c" -DFIXTURES="\"$SG_ROOT/tests/unit/fio\""
unit_test fio_jobs_test "$SG_ROOT/tests/unit/fio_jobs_test.c" \
	"$SG_ROOT/verify/common/fio_jobs.c"
done_testing
