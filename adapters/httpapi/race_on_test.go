//go:build race

package httpapi_test

// raceDetector is true when the tests run under -race, where the pure-Go SQLite driver runs
// some 20 times slower: load-shaped tests shrink their data, not their shape.
const raceDetector = true
