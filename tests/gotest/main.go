// Command gotest turns `go test -json` output into a short report: failures in full, notices
// the suites print (such as how many PostgreSQL contract tests ran), one line per package, and
// a closing "go: N passed, N failed, N skipped" line. With CI=true a skipped test fails the run,
// because a suite that silently skips in CI tests nothing. With GARDEN_TEST_FAILURES set, the
// names of the failed tests (and of packages that failed outside a test, such as a build error
// or a panic in TestMain) are written there, one per line, for the closing summary of `make test`.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
)

type event struct {
	Action  string
	Package string
	Test    string
	Output  string
	Elapsed float64
}

type counts struct{ passed, failed, skipped int }

func main() {
	ci := os.Getenv("CI") == "true"
	outputs := map[string][]string{} // package/test -> output lines
	perPkg := map[string]*counts{}
	var total counts
	var skipped, failedPkgs, failedTests []string
	var notices []string
	why := map[string][]string{} // failed package/test -> what its output says went wrong

	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 1024*1024), 16*1024*1024)
	for sc.Scan() {
		line := sc.Bytes()
		var e event
		if err := json.Unmarshal(line, &e); err != nil {
			fmt.Println(string(line)) // build errors arrive as plain text
			continue
		}
		key := e.Package + " " + e.Test
		pc := perPkg[e.Package]
		if pc == nil {
			pc = &counts{}
			perPkg[e.Package] = pc
		}
		switch e.Action {
		case "output":
			outputs[key] = append(outputs[key], e.Output)
			if e.Test == "" && (strings.HasPrefix(e.Output, "NOTICE") || strings.Contains(e.Output, "contract:") || strings.HasPrefix(e.Output, "FAIL:")) {
				notices = append(notices, strings.TrimSpace(e.Output))
			}
		case "pass", "fail", "skip":
			if e.Test == "" {
				if e.Action == "fail" {
					failedPkgs = append(failedPkgs, e.Package)
					fmt.Printf("--- package %s failed:\n%s", e.Package, strings.Join(outputs[key], ""))
				} else {
					fmt.Printf("ok   %-60s %6.2fs  %d tests\n", e.Package, e.Elapsed, pc.passed)
				}
				continue
			}
			switch e.Action {
			case "pass":
				pc.passed++
				total.passed++
			case "fail":
				pc.failed++
				total.failed++
				failedTests = append(failedTests, e.Package+" "+e.Test)
				why[e.Package+" "+e.Test] = reasons(outputs[key])
				fmt.Printf("--- FAIL %s %s\n%s", e.Package, e.Test, strings.Join(outputs[key], ""))
			case "skip":
				pc.skipped++
				total.skipped++
				reason := ""
				for _, o := range outputs[key] {
					if strings.Contains(o, ".go:") {
						reason = strings.TrimSpace(o)
					}
				}
				skipped = append(skipped, e.Package+" "+e.Test+": "+reason)
			}
			delete(outputs, key)
		}
	}
	for _, n := range notices {
		fmt.Println(n)
	}
	sort.Strings(skipped)
	for _, s := range skipped {
		fmt.Println("skipped:", s)
	}
	fmt.Printf("go: %d passed, %d failed, %d skipped\n", total.passed, total.failed, total.skipped)
	if path := os.Getenv("GARDEN_TEST_COUNTS"); path != "" {
		_ = os.WriteFile(path, []byte(fmt.Sprintf("%d %d %d\n", total.passed, total.failed, total.skipped)), 0o644)
	}
	if path := os.Getenv("GARDEN_TEST_FAILURES"); path != "" {
		_ = os.WriteFile(path, []byte(failureList(failedTests, failedPkgs, why)), 0o644)
	}
	switch {
	case total.failed > 0 || len(failedPkgs) > 0:
		os.Exit(1)
	case ci && total.skipped > 0:
		fmt.Println("CI=true: skipped tests count as failures here")
		os.Exit(1)
	}
}

// failureList names each failed test, and each failed package none of whose tests failed (it
// failed to build, panicked outside a test, or a test binary timed out); a parent test whose
// subtest failed is left out, since the subtest's name says more. Under each test's name come
// the lines its output says went wrong (see reasons), indented by two spaces, which the
// closing summary (tests/tools/test-summary.sh) prints beneath the name.
func failureList(tests, pkgs []string, why map[string][]string) string {
	var b strings.Builder
	named := map[string]bool{}
	for _, t := range tests {
		named[strings.SplitN(t, " ", 2)[0]] = true
	}
	for _, t := range tests {
		parent := false
		for _, other := range tests {
			if strings.HasPrefix(other, t+"/") {
				parent = true
				break
			}
		}
		if !parent {
			b.WriteString(t + "\n")
			for _, line := range why[t] {
				b.WriteString("  " + line + "\n")
			}
		}
	}
	for _, p := range pkgs {
		if !named[p] {
			b.WriteString(p + " (the package failed outside its tests: build error, panic or timeout)\n")
		}
	}
	return b.String()
}

// reasons is the first three lines of a failed test's output that a t.Error or t.Fatal wrote
// (they start with the file and line, "store_test.go:42: "), 240 characters at most each.
func reasons(output []string) []string {
	var out []string
	for _, o := range output {
		line := strings.TrimSpace(o)
		if !strings.Contains(line, ".go:") || strings.HasPrefix(line, "---") || strings.HasPrefix(line, "===") {
			continue
		}
		if len(line) > 240 {
			line = line[:239] + "…"
		}
		out = append(out, line)
		if len(out) == 3 {
			break
		}
	}
	return out
}
