#!/usr/bin/env bash
# Runs nfpm (the Debian package builder of `make package`) at a pinned version. Like
# staticcheck.sh, the binary is built once per machine from the Go module proxy into a tools
# folder outside the clone, named after its version and the Go that built it.
#
# Usage: tests/tools/nfpm.sh pkg --config packaging/nfpm.yaml --packager deb --target bin/
set -euo pipefail

NFPM_VERSION=v2.45.2

tools_dir=${GARDEN_TOOLS_DIR:-$HOME/.cache/garden-tools}
bin=$tools_dir/nfpm-$NFPM_VERSION-$(go env GOVERSION)

if [[ ! -x $bin ]]; then
  mkdir -p "$tools_dir"
  echo "building nfpm $NFPM_VERSION into $tools_dir" >&2
  scratch=$(mktemp -d "$tools_dir/.nfpm.XXXXXX")
  trap 'rm -rf "$scratch"' EXIT
  (cd / && GOWORK=off GOFLAGS= CGO_ENABLED=0 GOBIN=$scratch \
    go install -trimpath "github.com/goreleaser/nfpm/v2/cmd/nfpm@$NFPM_VERSION")
  mv "$scratch/nfpm" "$bin"
fi

"$bin" "$@"
