// Package jobs will hold Garden's scheduled-job runner (gocron v2) and its job plugins:
// catalogue import, care reminders, listing expiry and expired-session cleanup. Each plugin
// calls core/app; the runner records every run and, with PostgreSQL, takes a distributed lock so
// that one replica runs each tick. The runner arrives with the plant-database issue; the
// package exists now so that the layout of DESIGN.md is complete and its import rules are
// checked from the start.
package jobs
