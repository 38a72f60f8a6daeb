package porttest

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// PushSenderCase is a push sender under test and what the test can see of its push service.
type PushSenderCase struct {
	Sender ports.PushSender
	// Subscribe returns a fresh subscription the sender can deliver to.
	Subscribe func(t *testing.T) domain.PushSubscription
	// Received returns what the device of sub has received so far, decrypted, oldest first; nil
	// when the adapter's deliveries cannot be observed (the log-only sender).
	Received func(t *testing.T, sub domain.PushSubscription) []domain.PushMessage
	// Gone returns a subscription its push service reports gone (HTTP 410); nil when the
	// adapter has no push service.
	Gone func(t *testing.T) domain.PushSubscription
}

// PushSenderFactory returns a fresh case for one test.
type PushSenderFactory func(t *testing.T) PushSenderCase

// RunPushSender runs the push sender contract against senders made by newCase. Every test is
// parallel.
func RunPushSender(t *testing.T, newCase PushSenderFactory) {
	tests := map[string]func(t *testing.T, c PushSenderCase){
		"Delivers":                 testPushDelivers,
		"LargeMessageIsShortened":  testPushLarge,
		"GoneIsNotFound":           testPushGone,
		"NoKeysIsInvalid":          testPushNoKeys,
		"CancelledContextStops":    testPushCancelled,
		"ConcurrentSendsAllArrive": testPushConcurrent,
	}
	for name, fn := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			fn(t, newCase(t))
		})
	}
}

func pushMessage(id int64, title, body string) domain.PushMessage {
	return domain.PushMessage{NotificationID: id, Title: title, Body: body, URL: "/schedule", Tag: fmt.Sprintf("garden-%d", id),
		Data: map[string]any{"type": "care_reminder"}, TTL: time.Hour}
}

func testPushDelivers(t *testing.T, c PushSenderCase) {
	sub := c.Subscribe(t)
	msg := pushMessage(42, "Frost tonight ❄", "Cover the dahlias — and bring the basil in.")
	must(t, c.Sender.Send(context.Background(), sub, msg))
	if c.Received == nil {
		return
	}
	got := c.Received(t, sub)
	if len(got) != 1 {
		t.Fatalf("received %d messages, want 1", len(got))
	}
	r := got[0]
	if r.Title != msg.Title || r.Body != msg.Body || r.URL != msg.URL || r.NotificationID != 42 || r.Tag != msg.Tag || r.Data["type"] != "care_reminder" {
		t.Fatalf("received %+v, want %+v", r, msg)
	}
}

func testPushLarge(t *testing.T, c PushSenderCase) {
	sub := c.Subscribe(t)
	body := strings.Repeat("Water the tomatoes every morning. ", 400)
	must(t, c.Sender.Send(context.Background(), sub, pushMessage(7, "Long", body)))
	if c.Received == nil {
		return
	}
	got := c.Received(t, sub)
	if len(got) != 1 || got[0].Title != "Long" || got[0].Body == "" || !strings.HasPrefix(body, strings.TrimSuffix(got[0].Body, "…")) {
		t.Fatalf("received %+v", got)
	}
}

func testPushGone(t *testing.T, c PushSenderCase) {
	if c.Gone == nil {
		return // a sender without a push service has nothing that can be gone
	}
	err := c.Sender.Send(context.Background(), c.Gone(t), pushMessage(1, "x", "y"))
	mustCode(t, err, domain.ENotFound)
}

func testPushNoKeys(t *testing.T, c PushSenderCase) {
	sub := c.Subscribe(t)
	sub.P256dh, sub.Auth = "", ""
	mustCode(t, c.Sender.Send(context.Background(), sub, pushMessage(1, "x", "y")), domain.EInvalid)
}

func testPushCancelled(t *testing.T, c PushSenderCase) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := c.Sender.Send(ctx, c.Subscribe(t), pushMessage(1, "x", "y"))
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Send with a cancelled context = %v, want context.Canceled", err)
	}
}

func testPushConcurrent(t *testing.T, c PushSenderCase) {
	const n = 8
	subs := make([]domain.PushSubscription, n)
	for i := range subs {
		subs[i] = c.Subscribe(t)
	}
	var wg sync.WaitGroup
	for i := range subs {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			if err := c.Sender.Send(context.Background(), subs[i], pushMessage(int64(i), fmt.Sprintf("m%d", i), "b")); err != nil {
				t.Error(err)
			}
		}(i)
	}
	wg.Wait()
	if c.Received == nil {
		return
	}
	for i, sub := range subs {
		got := c.Received(t, sub)
		if len(got) != 1 || got[0].Title != fmt.Sprintf("m%d", i) {
			t.Errorf("device %d received %+v", i, got)
		}
	}
}
