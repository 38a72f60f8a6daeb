# Garden — build, run and test. `make run` and `make test` are the two commands a newcomer needs.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c

GO       ?= go
BIN      := bin/gardenctl
VERSION  ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS  := -X main.version=$(VERSION)
# Every Go package of the project; node_modules is left out on purpose.
GO_PKGS  := ./cmd/... ./core/... ./ports/... ./adapters/... ./jobs/... ./cli/... ./configs/... ./web/... ./tests/...
COUNTS   := $(CURDIR)/bin/test-counts
WEB_SRC  := $(shell find web/src web/public web/index.html web/vite.config.ts web/vite-plugins.ts web/tsconfig.json -type f 2>/dev/null)

.PHONY: run build image package web deps api-types test test-go test-web test-e2e bench-cluster bench-web test-bundle test-fuzz lint bench bench-load bench-signin bench-flood bench-scale clean minio

## run: install front-end packages, build the web app into the binary, migrate, serve on :8080
run: build
	$(BIN) serve

## build: the gardenctl binary with the web app embedded: static (CGO_ENABLED=0, the time zone
## database inside), so the same file runs on any Linux, in the container image and the package
build: $(BIN)

$(BIN): web/dist/index.html $(shell find cmd core ports adapters jobs cli configs web -name '*.go' -o -name '*.sql' -o -name '*.yaml' | grep -v node_modules) go.mod go.sum
	CGO_ENABLED=0 $(GO) build -tags timetzdata -trimpath -ldflags "$(LDFLAGS)" -o $(BIN) ./cmd/gardenctl

## image: the container image (Dockerfile) from the static binary, with Podman or Docker; no
## registry is needed (the image starts FROM scratch)
CONTAINER ?= $(shell command -v podman >/dev/null 2>&1 && echo podman || echo docker)
image: build
	rm -rf bin/image && mkdir -p bin/image/data bin/image/tmp bin/image/etc/ssl/certs
	cp $(BIN) bin/image/gardenctl
	cp /etc/ssl/certs/ca-certificates.crt bin/image/etc/ssl/certs/
	$(CONTAINER) build --format docker -t garden:$(VERSION) -t garden:latest -f Dockerfile bin/image

## package: the Debian package bin/garden_<version>_amd64.deb (packaging/: a system user, a
## hardened systemd unit, /etc/garden/garden.env) with nfpm, built once per machine
PACKAGE_VERSION ?= $(shell v=$$(git describe --tags --abbrev=0 2>/dev/null | sed 's/^v//'); echo "$${v:-0.0.0}+git$$(git rev-parse --short HEAD 2>/dev/null || echo 0)")
package: build
	GARDEN_PACKAGE_VERSION=$(PACKAGE_VERSION) tests/tools/nfpm.sh pkg --config packaging/nfpm.yaml --packager deb --target bin/

web: web/dist/index.html

web/dist/index.html: node_modules/.installed $(WEB_SRC)
	npm run build

## deps: front-end packages exactly as package-lock.json says
deps: node_modules/.installed

node_modules/.installed: package.json package-lock.json
	PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund
	touch $@

## test: every test — lint, Go (unit, storage contract on SQLite and PostgreSQL, HTTP API, CLI),
## web unit (Vitest) and browser end-to-end (Playwright + Chromium). Every step runs even when
## an earlier one failed; the run ends with the total line, or with the failed steps and the
## names of their failed tests (tests/tools/test-summary.sh). Go and Vitest run their tests in
## a shuffled order from SEED, printed first: `make test SEED=N` replays an order.
SEED ?= $(shell date +%s)
export SEED
FAILURES := $(CURDIR)/bin/test-failures
TEST_STEPS := lint:lint fuzz:test-fuzz go:test-go web:test-web browser:test-e2e bundle:test-bundle
test:
	@mkdir -p bin; rm -f $(FAILURES)-*.txt $(COUNTS)-*.txt bin/test-failed-steps.txt
	@echo "test order seed: $(SEED) (replay this order with: make test SEED=$(SEED))"
	@for step in $(TEST_STEPS); do name=$${step%%:*}; target=$${step#*:}; \
		$(MAKE) --no-print-directory $$target || echo "$$name" >> bin/test-failed-steps.txt; \
	done
	@tests/tools/test-summary.sh bin

## test-go also runs the two-replica rolling deploy behind HAProxy (tests/cluster) on the binary
## `build` makes, which the browser tests use too.
# The HTTP API and storage packages run their thousands of tests on SQLite (pure Go) and PostgreSQL:
# under -race, SQLite's every instruction is instrumented and those two packages took 40 of CI's
# 45 minutes. They run without -race, and the tests of theirs that race on purpose (parallel
# writes, limits, throttles, the outbox, replicas) run again under -race.
GO_PLAIN_PKGS := ./adapters/httpapi ./adapters/sqlstore
GO_RACE_PKGS   = $(filter-out $(addprefix github.com/%/,$(GO_PLAIN_PKGS:./%=%)),$(shell $(GO) list $(GO_PKGS)))
GO_RACE_TESTS := Parallel|Concurren|Limit|Throttle|Outbox|Dispatch|Replica|Race|Atomic
# Each run goes on when an earlier one failed (`|| true`): gotest reads every run's events and
# fails the step for any failed test or package, so one failure does not hide the rest.
test-go: build
	@mkdir -p bin
	$(GO) build -o bin/gotest ./tests/gotest
	@echo "go test -shuffle=$(SEED): -race everywhere but $(GO_PLAIN_PKGS), whose concurrency tests run under -race apart"
	{ GARDENCTL_BIN=$(CURDIR)/$(BIN) $(GO) test -race -count=1 -shuffle=$(SEED) -timeout 30m -json $(GO_RACE_PKGS) 2>&1 || true; \
	  GARDENCTL_BIN=$(CURDIR)/$(BIN) $(GO) test -count=1 -shuffle=$(SEED) -timeout 30m -json $(GO_PLAIN_PKGS) 2>&1 || true; \
	  GARDENCTL_BIN=$(CURDIR)/$(BIN) $(GO) test -race -count=1 -shuffle=$(SEED) -timeout 30m -json -run '$(GO_RACE_TESTS)' $(GO_PLAIN_PKGS) 2>&1 || true; } | \
		GARDEN_TEST_COUNTS=$(COUNTS)-go.txt GARDEN_TEST_FAILURES=$(FAILURES)-go.txt bin/gotest

## test-fuzz: each fuzz target (every decoder of user input) for a number of runs, about 8 s
## each on a quiet 2-core machine; a failing input is saved under the package's testdata/fuzz
## and replayed by every later `go test`. Counts, not a duration: Go 1.26's coordinator can fail
## a duration run at its deadline with a bare "context deadline exceeded" and no failing input
## (go.dev/issue/75804, fixed in Go 1.27); a count has no deadline to race. FUZZTIME=30s (or
## 50000x) overrides every target's budget. Minimizing an input is held to 200 runs
## (60 s by default, and a count-bound run would wait for it); a failing input is saved anyway.
FUZZ_TARGETS := ./adapters/httpapi:FuzzJSONWrites:8000x ./adapters/httpapi:FuzzUpload:5000x \
	./core/domain:FuzzParseDate:150000x ./adapters/catalogue:FuzzParsers:6000x \
	./adapters/backup:FuzzRowDecode:120000x
test-fuzz:
	@mkdir -p bin; for t in $(FUZZ_TARGETS); do \
		pkg=$${t%%:*}; rest=$${t#*:}; name=$${rest%%:*}; budget=$${FUZZTIME:-$${rest#*:}}; \
		echo "fuzz $$name ($$pkg, $$budget)"; \
		$(GO) test -run '^$$' -fuzz "^$$name\$$" -fuzztime $$budget -fuzzminimizetime 200x $$pkg > bin/fuzz-$$name.log 2>&1 \
			|| { tail -40 bin/fuzz-$$name.log; echo "$$pkg $$name (bin/fuzz-$$name.log)" >> $(FAILURES)-fuzz.txt; exit 1; }; \
	done

## bench-signin: the sign-in flood (256 connections of random sign-ins for 20 s beside a
## signed-in reader) against a freshly built server on 127.0.0.1; figures for docs/performance.md
bench-signin: build
	$(GO) run ./tests/load/signinflood --bin $(CURDIR)/$(BIN)

## test-web: the Vitest suite in a shuffled order from SEED, with the machine's clock FUTURE
## ahead (Debian's faketime, which .ci/run installs): it passes only if no test reads the real
## date (src/testing/clock.ts pins Date for every test), on the day CI runs and five years on.
## Without faketime (a laptop), or with FUTURE=, it runs on today's clock.
FUTURE ?= +1830d
FAKETIME := $(if $(FUTURE),$(shell command -v faketime >/dev/null 2>&1 && echo "faketime -f $(FUTURE)"))
test-web: node_modules/.installed
	@mkdir -p bin; echo "vitest --sequence.seed=$(SEED) (shuffled), clock: $$($(FAKETIME) date -u +%F)$(if $(FAKETIME), (faketime $(FUTURE)))"
	status=0; $(FAKETIME) npx vitest run --config web/vite.config.ts --sequence.shuffle --sequence.seed=$(SEED) \
		--reporter=default --reporter=json --outputFile=$(COUNTS)-web.json || status=$$?; \
	node web/scripts/test-report.mjs $(COUNTS)-web.json $(COUNTS)-web.txt $(FAILURES)-web.txt; exit $$status

## test-bundle: the first load of the dashboard stays under its ceiling (web/scripts/bundle-budget.mjs)
test-bundle: web
	@mkdir -p bin; npm run --silent bundle-budget > bin/bundle-budget.log 2>&1 \
		|| { tail -2 bin/bundle-budget.log | tee $(FAILURES)-bundle.txt; exit 1; }
	@tail -1 bin/bundle-budget.log

test-e2e: build
	$(GO) build -o bin/fixturestore ./tests/fixturestore
	CGO_ENABLED=0 $(GO) build -o bin/oidcprovider ./tests/oidcprovider
	GARDENCTL_BIN=$(CURDIR)/$(BIN) FIXTURESTORE_BIN=$(CURDIR)/bin/fixturestore OIDCPROVIDER_BIN=$(CURDIR)/bin/oidcprovider GARDEN_TEST_COUNTS=$(COUNTS)-e2e.txt \
		GARDEN_TEST_FAILURES=$(FAILURES)-browser.txt npm run e2e

## minio: build the MinIO server the blob contract tests start (once per machine, pinned
## version, into ~/.cache/garden-tools; GARDEN_TOOLS_DIR moves it)
minio:
	tests/minio/install.sh

## api-types: regenerate the web app's API types (web/src/api/schema.d.ts) from the OpenAPI
## document of GET /api/openapi.json with openapi-typescript; run it after changing an answer
## type or an operation, and commit the file (`make lint` fails while it is stale)
api-types: node_modules/.installed
	node web/scripts/api-types.mjs

## lint: gofmt, go vet, the TypeScript compiler, ESLint, and the generated API types are current
lint: node_modules/.installed
	@unformatted=$$(gofmt -l $$(git ls-files '*.go') $$(git ls-files --others --exclude-standard '*.go')); \
	if [ -n "$$unformatted" ]; then echo "gofmt needed: $$unformatted"; exit 1; fi
	$(GO) vet $(GO_PKGS)
	tests/tools/staticcheck.sh $(GO_PKGS)
	npm run typecheck
	npm run lint:web
	node web/scripts/api-types.mjs --check

## bench-web: Lighthouse's mobile audit of the dashboard and the plant list (a gardener with 15
## plants, 5 overdue) against the built binary, median of RUNS=3; figures for docs/performance.md.
## Installs its pinned Lighthouse once per machine into ~/.cache/garden-tools (not part of make test)
bench-web: build node_modules/.installed
	GARDENCTL_BIN=$(CURDIR)/$(BIN) node tests/load/lighthouse/run.mjs

## bench-flood: the message flood (16 gardeners post listing messages for 30 s while the SMTP
## and ntfy servers never answer) against a freshly built server; figures for docs/performance.md
bench-flood: build
	$(GO) run ./tests/load/messageflood --bin $(CURDIR)/$(BIN)

## bench-cluster: three replicas on one PostgreSQL (127.0.0.1:5432) and one MinIO behind HAProxy
## (Debian's package), gardeners' load for 60 s with a rolling deploy and one SIGKILL; figures
## for docs/performance.md (tests/load/cluster)
bench-cluster: build minio
	$(GO) run ./tests/load/cluster --bin $(CURDIR)/$(BIN)

## bench-load: the load harness (tests/load/bench.sh): gardenctl against a bare net/http baseline
## (byte-identical plant list; pgxpool on PostgreSQL) on SQLite and PostgreSQL, ratios with their
## spread, then the app alone on the dashboard summary, harvests and latest topics, then three writes
## (water one plant, reply to a topic with 20 watchers, create a plant) against bare handlers sending
## the same statements (docs/performance.md); WRITE_DURATION and WRITERS tune the writes
bench-load:
	tests/load/bench.sh

## bench-scale: every GET a page makes, timed at 1k and at 1M seeded plants on SQLite and
## PostgreSQL (127.0.0.1:5432), with the 1k → 1M ratio of each (docs/performance.md); takes
## about half an hour. SCALE_ARGS passes flags, e.g. SCALE_ARGS="--db sqlite --sizes 1000,100000"
SCALE_ARGS ?=
bench-scale: build
	nice -n 5 $(GO) run ./tests/load/scale --bin $(CURDIR)/$(BIN) $(SCALE_ARGS)

## bench: Go benchmarks (figures go into docs/performance.md)
bench:
	$(GO) test -run '^$$' -bench . -benchmem $(GO_PKGS)

clean:
	rm -rf bin web/dist/assets web/dist/index.html
