-- The gardener's day: overdue tasks (pending, scheduled before today) are read for every plant
-- status, the Overdue group and the morning reminder, so they get an index of their own.
-- plants.status is no longer read or written (a plant's status is derived from its care dates
-- and tasks); it keeps its default for older replicas during a rolling upgrade.
CREATE INDEX care_tasks_pending ON care_tasks (user_id, completed, scheduled_date, id);
