#!/usr/bin/env bash
# Runs staticcheck (the Go linter of `make lint`) at a pinned version. The binary is built once
# per machine from the Go module proxy (the only Go registry CI reaches) into a tools folder
# outside the clone, named after its version and the Go that built it, so a bump of either
# builds a new one. About 1.5 minutes the first time. Arguments go to staticcheck.
#
# Usage: tests/tools/staticcheck.sh ./...   (GARDEN_TOOLS_DIR overrides the folder)
set -euo pipefail

# staticcheck 2026.2.2: needs Go >= 1.26.0 to build and analyses go.mod's go 1.26.x.
# Bump deliberately, never float, so every machine lints with the same checks.
STATICCHECK_VERSION=v0.8.2

tools_dir=${GARDEN_TOOLS_DIR:-$HOME/.cache/garden-tools}
bin=$tools_dir/staticcheck-$STATICCHECK_VERSION-$(go env GOVERSION)

if [[ ! -x $bin ]]; then
  mkdir -p "$tools_dir"
  echo "building staticcheck $STATICCHECK_VERSION into $tools_dir" >&2
  # Built in a scratch folder and moved into place, so an interrupted build never leaves a
  # half-written binary under the final name. GOWORK/GOFLAGS are cleared so the surrounding
  # module cannot change what gets built.
  scratch=$(mktemp -d "$tools_dir/.staticcheck.XXXXXX")
  trap 'rm -rf "$scratch"' EXIT
  (cd / && GOWORK=off GOFLAGS= CGO_ENABLED=0 GOBIN=$scratch \
    go install -trimpath "honnef.co/go/tools/cmd/staticcheck@$STATICCHECK_VERSION")
  mv "$scratch/staticcheck" "$bin"
fi

"$bin" "$@"
