-- Scheduled jobs: their schedules, and one row per run. A scheduled run claims its tick with
-- the unique (job, tick) pair, so replicas sharing the database run each tick once.
CREATE TABLE job_schedules (
    job        TEXT PRIMARY KEY,
    enabled    BOOLEAN NOT NULL,
    cron       TEXT NOT NULL,
    updated_at DATETIME NOT NULL
);

CREATE TABLE job_runs (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    job         TEXT NOT NULL,
    tick        TEXT NOT NULL,
    trigger     TEXT NOT NULL,
    started_at  DATETIME NOT NULL,
    finished_at DATETIME,
    success     BOOLEAN NOT NULL DEFAULT 0,
    counts      TEXT NOT NULL DEFAULT '{}',
    message     TEXT NOT NULL DEFAULT '',
    done        INTEGER NOT NULL DEFAULT 0,
    total       INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX job_runs_tick ON job_runs (job, tick);
CREATE INDEX job_runs_job_started ON job_runs (job, started_at);
