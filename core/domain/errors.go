// Package domain holds Garden's entities, value types and pure rules. It imports only the
// standard library and never reads the clock or a random source: callers pass time in.
package domain

import (
	"errors"
	"fmt"
	"time"
)

// Error codes. Each maps to one HTTP status in adapters/httpapi and to one exit path in the CLI.
const (
	EInvalid      = "invalid"
	EUnauthorized = "unauthorized"
	EForbidden    = "forbidden"
	ENotFound     = "not_found"
	EConflict     = "conflict"
	ELimitReached = "limit_reached"
	ETooLarge     = "too_large"
	ERateLimited  = "rate_limited"
	EUnavailable  = "unavailable"
	// EBusy: the database could not take the write in time (another writer held it); nothing
	// changed and the same request may be sent again after RetryAfter.
	EBusy     = "busy"
	EInternal = "internal"
)

// MsgBusy answers a write the database could not take in time.
const MsgBusy = "The server is busy. Please try again in a moment."

// BusyRetryAfter is when a caller refused with EBusy is told to try again.
const BusyRetryAfter = 2 * time.Second

// ErrBusy returns the busy error, with cause (the driver's) kept for the log.
func ErrBusy(cause error) *Error {
	return &Error{Code: EBusy, Message: MsgBusy, RetryAfter: BusyRetryAfter, Cause: cause}
}

// Error is an application error whose Message is safe to show to the person who caused it.
type Error struct {
	Code    string
	Message string
	// Fields maps an input field name to its validation message.
	Fields map[string]string
	// RetryAfter tells a rate-limited caller when to try again.
	RetryAfter time.Duration
	// Cause is the detail behind Message for the server's log (a resolver's address, a
	// driver's text); it is never shown to the caller.
	Cause error
}

func (e *Error) Error() string { return e.Message }

// Unwrap returns the cause, so errors.Is and errors.As see through an Error.
func (e *Error) Unwrap() error { return e.Cause }

// ErrorDetail is err's text with its cause, for logs: a domain Error shows only its message to
// callers but its cause here.
func ErrorDetail(err error) string {
	var e *Error
	if errors.As(err, &e) && e.Cause != nil {
		return e.Message + ": " + e.Cause.Error()
	}
	if err == nil {
		return ""
	}
	return err.Error()
}

// Errorf returns an *Error with the given code and formatted message.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// ErrorCode returns the code of err, or EInternal when err is not an *Error.
func ErrorCode(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return EInternal
}

// ErrorMessage returns the user-facing message of err; internal errors get a generic text so that
// no driver or stack detail leaks.
func ErrorMessage(err error) string {
	var e *Error
	if errors.As(err, &e) && e.Code != EInternal {
		return e.Message
	}
	return "Internal error."
}

// Validation collects field messages and turns them into one invalid error.
type Validation struct {
	fields map[string]string
	first  string
}

// Add records msg for field unless that field already has a message.
func (v *Validation) Add(field, msg string) {
	if v.fields == nil {
		v.fields = map[string]string{}
	}
	if _, ok := v.fields[field]; ok {
		return
	}
	v.fields[field] = msg
	if v.first == "" {
		v.first = msg
	}
}

// Err returns nil when nothing was added, else an invalid error whose message is the first
// problem found (the page shows it) and whose Fields hold every problem.
func (v *Validation) Err() error {
	if len(v.fields) == 0 {
		return nil
	}
	return &Error{Code: EInvalid, Message: v.first, Fields: v.fields}
}
