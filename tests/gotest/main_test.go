package main

import (
	"reflect"
	"testing"
)

func TestFailureList_NamesLeafTestsAndPackagesThatFailedOutsideTests(t *testing.T) {
	got := failureList(
		[]string{"pkg/a TestParent/leaf", "pkg/a TestParent", "pkg/a TestAlone"},
		[]string{"pkg/a", "pkg/b"},
		map[string][]string{"pkg/a TestAlone": {"alone_test.go:12: got 3, want 4"}},
	)
	want := "pkg/a TestParent/leaf\npkg/a TestAlone\n  alone_test.go:12: got 3, want 4\npkg/b (the package failed outside its tests: build error, panic or timeout)\n"
	if got != want {
		t.Fatalf("failureList:\n%s\nwant:\n%s", got, want)
	}
}

func TestReasons_KeepsTheFirstThreeErrorLinesOfATest(t *testing.T) {
	output := []string{
		"=== RUN   TestX\n",
		"    x_test.go:10: first\n",
		"some log line\n",
		"    x_test.go:11: second\n",
		"    x_test.go:12: third\n",
		"    x_test.go:13: fourth\n",
		"--- FAIL: TestX (0.00s)\n",
	}
	want := []string{"x_test.go:10: first", "x_test.go:11: second", "x_test.go:12: third"}
	if got := reasons(output); !reflect.DeepEqual(got, want) {
		t.Fatalf("reasons = %q, want %q", got, want)
	}
}
