package jobs

import (
	"context"

	"github.com/gardenctl/garden/core/app"
)

// OutboxDispatchName is the outbox dispatcher's name.
const OutboxDispatchName = "outbox-dispatch"

// OutboxDispatchJob is the worker that delivers the outbox: push, e-mail and ntfy deliveries
// written in the transactions of the changes that caused them. Every replica runs it; their
// claims never overlap (PostgreSQL: FOR UPDATE SKIP LOCKED; SQLite: the job lock).
type OutboxDispatchJob struct{ Dispatcher *app.Dispatcher }

// Name implements Worker.
func (OutboxDispatchJob) Name() string { return OutboxDispatchName }

// Run implements Worker.
func (j OutboxDispatchJob) Run(ctx context.Context) { j.Dispatcher.Run(ctx) }
