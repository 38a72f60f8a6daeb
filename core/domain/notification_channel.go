package domain

import (
	"strings"
	"time"
)

// NotificationChannels are a user's settings for channels beyond the app and Web Push: an
// ntfy server and topic. An empty topic turns ntfy off.
type NotificationChannels struct {
	// NtfyServer is the ntfy server's base URL; empty means DefaultNtfyServer.
	NtfyServer string
	NtfyTopic  string
	UpdatedAt  time.Time
}

// DefaultNtfyServer is the public ntfy server, used when a user gives a topic but no server.
const DefaultNtfyServer = "https://ntfy.sh"

// Channel settings messages (ours).
const (
	MsgNtfyTopic    = "Topic may use only letters, digits, - and _ (at most 64 characters)"
	maxNtfyTopicLen = 64
	maxNtfyURLLen   = 500
)

// NtfyTarget returns where ntfy messages go, and false when ntfy is off.
func (c NotificationChannels) NtfyTarget() (NtfyTarget, bool) {
	if c.NtfyTopic == "" {
		return NtfyTarget{}, false
	}
	server := c.NtfyServer
	if server == "" {
		server = DefaultNtfyServer
	}
	return NtfyTarget{Server: server, Topic: c.NtfyTopic}, true
}

// NtfyTarget is one ntfy topic on one server.
type NtfyTarget struct {
	Server string
	Topic  string
}

// ValidateNotificationChannels normalises c (trimmed, no trailing slash on the server) and
// checks it: the server is empty or an absolute http(s) URL without credentials, query or
// fragment; the topic is empty or up to 64 letters, digits, '-' and '_' (ntfy's own rule).
func ValidateNotificationChannels(c *NotificationChannels) error {
	var v Validation
	c.NtfyServer = strings.TrimRight(strings.TrimSpace(c.NtfyServer), "/")
	c.NtfyTopic = strings.TrimSpace(c.NtfyTopic)
	if c.NtfyServer != "" {
		u, ok := ParseAbsoluteURL(c.NtfyServer)
		if !ok || (u.Scheme != "http" && u.Scheme != "https") || u.HasUser ||
			strings.ContainsAny(c.NtfyServer, "?#") || len(c.NtfyServer) > maxNtfyURLLen {
			v.Add("ntfyServer", MsgInvalidURL)
		}
	}
	if c.NtfyTopic != "" {
		ok := len(c.NtfyTopic) <= maxNtfyTopicLen
		for _, r := range c.NtfyTopic {
			if !(r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
				ok = false
			}
		}
		if !ok {
			v.Add("ntfyTopic", MsgNtfyTopic)
		}
	}
	return v.Err()
}

// DeliveryPlan says which channels beyond the app a notification takes to one user. In-app is
// not in it: every notification is stored for the app first, whatever the preferences.
type DeliveryPlan struct {
	Push  bool // to each of the user's devices, if any
	Email bool
	Ntfy  bool
}

// PlanDelivery applies u's preferences (spec 02 §3): nothing beyond the app for a deactivated
// user or one who turned notifications off (preferences.notifications); push unless the push
// preference is false (undecided counts as yes: a registered device means the browser granted
// permission); e-mail when the email preference is on and the user has an address; ntfy when a
// topic is set.
func PlanDelivery(u *User, c NotificationChannels) DeliveryPlan {
	if !u.IsActive || !u.NotificationsEnabled {
		return DeliveryPlan{}
	}
	_, ntfy := c.NtfyTarget()
	return DeliveryPlan{
		Push:  u.NotificationPrefs.Push == nil || *u.NotificationPrefs.Push,
		Email: u.NotificationPrefs.Email && u.Email != "",
		Ntfy:  ntfy,
	}
}

// PushMessage is what a push or ntfy message says: the notification's title and content, and
// where clicking it leads.
type PushMessage struct {
	NotificationID int64
	Title          string
	Body           string
	// URL is a path of the web app ("/schedule") or an absolute URL.
	URL  string
	Data map[string]any
	// Tag groups messages that replace each other on the device (one care reminder a day).
	Tag string
	// TTL is how long the push service keeps the message for an offline device.
	TTL time.Duration
}

// NotificationURL is the app path a notification leads to: its data's "url" when that is a
// path of the app, else "/".
func NotificationURL(n *Notification) string {
	if s, ok := n.Data["url"].(string); ok && strings.HasPrefix(s, "/") && !strings.HasPrefix(s, "//") && !hasControl(s) {
		return s
	}
	return "/"
}

// EmailMessage is one plain-text e-mail.
type EmailMessage struct {
	To      string
	ToName  string
	Subject string
	Body    string
}
