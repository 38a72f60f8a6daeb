#!/usr/bin/env bash
# The closing lines of `make test`: the total when every step passed; otherwise each failed step
# with the names of its failed tests, so the last lines of a CI log say what broke and where.
# $1 is the folder with the steps' files (the Makefile's bin/).
set -u
dir=${1:-bin}
label() {
  case $1 in
    lint) echo "lint (gofmt, go vet, staticcheck, tsc, eslint)" ;;
    fuzz) echo "Go fuzz targets" ;;
    go) echo "Go tests" ;;
    web) echo "web unit tests (Vitest, the clock years ahead under faketime)" ;;
    browser) echo "browser tests (Playwright + Chromium)" ;;
    bundle) echo "bundle (first-load budget)" ;;
    *) echo "$1" ;;
  esac
}
count() { [ -f "$dir/test-counts-$1.txt" ] && cat "$dir/test-counts-$1.txt" || echo "0 0 0"; }
read -r gp gf _ <<<"$(count go)"
read -r wp wf _ <<<"$(count web)"
read -r ep ef _ <<<"$(count e2e)"
echo "Go $gp, web $wp, end-to-end $ep tests passed"
echo "all: $((gp + wp + ep)) passed, $((gf + wf + ef)) failed"
[ -s "$dir/test-failed-steps.txt" ] || exit 0

echo
echo "make test FAILED (order seed ${SEED:-?}; replay with: make test SEED=${SEED:-N})"
while read -r step; do
  echo "failed step: $(label "$step")"
  file="$dir/test-failures-$step.txt"
  if [ -s "$file" ]; then
    # Tests that did not run because an earlier one failed (Playwright skips a project whose
    # dependency failed) are one line, so the tests that did fail stay in the log's last lines.
    # A line that starts with two spaces says why the test above it failed (its error's first
    # lines); it is printed under the test's name and does not count as a test.
    notrun=$(grep -c '^skipped in CI: ' "$file")
    [ "$notrun" -gt 0 ] && echo "  $notrun tests did not run (skipped after a failure; names in $file)"
    total=$(grep -v '^skipped in CI: ' "$file" | grep -vc '^  ')
    grep -v '^skipped in CI: ' "$file" | awk -v max=25 '
      /^  / { if (n <= max) print "    " substr($0, 3); next }
      { n++; if (n <= max) print "  ✗ " $0 }'
    [ "$total" -gt 25 ] && echo "  … and $((total - 25)) more ($file)"
  else
    echo "  (no test names: the step failed before or outside its tests; its own output is above)"
  fi
done <"$dir/test-failed-steps.txt"
exit 1
