# stableguard: stable backports of the 2015 md/raid0 and ext4 fixes, and
# the QEMU matrix that proves them.  Everything generated goes to SG_CACHE.
#
#   make matrix [SERIES="6.1 3.19"] [SHARD=K/N]  build, boot and verify; prints the table
#   make check                        host tests + one real 6.1 end-to-end run
#   make check-quick                  the host tests alone (no apt, no kernel)
#   make branch SERIES=3.19 [TREE=]   the per-series git branches, via git am
#   make lint [SERIES=3.19]           patch sets well formed; against the tree in the cache if any
#   make review SERIES=3.19           the series as b4 review mails in the cache, round-tripped
#   make intake MBOX=f SERIES="4.0 3.19" [COMMIT=id] [RELEASE=v4.1]  an upstream commit into series
#   make publish SERIES=3.19 REMOTE=url [UNTESTED=1]  push stable/S and its tag
#   make release-notes [SERIES=] [UNTESTED=1]  notes from the patches and the evidence
#   make report RUNS="dir1 dir2"      one table from the runs of SHARD=1/N ... N/N
#   make bisect SERIES=S GOOD=rev BAD=rev CHECK=c[,c] [TREE=repo] [FIXED=1] [BISECT_TRIES=N] [CHUNKS=64]
#                                     the commit that broke (or fixed) a check, verified
#   make repro RUN=dir ROW=S/V/check  a failing row as a folder that boots on its own
#   make bench [SERIES=6.1] [FULL=1]  timings: naive beside ours; FULL=1 the apt matrix cold and warm
#   make deps                         install what the above need (apt)

SG_CACHE ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/stableguard
export SG_CACHE
SERIES ?=
FULL ?= 0
RUNS ?=
MBOX ?=
COMMIT ?=
RELEASE ?=
REMOTE ?=
UNTESTED ?= 0
GOOD ?=
BAD ?=
CHECK ?=
RUN ?=
ROW ?=
BIN := $(SG_CACHE)/bin
IMAGE := $(SG_CACHE)/image
HOSTCFLAGS := -O2 -g -Wall -Wextra -Wno-format-truncation -std=gnu11

DEB_PACKAGES := gcc gcc-12 make git ccache flex bison bc libelf-dev libssl-dev \
	cpio xz-utils file qemu-system-x86 busybox-static mdadm e2fsprogs \
	libyaml-dev distcc b4 linux-source-6.1

TOOLS := $(BIN)/sgconf $(BIN)/logread $(BIN)/report $(BIN)/relnotes $(BIN)/bisectmd
CHECK_SRCS := $(wildcard verify/*.c verify/common/*.[ch])
INITRD := $(IMAGE)/initramfs.gz

.PHONY: bisect bisect-locked repro all matrix matrix-locked check check-locked check-quick lint branch branch-locked release-notes review review-locked intake intake-locked publish publish-locked report bench bench-locked deps tools image clean distclean

all: tools

deps:
	@missing=$$(for p in $(DEB_PACKAGES); do \
		dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; \
	done); \
	if [ -n "$$missing" ]; then \
		echo "deps: installing $$missing"; \
		apt-get update -q >/dev/null && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $$missing >/dev/null; \
	fi

tools: $(TOOLS)

# config/: reading branches.yaml and the upstream facts, the lint and the
# guard.  report/: from serial logs to verdicts, tables and release notes.
LIBSG := $(addprefix config/,yamldoc.c facts.c patchfile.c guard.c lint.c)
SGCONF_SRCS := config/sgconf.c config/validate.c
LIBSG_H := $(wildcard config/*.h)
RESULTS := report/results.c report/results.h
OUTFILE := report/outfile.c report/outfile.h

$(BIN)/sgconf: $(SGCONF_SRCS) $(LIBSG) $(LIBSG_H)
	@mkdir -p $(BIN)
	$(CC) $(HOSTCFLAGS) -o $@ $(SGCONF_SRCS) $(LIBSG) -lyaml

$(BIN)/relnotes: report/relnotes.c $(RESULTS) $(LIBSG) $(LIBSG_H)
	@mkdir -p $(BIN)
	$(CC) $(HOSTCFLAGS) -Iconfig -o $@ report/relnotes.c report/results.c $(LIBSG) -lyaml

$(BIN)/logread: report/logread.c
	@mkdir -p $(BIN)
	$(CC) $(HOSTCFLAGS) -o $@ $<

$(BIN)/report: report/report.c $(RESULTS) $(OUTFILE)
	@mkdir -p $(BIN)
	$(CC) $(HOSTCFLAGS) -o $@ report/report.c report/results.c report/outfile.c

$(BIN)/bisectmd: report/bisectmd.c $(OUTFILE)
	@mkdir -p $(BIN)
	$(CC) $(HOSTCFLAGS) -o $@ report/bisectmd.c report/outfile.c

image: $(INITRD)

$(INITRD): $(CHECK_SRCS) verify/Makefile vm-images/init vm-images/mkinitramfs.sh
	$(MAKE) -s -C verify OUT=$(IMAGE)/checks
	vm-images/mkinitramfs.sh $@ $(IMAGE)/checks

# One writer per cache: matrix, branch and check take its lock
# (lib/locked.sh), then do their work in a sub-make.
LOCKED := lib/locked.sh $(MAKE) --no-print-directory

matrix:
	@$(LOCKED) matrix-locked

matrix-locked: deps tools image
	@$(BIN)/sgconf branches.yaml validate
	@run=$(SG_CACHE)/runs/$$(date +%Y%m%d-%H%M%S); \
	prove/matrix.sh $$run $(INITRD) $(SERIES) && \
	ln -sfn $$run $(SG_CACHE)/runs/latest.new && \
	mv -T $(SG_CACHE)/runs/latest.new $(SG_CACHE)/runs/latest && \
	echo "run: $$run" && $(BIN)/report $$run

review:
	@$(LOCKED) review-locked

review-locked: deps tools
	@[ -n "$(SERIES)" ] || { echo "make review: say which, e.g. SERIES=3.19" >&2; exit 2; }
	@for s in $(SERIES); do prove/branch.sh $$s && maintain/review.sh $$s || exit $$?; done

intake:
	@$(LOCKED) intake-locked

intake-locked: deps tools
	@[ -n "$(MBOX)" ] && [ -n "$(SERIES)" ] || { echo "make intake: say MBOX=<file> and SERIES=\"4.0 3.19\"" >&2; exit 2; }
	@COMMIT=$(COMMIT) RELEASE=$(RELEASE) maintain/intake.sh $(MBOX) $(SERIES)

publish:
	@$(LOCKED) publish-locked

publish-locked: tools
	@[ -n "$(SERIES)" ] && [ -n "$(REMOTE)" ] || { echo "make publish: say SERIES=3.19 and REMOTE=<git url or path>" >&2; exit 2; }
	@for s in $(SERIES); do UNTESTED=$(UNTESTED) maintain/publish.sh $$s $(REMOTE) || exit $$?; done

report: tools
	@[ -n "$(RUNS)" ] || { echo "make report: say which runs, e.g. RUNS=\"dir1 dir2\"" >&2; exit 2; }
	@out=$(SG_CACHE)/runs/$$(date +%Y%m%d-%H%M%S)-merged; \
	prove/merge-runs.sh $$out $(RUNS) && echo "run: $$out" && $(BIN)/report $$out

# The bisection builds and boots: the cache's lock, like the matrix.
bisect:
	@$(LOCKED) bisect-locked

bisect-locked: deps tools image
	@[ -n "$(SERIES)" ] && [ -n "$(GOOD)" ] && [ -n "$(BAD)" ] && [ -n "$(CHECK)" ] || \
		{ echo "make bisect: say SERIES=3.14 GOOD=<rev> BAD=<rev> CHECK=raid0-map [TREE=<git repository>]" >&2; exit 2; }
	@run=$(SG_CACHE)/runs/$$(date +%Y%m%d-%H%M%S)-bisect-$(SERIES); \
	echo "run: $$run"; \
	maintain/bisect.sh $$run $(INITRD) $(SERIES) $(GOOD) $(BAD) $(CHECK)

# Reads a run folder: no lock.
repro: tools
	@[ -n "$(RUN)" ] && [ -n "$(ROW)" ] || \
		{ echo "make repro: say RUN=<run folder> ROW=<series>/<variant or commit>/<check>" >&2; exit 2; }
	@maintain/repro.sh $(RUN) $(ROW)

branch:
	@$(LOCKED) branch-locked

branch-locked: deps tools
	@[ -n "$(SERIES)" ] || { echo "make branch: say which, e.g. SERIES=3.19" >&2; exit 2; }
	@for s in $(SERIES); do prove/branch.sh $$s || exit $$?; done

# Each series' patches against their own hunks, then, where a tree was
# imported, against that tree in order (git apply --check).
lint: tools
	@for s in $(or $(SERIES),$$($(BIN)/sgconf branches.yaml series)); do \
		$(BIN)/sgconf branches.yaml lint $$s || exit 1; \
		maintain/lint-tree.sh $$s; rc=$$?; \
		[ $$rc = 0 ] || [ $$rc = 3 ] || exit 1; \
	done

check:
	@$(LOCKED) check-locked

# The host-side tests alone: no apt, no kernel, seconds.
check-quick: tools
	@SG_QUICK=1 lib/locked.sh tests/run.sh

check-locked: deps tools image
	tests/run.sh

bench:
	@$(LOCKED) bench-locked

bench-locked: deps tools image
	@FULL=$(FULL) prove/bench.sh $(or $(firstword $(SERIES)),6.1)

release-notes: tools
	@$(BIN)/sgconf branches.yaml guard
	@UNTESTED=$(UNTESTED) maintain/release-notes.sh $(SERIES)

clean:
	rm -rf $(BIN) $(IMAGE) $(SG_CACHE)/runs $(SG_CACHE)/test

distclean:
	rm -rf $(SG_CACHE)
