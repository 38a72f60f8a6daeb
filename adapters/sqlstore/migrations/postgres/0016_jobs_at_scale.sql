-- The daily care reminder reads every user's pending tasks up to the day at once
-- (ListTasksDueBy: NOT completed AND scheduled_date <= day, by date): this partial index holds
-- exactly those rows in that order, so the read grows with the pending tasks, not with every
-- task ever done.
CREATE INDEX IF NOT EXISTS care_tasks_open ON care_tasks (scheduled_date) WHERE NOT completed;
