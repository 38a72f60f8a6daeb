//go:build !race

package httpapi_test

// raceDetector is true when the tests run under -race (see race_on_test.go).
const raceDetector = false
