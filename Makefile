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
WEB_SRC  := $(shell find web/src web/public web/index.html web/vite.config.ts web/tsconfig.json -type f 2>/dev/null)

.PHONY: run build web deps test test-go test-web test-e2e test-bundle test-fuzz lint bench bench-load bench-signin bench-flood bench-scale clean minio

## run: install front-end packages, build the web app into the binary, migrate, serve on :8080
run: build
	$(BIN) serve

## build: the gardenctl binary with the web app embedded
build: $(BIN)

$(BIN): web/dist/index.html $(shell find cmd core ports adapters jobs cli configs web -name '*.go' -o -name '*.sql' -o -name '*.yaml' | grep -v node_modules) go.mod go.sum
	$(GO) build -trimpath -ldflags "$(LDFLAGS)" -o $(BIN) ./cmd/gardenctl

web: web/dist/index.html

web/dist/index.html: node_modules/.installed $(WEB_SRC)
	npm run build

## deps: front-end packages exactly as package-lock.json says
deps: node_modules/.installed

node_modules/.installed: package.json package-lock.json
	PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund
	touch $@

## test: every test — lint, Go (unit, storage contract on SQLite and PostgreSQL, HTTP API, CLI),
## web unit (Vitest) and browser end-to-end (Playwright + Chromium); ends with one total line
test: lint test-fuzz test-go test-web test-e2e test-bundle
	@read gp gf gs < $(COUNTS)-go.txt; read wp wf < $(COUNTS)-web.txt; read ep ef < $(COUNTS)-e2e.txt; \
	echo "Go $$gp, web $$wp, end-to-end $$ep tests passed"; \
	echo "all: $$((gp + wp + ep)) passed, $$((gf + wf + ef)) failed"

test-go:
	@mkdir -p bin
	$(GO) build -o bin/gotest ./tests/gotest
	$(GO) test -race -count=1 -json $(GO_PKGS) 2>&1 | GARDEN_TEST_COUNTS=$(COUNTS)-go.txt bin/gotest

## test-fuzz: each fuzz target (every decoder of user input) for FUZZTIME; a failing input is
## saved under the package's testdata/fuzz and replayed by every later `go test`
FUZZTIME ?= 8s
FUZZ_TARGETS := ./adapters/httpapi:FuzzJSONWrites ./adapters/httpapi:FuzzUpload \
	./core/domain:FuzzParseDate ./adapters/catalogue:FuzzParsers
test-fuzz:
	@mkdir -p bin; for t in $(FUZZ_TARGETS); do \
		pkg=$${t%%:*}; name=$${t##*:}; \
		echo "fuzz $$name ($$pkg, $(FUZZTIME))"; \
		$(GO) test -run '^$$' -fuzz "^$$name\$$" -fuzztime $(FUZZTIME) $$pkg > bin/fuzz-$$name.log 2>&1 \
			|| { tail -40 bin/fuzz-$$name.log; exit 1; }; \
	done

## bench-signin: the sign-in flood (256 connections of random sign-ins for 20 s beside a
## signed-in reader) against a freshly built server on 127.0.0.1; figures for docs/performance.md
bench-signin: build
	$(GO) run ./tests/load/signinflood --bin $(CURDIR)/$(BIN)

test-web: node_modules/.installed
	@mkdir -p bin
	npx vitest run --config web/vite.config.ts --reporter=default --reporter=json --outputFile=$(COUNTS)-web.json
	node -e 'const r=require(process.argv[1]);require("fs").writeFileSync(process.argv[2], r.numPassedTests+" "+r.numFailedTests+"\n")' $(COUNTS)-web.json $(COUNTS)-web.txt

## test-bundle: the first load of the dashboard stays under its ceiling (web/scripts/bundle-budget.mjs)
test-bundle: web
	npm run --silent bundle-budget | tail -1

test-e2e: build
	$(GO) build -o bin/fixturestore ./tests/fixturestore
	GARDENCTL_BIN=$(CURDIR)/$(BIN) FIXTURESTORE_BIN=$(CURDIR)/bin/fixturestore GARDEN_TEST_COUNTS=$(COUNTS)-e2e.txt npm run e2e

## minio: build the MinIO server the blob contract tests start (once per machine, pinned
## version, into ~/.cache/garden-tools; GARDEN_TOOLS_DIR moves it)
minio:
	tests/minio/install.sh

## lint: gofmt, go vet and the TypeScript compiler
lint: node_modules/.installed
	@unformatted=$$(gofmt -l $$(git ls-files '*.go') $$(git ls-files --others --exclude-standard '*.go')); \
	if [ -n "$$unformatted" ]; then echo "gofmt needed: $$unformatted"; exit 1; fi
	$(GO) vet $(GO_PKGS)
	tests/tools/staticcheck.sh $(GO_PKGS)
	npm run typecheck
	npm run lint:web

## bench-flood: the message flood (16 gardeners post listing messages for 30 s while the SMTP
## and ntfy servers never answer) against a freshly built server; figures for docs/performance.md
bench-flood: build
	$(GO) run ./tests/load/messageflood --bin $(CURDIR)/$(BIN)

## bench-load: the load harness (tests/load/bench.sh): gardenctl against a bare net/http baseline
## on SQLite and PostgreSQL, ratios with their spread (figures go into docs/performance.md)
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
