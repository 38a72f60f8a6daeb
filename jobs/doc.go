// Package jobs is Garden's scheduled-job runner and its job plugins. A plugin says its name,
// its default schedule and how to run; the runner schedules it with gocron, runs it, and
// records every run (start, end, success, counts, message) in storage.
//
// Replicas sharing one database cooperate in two ways: a scheduled run first claims its tick
// (job + scheduled minute) in storage, so each tick runs once however many replicas fire, and
// every run holds the job's lock (a PostgreSQL advisory lock; in-process for SQLite), so runs
// of one job never overlap, manual ones included. Schedules live in storage; each runner
// re-reads them every minute, and at once on the replica where they were changed.
package jobs
