package main

import "testing"

func TestFailureList_NamesLeafTestsAndPackagesThatFailedOutsideTests(t *testing.T) {
	got := failureList(
		[]string{"pkg/a TestParent/leaf", "pkg/a TestParent", "pkg/a TestAlone"},
		[]string{"pkg/a", "pkg/b"},
	)
	want := "pkg/a TestParent/leaf\npkg/a TestAlone\npkg/b (the package failed outside its tests: build error, panic or timeout)\n"
	if got != want {
		t.Fatalf("failureList:\n%s\nwant:\n%s", got, want)
	}
}
