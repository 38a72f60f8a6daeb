package domain

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// JobSchedule is when a scheduled job runs. Cron has six fields with seconds first
// ("0 30 1 * * *" is daily at 01:30), so the minute is the 2nd field and the hour the 3rd
// (spec 01 §3).
type JobSchedule struct {
	Job       string
	Enabled   bool
	Cron      string
	UpdatedAt time.Time
}

// JobRun is one recorded run of a job.
type JobRun struct {
	ID         int64
	Job        string
	Trigger    string // "schedule", "manual" or "cli"
	StartedAt  time.Time
	FinishedAt *time.Time
	Success    bool
	Counts     map[string]int
	Message    string
	// Done and Total report a running job's progress.
	Done, Total int
	// Details are the lines of a manual run's report; they are not stored.
	Details []JobDetail
}

// Running reports whether the run has not finished.
func (r *JobRun) Running() bool { return r.FinishedAt == nil }

// Job triggers.
const (
	TriggerSchedule = "schedule"
	TriggerManual   = "manual"
	TriggerCLI      = "cli"
)

// MsgBadDailyTime answers a daily time that is not HH:MM.
const MsgBadDailyTime = "Time must be HH:MM in 24-hour form, for example 01:30"

// DailyCron turns "HH:MM" into a six-field cron expression running daily at that time.
func DailyCron(hhmm string) (string, error) {
	h, m, ok := parseHHMM(hhmm)
	if !ok {
		return "", &Error{Code: EInvalid, Message: MsgBadDailyTime, Fields: map[string]string{"time": MsgBadDailyTime}}
	}
	return fmt.Sprintf("0 %d %d * * *", m, h), nil
}

// DailyTime reads "HH:MM" back from a daily cron expression made by DailyCron; ok is false
// for other expressions.
func DailyTime(cron string) (string, bool) {
	f := strings.Fields(cron)
	if len(f) != 6 || f[0] != "0" || f[3] != "*" || f[4] != "*" || f[5] != "*" {
		return "", false
	}
	m, err1 := strconv.Atoi(f[1])
	h, err2 := strconv.Atoi(f[2])
	if err1 != nil || err2 != nil || h < 0 || h > 23 || m < 0 || m > 59 {
		return "", false
	}
	return fmt.Sprintf("%02d:%02d", h, m), true
}

func parseHHMM(s string) (h, m int, ok bool) {
	s = strings.TrimSpace(s)
	if len(s) != 5 || s[2] != ':' {
		return 0, 0, false
	}
	h, err1 := strconv.Atoi(s[:2])
	m, err2 := strconv.Atoi(s[3:])
	if err1 != nil || err2 != nil || h < 0 || h > 23 || m < 0 || m > 59 {
		return 0, 0, false
	}
	return h, m, true
}

// JobDetail is one line of a run's report, such as one imported product.
type JobDetail struct {
	Name    string
	Status  string
	Message string
}
