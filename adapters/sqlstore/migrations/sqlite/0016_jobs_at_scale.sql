-- The daily care reminder reads every user's tasks of the day and pending tasks at once
-- (ListTasksDueBy: scheduled_date = day OR (NOT completed AND scheduled_date < day)): each arm
-- of the OR has its index, so the read grows with the tasks due, not with the whole table.
CREATE INDEX IF NOT EXISTS care_tasks_scheduled ON care_tasks (scheduled_date);
CREATE INDEX IF NOT EXISTS care_tasks_open ON care_tasks (scheduled_date) WHERE NOT completed;
