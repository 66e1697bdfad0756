# stableguard: stable backports of the 2015 md/raid0 and ext4 fixes, and
# the QEMU matrix that proves them.  Everything generated goes to SG_CACHE.
#
#   make matrix [SERIES="6.1 3.19"] [SHARD=K/N]  build, boot and verify; prints the table
#   make check                        host tests + one real 6.1 end-to-end run
#   make check-quick                  the unit and contract tests (no apt, no kernel, no whole job, no browser)
#   make branch SERIES=3.19 [TREE=]   the per-series git branches, via git am
#   make lint [SERIES=3.19]           patch sets well formed; against the tree in the cache if any
#   make review SERIES=3.19           the series as b4 review mails in the cache, round-tripped
#   make intake MBOX=f SERIES="4.0 3.19" [COMMIT=id] [RELEASE=v4.1]  an upstream commit (mail or quilt patch) into series
#   make intake QUEUE=dir SERIES="3.19 3.18" [PATHS="drivers/md fs/ext4"]  a stable-queue release folder into series
#   make publish SERIES=3.19 REMOTE=url [UNTESTED=1]  push stable/S and its tag
#   make release-notes [SERIES=] [UNTESTED=1]  notes from the patches and the evidence
#   make follow-ups UPSTREAM=repo[@rev] [SERIES=] [WRITE=1] [FSTESTS=]  upstream fixes of what a series carries, missing, with their evidence
#   make report RUNS="dir1 dir2"      one table from the runs of SHARD=1/N ... N/N
#   make report                       the newest run's report.html and the runs' index.html
#   make bisect SERIES=S GOOD=rev BAD=rev CHECK=c[,c] [TREE=repo] [FIXED=1] [BISECT_TRIES=N] [CHUNKS=64]
#                                     the commit that broke (or fixed) a check, verified
#   make repro RUN=dir ROW=S/V/check  a failing row as a folder that boots on its own
#   make gate SERIES=S QUEUE=dir      a release candidate (the previous release plus a stable-queue
#        | RC=repo@rev | MBOX=file    folder, an -rc's commits, a review thread) against the previous
#        [FROM=stable/S|repo@rev]     release (the series' base, or FROM), check by check
#        [FSTESTS=dir [TESTS=...]]     (and fstests' data-integrity list on both)
#   make fstests SERIES=S [VARIANT=V] [TESTS="generic/086 ..."] FSTESTS=~/xfstests-dev
#                                     fstests on the series' kernel, in a Debian userland guest
#   make bench [SERIES=6.1] [FULL=1]  timings: naive beside ours; FULL=1 the apt matrix cold and warm
#   make bench PHASE=follow-ups       the follow-ups scan over a synthetic 1M-commit history
#   make bench PHASE=guests [RUN=dir] where a run's guests' seconds went (no kernel)
#   make bench PHASE=cold-breakdown [RUN=dir]  where a run's wall seconds went, by phase and series
#   make bench PHASE=verifiers [SERIES=6.1] [RUN=dir]  what fio and e2fsck add to each guest
#   make bench PHASE=host [SERIES=6.1]   what the host adds around the guests of a warm matrix
#   make bench PHASE=gate [RUN=dir]   where a gate's seconds went (no kernel)
#   make bench PHASE=corpus           real stable regressions replayed, each gated both ways
#   make proofs [FSTESTS=dir]         the proof index: the checks and tests that prove each fix
#   make proofs SERIES=S MISSING=1 [FIXES=id,...]  the fixes S's released kernel lacks, shown by their checks
#   make deps                         install what the above need (apt; chromium and gitlab-ci-local from npm for make check)

# Every SG_ setting's default, SG_CACHE's and SG_FIO's too, is in
# lib/settings: setting NAME, what lib/settings makes of it.
setting = $(shell SG_ROOT='$(CURDIR)' SG_CACHE='$(SG_CACHE)' sh -c '. lib/settings && echo "$$$1"')
ifndef SG_CACHE
SG_CACHE := $(call setting,SG_CACHE)
endif
export SG_CACHE
ifndef SG_BRANCHES
SG_BRANCHES := $(call setting,SG_BRANCHES)
endif
SERIES ?=
FULL ?= 0
RUNS ?=
MBOX ?=
QUEUE ?=
RC ?=
FROM ?=
PATHS ?=
RELEASE_OF_QUEUE ?=
COMMIT ?=
RELEASE ?=
REMOTE ?=
UPSTREAM ?=
WRITE ?= 0
PHASE ?=
UNTESTED ?= 0
GOOD ?=
BAD ?=
CHECK ?=
RUN ?=
ROW ?=
VARIANT ?=
TESTS ?=
FSTESTS ?=
KERNEL ?=
GATE_TRIES ?=
GATE_SIDE ?=
GATE_SIDES ?=
GATE_FSTESTS_MINUTES ?= 15
GATE_COVERAGE ?= 1
MISSING ?=
FIXES ?=
BIN := $(SG_CACHE)/bin
# The run folder a job of this make makes (matrix, bisect, fstests).
NEW_RUN := $(SG_CACHE)/runs/$(shell date +%Y%m%d-%H%M%S)
IMAGE := $(SG_CACHE)/image
HOSTCFLAGS := -O2 -g -Wall -Wextra -Wno-format-truncation -std=gnu11

# gitlab-ci-local runs .gitlab-ci.yml in make check (tests/t/084): the
# newest release that runs on Node 20 (4.74 wants Set.prototype.union).
GITLAB_CI_LOCAL_VERSION := 4.73.0
GITLAB_CI_LOCAL := $(SG_CACHE)/npm/node_modules/.bin/gitlab-ci-local

DEB_PACKAGES := gcc gcc-12 make git ccache flex bison bc libelf-dev libssl-dev \
	cpio xz-utils file qemu-system-x86 busybox-static mdadm e2fsprogs e2fsck-static dpkg-dev \
	libyaml-dev distcc b4 rsync linux-source-6.1

# make fstests alone: building the user's fstests checkout on the host and
# the guest's Debian userland (mmdebstrap); make check needs none of them.
DEB_FSTESTS := mmdebstrap autoconf automake libtool pkg-config xfslibs-dev uuid-dev \
	libattr1-dev libacl1-dev libaio-dev libgdbm-dev liburing-dev libcap-dev

TOOLS := $(BIN)/sgconf $(BIN)/logread $(BIN)/report $(BIN)/relnotes $(BIN)/followups $(BIN)/quiltmail $(BIN)/bisectmd $(BIN)/guesttimes $(BIN)/runfile $(BIN)/kcidbcheck $(BIN)/tarimport $(BIN)/phasetimes $(BIN)/shardplan $(BIN)/fsbaseline $(BIN)/fixedby $(BIN)/covmap
# Every source of the in-guest programs: the checks, the cross-era
# scenarios and their common code (tests/t/014 holds this to verify/).
CHECK_SRCS := $(wildcard verify/*.c verify/scenarios/*.c verify/common/*.[ch])
INITRD := $(IMAGE)/initramfs.cpio
# fio for the guest, built static from Debian's source package; outside
# the image folder so make clean keeps it.  SG_FIO names one already
# built (tests/t/084's pipelines take make check's).
ifndef SG_FIO
SG_FIO := $(call setting,SG_FIO)
endif
FIO_JOBS := $(wildcard verify/fio/*.fio)

.PHONY: proofs proofs-locked gate gate-locked fstests fstests-locked deps-fstests fstests-guest follow-ups bisect bisect-locked repro all matrix matrix-locked check check-locked check-quick lint branch branch-locked release-notes review review-locked intake intake-locked publish publish-locked report bench bench-locked deps deps-apt deps-browser deps-npm tools image clean distclean

all: tools

# The browser make check opens report.html in (tests/t/042): make deps
# installs it; make matrix and make check-quick never ask for it.
BROWSER_PACKAGES := chromium

# deps: everything; deps-apt: what make matrix and the rest need, all a
# CI runner installs; deps-browser: chromium, for make check; deps-npm:
# gitlab-ci-local, into the cache.
deps: deps-apt deps-browser deps-npm

# apt_install: the Debian packages $(1) names that are not installed, installed.
apt_install = missing=$$(for p in $(1); do \
		dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; \
	done); \
	if [ -n "$$missing" ]; then \
		echo "deps: installing $$missing"; \
		apt-get update -q >/dev/null && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $$missing >/dev/null; \
	fi

deps-apt:
	@$(call apt_install,$(DEB_PACKAGES))

deps-browser:
	@$(call apt_install,$(BROWSER_PACKAGES))

deps-fstests:
	@$(call apt_install,$(DEB_FSTESTS))

deps-npm:
	@[ "$$($(GITLAB_CI_LOCAL) --version 2>/dev/null)" = $(GITLAB_CI_LOCAL_VERSION) ] || { \
		command -v npm >/dev/null || { echo "deps: gitlab-ci-local wants node and npm" >&2; exit 1; }; \
		echo "deps: installing gitlab-ci-local $(GITLAB_CI_LOCAL_VERSION) (npm) in $(SG_CACHE)/npm"; \
		npm install -s --prefix $(SG_CACHE)/npm --no-audit --no-fund --no-update-notifier \
			gitlab-ci-local@$(GITLAB_CI_LOCAL_VERSION) >/dev/null; \
	}

tools: $(TOOLS)

# The host tools, C, each beside the job it serves; every one built from
# its own sources and the parts it shares:
#   lib/      what every job shares: the run files (tsv, runfile: their
#             schemas, reader and writer), JSON (jsonw writes, json reads),
#             YAML (yamldoc), a patch's headers (patchfile), output files
#   config/   the answers about branches.yaml (sgconf) and the upstream
#             facts it names: the validation, the plan, the lint, the guard
#   report/   the report tool's dispatcher, and its rooms, each with its
#             own include path (tests/t/123 holds them to it):
#     logs/   the guest's serial log read (logread, sgline, guestlog,
#             buildlog): lib and the guest protocol only
#     judge/  the judge of rows and of a gate (results, join, compare, the
#             gate's steps, bisectrun, struct run): lib only
#     render/ what people and CI read (tables, html*, kcidb*, reply,
#             gate.md): the judge's and the logs' headers
#   prove/, maintain/  the C of one job: tarimport, shardplan, fsbaseline,
#             phasetimes and guesttimes (the bench); followups and uphist,
#             quiltmail (intake), bisectmd, relnotes and fsnotes
#   tests/tools/  what only the tests use: kcidbcheck and its JSON reader
INC_LOGS := -Ilib -Ireport/logs -Iverify/common
INC_JUDGE := -Ilib -Ireport/judge
INC_RENDER := $(INC_JUDGE) -Ireport/logs -Ireport/render -Iverify/common
HOSTINC := -Ilib -Iconfig -Imaintain -Iverify/common -Ireport/judge
HOST_H := $(wildcard lib/*.h config/*.h report/*/*.h maintain/*.h tests/tools/*.h) verify/common/protocol.h
RUNFILE_C := lib/runfile.c lib/tsv.c
CONFIG_C := $(addprefix config/,branches.c validate.c facts.c record.c guard.c lint.c plan.c corpus.c pathmap.c) \
	lib/yamldoc.c lib/patchfile.c $(RUNFILE_C)
JUDGE_C := $(wildcard report/judge/*.c) $(RUNFILE_C) lib/outfile.c
RENDER_C := $(wildcard report/render/*.c) report/logs/guestlog.c report/logs/sgline.c lib/jsonw.c
# host_cc: $@ from the .c files among its prerequisites, then $(1) (libraries).
host_cc = $(CC) $(HOSTCFLAGS) $(HOSTINC) -o $@ $(sort $(filter %.c,$^)) $(1)
$(TOOLS): | $(BIN)
$(BIN):
	@mkdir -p $@

$(BIN)/sgconf: config/sgconf.c $(CONFIG_C) $(HOST_H)
	$(call host_cc,-lyaml)
$(BIN)/runfile: lib/runfile-tool.c $(RUNFILE_C) $(HOST_H)
	$(call host_cc)
$(BIN)/logread: HOSTINC := $(INC_LOGS)
$(BIN)/logread: report/logs/logread.c report/logs/sgline.c report/logs/buildlog.c report/logs/guestlog.c \
		report/logs/gcdalines.c \
		$(RUNFILE_C) $(HOST_H)
	$(call host_cc)
$(BIN)/report: HOSTINC := $(INC_RENDER)
$(BIN)/report: report/report.c $(JUDGE_C) $(RENDER_C) lib/patchfile.c $(HOST_H)
	$(call host_cc,-lm)
$(BIN)/kcidbcheck: HOSTINC := -Ilib -Itests/tools -Ireport/render -Ireport/judge
$(BIN)/kcidbcheck: tests/tools/kcidbcheck.c tests/tools/json.c lib/jsonw.c $(HOST_H)
	$(call host_cc)
$(BIN)/tarimport: prove/tarimport.c
	$(call host_cc)
$(BIN)/shardplan: prove/shardplan.c $(RUNFILE_C) $(HOST_H)
	$(call host_cc)
$(BIN)/fsbaseline: prove/fsbaseline.c $(RUNFILE_C) $(HOST_H)
	$(call host_cc)
$(BIN)/fixedby: prove/fixedby.c $(RUNFILE_C) $(HOST_H)
	$(call host_cc)
$(BIN)/covmap: HOSTINC := -Ilib -Icoverage
$(BIN)/covmap: coverage/covmap.c coverage/gcovtext.c $(RUNFILE_C) $(HOST_H) coverage/gcovtext.h
	$(call host_cc)
$(BIN)/phasetimes: prove/phasetimes.c $(RUNFILE_C) $(HOST_H)
	$(call host_cc)
$(BIN)/guesttimes: HOSTINC := $(INC_LOGS)
$(BIN)/guesttimes: prove/guesttimes.c report/logs/guestlog.c report/logs/sgline.c $(RUNFILE_C) $(HOST_H)
	$(call host_cc)
$(BIN)/followups: maintain/followups.c maintain/uphist.c $(HOST_H)
	$(call host_cc)
$(BIN)/quiltmail: maintain/quiltmail.c lib/patchfile.c $(HOST_H)
	$(call host_cc)
$(BIN)/bisectmd: maintain/bisectmd.c report/judge/bisectrun.c report/judge/results.c lib/jsonw.c lib/outfile.c \
		$(RUNFILE_C) $(HOST_H)
	$(call host_cc)
$(BIN)/relnotes: maintain/relnotes.c maintain/fsnotes.c report/judge/results.c lib/outfile.c $(CONFIG_C) $(HOST_H)
	$(call host_cc,-lyaml)

image: $(INITRD)

$(INITRD): $(CHECK_SRCS) verify/Makefile vm-images/init vm-images/mkinitramfs.sh $(SG_FIO) $(FIO_JOBS)
	$(MAKE) -s -C verify OUT=$(IMAGE)/checks
	vm-images/mkinitramfs.sh $@ $(IMAGE)/checks $(SG_FIO) verify/fio

# fio is built again when what it is built by changes by content, not by
# time: a fresh clone's scripts are newer than the cache's fio, and a
# rebuild costs minutes.  The stamp is named by the scripts' sum: a new
# sum is a new stamp, newer than the fio built before it.
FIO_SUM := $(shell cat vm-images/build-fio.sh prove/fetch-package.sh | sha1sum | cut -c1-12)
FIO_INPUTS := $(SG_FIO).inputs-$(FIO_SUM)
$(SG_FIO): $(FIO_INPUTS)
	vm-images/build-fio.sh $@

$(FIO_INPUTS):
	@mkdir -p $(@D); rm -f $(SG_FIO).inputs-*; touch $@

# One writer per cache: matrix, branch, review, intake, publish, bisect, gate,
# fstests, bench (but PHASE=follow-ups, guests, cold-breakdown, gate, and
# verifiers with RUN=), check, check-quick, follow-ups with WRITE=1, and
# proofs with MISSING=1 take its lock (lib/locked.sh), most of them then doing their work in a
# sub-make (tests/t/016 holds this list to them, and the bench's
# exceptions to its rule).
LOCKED := lib/locked.sh $(MAKE) --no-print-directory
# check_args JOB: the job's arguments checked before the lock, the packages
# and the builds (lib/check-args.sh): a bad one named in seconds, exit 2.
check_args = SERIES="$(SERIES)" QUEUE="$(QUEUE)" RC="$(RC)" MBOX="$(MBOX)" FROM="$(FROM)" \
	FSTESTS="$(FSTESTS)" TESTS="$(TESTS)" CHECK="$(CHECK)" GOOD="$(GOOD)" BAD="$(BAD)" \
	RUN="$(RUN)" ROW="$(ROW)" SG_BRANCHES="$(SG_BRANCHES)" lib/check-args.sh $(1)

matrix:
	@$(LOCKED) matrix-locked

# The series named are checked first, with sgconf alone built: an unknown
# one is named, with the known ones, before the other tools and the image
# (fio) are built.
matrix-locked: deps-apt $(BIN)/sgconf
	@$(BIN)/sgconf $(SG_BRANCHES) validate $(SERIES)
	@$(MAKE) --no-print-directory tools image
	@prove/matrix.sh $(NEW_RUN) $(INITRD) $(SERIES)
	@prove/report.sh --new $(NEW_RUN)

review:
	@$(LOCKED) review-locked

review-locked: deps-apt tools
	@[ -n "$(SERIES)" ] || { echo "make review: say which, e.g. SERIES=3.19" >&2; exit 2; }
	@for s in $(SERIES); do prove/branch.sh $$s && maintain/review.sh $$s || exit $$?; done

intake:
	@$(call check_args,intake)
	@$(LOCKED) intake-locked

intake-locked: deps-apt tools
	@COMMIT="$(COMMIT)" RELEASE="$(RELEASE)" RELEASE_OF_QUEUE="$(RELEASE_OF_QUEUE)" PATHS="$(PATHS)" \
		maintain/intake.sh "$(or $(MBOX),$(QUEUE))" $(SERIES)

publish:
	@$(LOCKED) publish-locked

publish-locked: tools
	@[ -n "$(SERIES)" ] && [ -n "$(REMOTE)" ] || { echo "make publish: say SERIES=3.19 and REMOTE=<git url or path>" >&2; exit 2; }
	@for s in $(SERIES); do UNTESTED=$(UNTESTED) maintain/publish.sh $$s $(REMOTE) || exit $$?; done

# Fails when a series misses a fix or on bad input; make exits 2 for
# both, so the last line says which (make's "Error 1" or "Error 2" is the
# script's status too).  A CI job that gates on the difference runs
# maintain/follow-ups.sh itself after make tools: 0, 1 missing, 2 bad input.
# WRITE=1 writes backports/upstream.yaml, as intake does: under the lock.
follow-ups: tools
	@[ -n "$(UPSTREAM)" ] || { echo "make follow-ups: say UPSTREAM=<mainline repository>[@<rev>]" >&2; exit 2; }
	@WRITE=$(WRITE) FSTESTS="$(FSTESTS)" lib/make-status.sh follow-ups "a series misses a fix" \
		$(if $(filter 1,$(WRITE)),lib/locked.sh) maintain/follow-ups.sh $(UPSTREAM) $(SERIES)

# With RUNS: the shards' folders joined into one run, its table, and its
# page.  Without: the newest run's kcidb.json and page (a matrix run or a
# bisection).  Then index.html over the runs; the pages' paths printed.
report: tools
	@prove/report.sh $(RUNS)

# The bisection builds and boots: the cache's lock, like the matrix.  Its
# arguments are checked before the lock is waited for or anything is
# installed; it needs what the matrix needs (git, the kernel build, QEMU,
# the image), not make check's chromium or gitlab-ci-local.
bisect:
	@$(call check_args,bisect)
	@$(LOCKED) bisect-locked

bisect-locked: deps-apt tools image
	@echo "run: $(NEW_RUN)-bisect-$(SERIES)"
	@maintain/bisect.sh $(NEW_RUN)-bisect-$(SERIES) $(INITRD) $(SERIES) $(GOOD) $(BAD) $(CHECK)

# fstests in the Debian userland guest (prove/fstests.sh, docs/fstests.md).
# Without FSTESTS every test is a SKIP row saying so, and nothing is
# built but the tools.
FSTESTS_GUEST := $(SG_CACHE)/fstests/guest
fstests-guest: $(FSTESTS_GUEST)/fsresult

$(FSTESTS_GUEST)/fsresult: verify/fstests/fsresult.c $(CHECK_SRCS) verify/Makefile
	$(MAKE) -s -C verify fstests OUT=$(FSTESTS_GUEST)

# The arguments before the lock, the packages and the builds: a FSTESTS
# that is not an fstests checkout (what fstests-image.sh wants of one: its
# check script and tests/generic/) is refused in one line naming what it
# lacks, not found out minutes later as an ERROR row per test.
fstests:
	@$(call check_args,fstests)
	@$(LOCKED) fstests-locked

fstests-locked: tools $(if $(FSTESTS),deps-apt deps-fstests fstests-guest)
	@FSTESTS="$(FSTESTS)" TESTS="$(TESTS)" KERNEL="$(KERNEL)" \
		prove/fstests.sh $(NEW_RUN)-fstests-$(SERIES) $(SERIES) $(VARIANT)

# A release candidate against the release before it (maintain/gate.sh,
# docs/gate.md): the arguments first, then the lock, the series named
# checked with sgconf alone built, the build and the boots.  Exit as the
# script's: 0 no regression, 1 a regression, 2 bad input, said on make's
# last line.
gate:
	@$(call check_args,gate)
	@$(LOCKED) gate-locked

gate-locked: deps-apt $(BIN)/sgconf $(if $(FSTESTS),deps-fstests fstests-guest)
	@$(BIN)/sgconf $(SG_BRANCHES) validate $(SERIES)
	@$(MAKE) --no-print-directory tools image
	@echo "run: $(NEW_RUN)-gate-$(SERIES)"
	@$(if $(GATE_TRIES),SG_GATE_TRIES=$(GATE_TRIES)) QUEUE="$(QUEUE)" RC="$(RC)" MBOX="$(MBOX)" \
		FROM="$(FROM)" GATE_SIDE="$(GATE_SIDE)" GATE_SIDES="$(GATE_SIDES)" \
		FSTESTS="$(FSTESTS)" TESTS="$(TESTS)" GATE_FSTESTS_MINUTES="$(GATE_FSTESTS_MINUTES)" \
		GATE_COVERAGE="$(GATE_COVERAGE)" \
		lib/make-status.sh gate "a regression" \
		maintain/gate.sh $(NEW_RUN)-gate-$(SERIES) $(INITRD) $(SERIES)

# The proof index: what proves each upstream commit (the record's
# proven-by; with FSTESTS, the tests' _fixed_by_kernel_commit lines).
proofs:
	@$(call check_args,proofs)
	@$(MAKE) --no-print-directory tools
	@if [ -n "$(MISSING)" ]; then \
		[ -n "$(SERIES)" ] || { echo "make proofs MISSING=1: say SERIES=3.19" >&2; exit 2; }; \
		$(LOCKED) proofs-locked; \
	else FSTESTS="$(FSTESTS)" prove/proofs.sh; fi

# MISSING=1: the fixes the series' released kernel lacks, shown by their checks.
proofs-locked: deps-apt tools image $(if $(FSTESTS),deps-fstests fstests-guest)
	@echo "run: $(NEW_RUN)-missing-$(SERIES)"
	@FSTESTS="$(FSTESTS)" FIXES="$(FIXES)" lib/make-status.sh proofs "a missing fix shown by its check" \
		prove/missing.sh $(NEW_RUN)-missing-$(SERIES) $(INITRD) $(SERIES)

# Reads a run folder: no lock.
repro:
	@$(call check_args,repro)
	@$(MAKE) --no-print-directory tools
	@maintain/repro.sh $(RUN) $(ROW)

branch:
	@$(LOCKED) branch-locked

branch-locked: deps-apt tools
	@[ -n "$(SERIES)" ] || { echo "make branch: say which, e.g. SERIES=3.19" >&2; exit 2; }
	@for s in $(SERIES); do prove/branch.sh $$s || exit $$?; done

# Each series' patches and mutants (regress:) against their own hunks,
# then, where a tree was imported, the patches against that tree in order
# and each variant's mutants on top of its base (git apply --check).
lint: tools
	@for s in $(or $(SERIES),$$($(BIN)/sgconf branches.yaml series)); do \
		$(BIN)/sgconf branches.yaml lint $$s || exit 1; \
		maintain/lint-tree.sh $$s; rc=$$?; \
		[ $$rc = 0 ] || [ $$rc = 3 ] || exit 1; \
	done

check:
	@$(LOCKED) check-locked

# The unit and contract tests: no apt, no kernel, no whole job, no browser; seconds.
check-quick: tools
	@SG_QUICK=1 lib/locked.sh tests/run.sh

check-locked: deps tools image
	tests/run.sh

bench:
	@if [ "$(PHASE)" = follow-ups ] || [ "$(PHASE)" = guests ] || [ "$(PHASE)" = cold-breakdown ] || [ "$(PHASE)" = gate ] || \
	    { [ "$(PHASE)" = verifiers ] && [ -n "$(RUN)" ]; }; then \
		$(MAKE) --no-print-directory tools && PHASE=$(PHASE) RUN=$(RUN) prove/bench.sh; \
	else $(LOCKED) bench-locked; fi

bench-locked: deps-apt tools image
	@FULL=$(FULL) PHASE=$(PHASE) prove/bench.sh $(or $(firstword $(SERIES)),6.1)

release-notes: tools
	@$(BIN)/sgconf branches.yaml guard
	@UNTESTED=$(UNTESTED) maintain/release-notes.sh $(SERIES)

clean:
	rm -rf $(BIN) $(IMAGE) $(SG_CACHE)/runs $(SG_CACHE)/test

distclean:
	rm -rf $(SG_CACHE)
