#!/usr/bin/env bash
# Builds the MinIO server used by the blob contract tests (adapters/blob/s3) from the Go module
# proxy: it is the only registry CI can reach, there is no Debian package, and release tags
# answer 403, so we pin the one pseudo-version the proxy serves. The binary lives in a tools
# folder outside the clone so a machine builds it once (about 5 minutes cold, 150 MB).
#
# Idempotent: when the binary exists and the stamp file next to it names the pinned version,
# it does nothing. Usage: tests/minio/install.sh   (GARDEN_TOOLS_DIR overrides the folder)
set -euo pipefail

MINIO_MODULE=github.com/minio/minio
# What `go list -m github.com/minio/minio@latest` resolved to when this was written (a commit
# of 2026-02-12). Bump deliberately, never float, so every machine tests the same server.
MINIO_VERSION=v0.0.0-20260212201848-7aac2a2c5b7c

tools_dir=${GARDEN_TOOLS_DIR:-$HOME/.cache/garden-tools}
bin=$tools_dir/minio
stamp=$tools_dir/minio.version

if [[ -x $bin && -f $stamp && "$(cat "$stamp")" == "$MINIO_VERSION" ]]; then
  echo "minio $MINIO_VERSION already installed at $bin"
  exit 0
fi

mkdir -p "$tools_dir"
echo "building minio $MINIO_VERSION into $tools_dir (takes several minutes the first time)"
start=$(date +%s)
# The stamp goes first so an interrupted build is never mistaken for a finished one; it is
# rewritten only after go install succeeds. GOWORK/GOFLAGS are cleared so a surrounding
# workspace or -mod flag cannot change what gets built; CGO is off for a static binary.
rm -f "$stamp"
(
  cd /
  GOWORK=off GOFLAGS= CGO_ENABLED=0 GOBIN=$tools_dir \
    go install -trimpath "$MINIO_MODULE@$MINIO_VERSION"
)
echo "$MINIO_VERSION" >"$stamp"
echo "minio built in $(($(date +%s) - start)) s: $("$bin" --version | head -1)"
