package httpapi

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// notificationRoutes are the notification calls of spec 01 §7 and spec 02 §7, and ours for
// Web Push, ntfy and unread counts (docs/api.md, "Notifications"). Writes are gated by
// site-wide and site maintenance like every other write.
func (s *Server) notificationRoutes() []route {
	return []route{
		{method: "GET", path: "/api/notifications", handler: s.handleListNotifications,
			op: apiOp{summary: "The caller's notifications", out: []notificationJSON{}}},
		{method: "GET", path: "/api/notifications/unread-count", handler: s.handleUnreadCount,
			op: apiOp{summary: "How many notifications are unread", out: unreadCountJSON{}}},
		{method: "PATCH", path: "/api/notifications/{id}/read", access: writes(""), handler: s.handleMarkNotificationRead,
			op: apiOp{summary: "Mark a notification read", out: notificationJSON{}}},
		{method: "POST", path: "/api/notifications/mark-all-read", access: writes(""), handler: s.handleMarkAllNotificationsRead,
			op: apiOp{summary: "Mark every notification read", out: markedReadJSON{}}},
		{method: "POST", path: "/api/notifications/test", access: writes(""), handler: s.handleTestNotification,
			op: apiOp{summary: "Send oneself a test notification on every channel", in: testNotificationInput{}, out: testNotificationJSON{}, status: 201}},
		{method: "GET", path: "/api/notifications/admin", role: domain.RoleSuperadmin, handler: s.handleAdminNotifications,
			op: apiOp{summary: "The console's history, newest first", out: []adminNotificationJSON{}, page: true}},
		{method: "GET", path: "/api/notifications/audience", role: domain.RoleSuperadmin, handler: s.handleNotificationAudience,
			op: apiOp{summary: "How many active users a notification would reach now (superadmin)", out: audienceJSON{}, query: []string{"targetType: global, site or user", "targetId: the site's or user's id"}}},
		{method: "POST", path: "/api/notifications/send", access: writes(""), role: domain.RoleSuperadmin, handler: s.handleSendNotification,
			op: apiOp{summary: "Send a notification to users (superadmin)", in: sendNotificationRequest{}, out: adminNotificationJSON{}, status: 201}},
		{method: "DELETE", path: "/api/notifications/{id}", access: writes(""), role: domain.RoleSuperadmin, handler: s.handleDeleteNotification,
			op: apiOp{summary: "Delete a notification"}},
		{method: "GET", path: "/api/notifications/vapid-public-key", handler: s.handleVAPIDPublicKey,
			op: apiOp{summary: "The Web Push public key", out: pushKeyJSON{}}},
		{method: "GET", path: "/api/notifications/devices", handler: s.handleListDevices,
			op: apiOp{summary: "The caller's push devices", out: []deviceJSON{}}},
		{method: "POST", path: "/api/notifications/register-device", access: writes(""), handler: s.handleRegisterDevice,
			op: apiOp{summary: "Register a push device (201 new, 200 known)", in: registerDeviceRequest{}, out: deviceJSON{}, status: 201, also: []int{200}}},
		{method: "DELETE", path: "/api/notifications/devices/{id}", access: writes(""), handler: s.handleDeleteDevice,
			op: apiOp{summary: "Forget a push device"}},
		{method: "DELETE", path: "/api/notifications/devices", access: writes(""), handler: s.handleDeleteDeviceByPlayerID,
			op: apiOp{summary: "Forget the push device of a player id", query: []string{"playerId: the device's player id"}}},
		{method: "GET", path: "/api/notifications/channels", handler: s.handleGetChannels,
			op: apiOp{summary: "The caller's notification channels", out: channelsJSON{}}},
		{method: "PUT", path: "/api/notifications/channels", access: writes(""), handler: s.handlePutChannels,
			op: apiOp{summary: "Set the caller's notification channels", in: channelsInput{}, out: channelsJSON{}}},
	}
}

// notificationJSON is a notification in the bell dropdown (spec 01 §3).
type notificationJSON struct {
	ID        int64          `json:"id"`
	Title     string         `json:"title"`
	Content   string         `json:"content"`
	CreatedAt time.Time      `json:"createdAt"`
	IsRead    bool           `json:"isRead"`
	ReadAt    *time.Time     `json:"readAt"`
	Data      map[string]any `json:"data"`
}

// localizedNotificationJSON writes the server's own notifications (reminders, weather,
// community) in the reader's language; the stored text is English.
func localizedNotificationJSON(r *http.Request, tr ports.Translator) func(n *domain.UserNotification) notificationJSON {
	return func(n *domain.UserNotification) notificationJSON {
		out := toNotificationJSON(n)
		if n.Kind != domain.KindAdmin {
			out.Title = localize(r, tr, out.Title)
			if !domain.OwnContent(n.Kind) {
				out.Content = localize(r, tr, out.Content)
			}
		}
		return out
	}
}

func toNotificationJSON(n *domain.UserNotification) notificationJSON {
	return notificationJSON{ID: n.ID, Title: n.Title, Content: n.Content, CreatedAt: n.CreatedAt.UTC(), IsRead: n.IsRead(), ReadAt: n.ReadAt, Data: dataJSON(n.Data)}
}

func dataJSON(d map[string]any) map[string]any {
	if d == nil {
		return map[string]any{}
	}
	return d
}

// adminNotificationJSON is a notification in the console's history (spec 02 §3), with who it
// reaches and how many read it.
type adminNotificationJSON struct {
	ID             int64             `json:"id"`
	Title          string            `json:"title"`
	Content        string            `json:"content"`
	TargetType     domain.TargetType `json:"targetType"`
	TargetID       *int64            `json:"targetId"`
	TargetName     string            `json:"targetName"`
	Data           map[string]any    `json:"data"`
	Kind           string            `json:"kind"`
	CreatedAt      time.Time         `json:"createdAt"`
	CreatedBy      *int64            `json:"createdBy"`
	IsRead         bool              `json:"isRead"`
	ReadCount      int               `json:"readCount"`
	RecipientCount int               `json:"recipientCount"`
}

func toAdminNotificationJSON(n *app.AdminNotification) adminNotificationJSON {
	return adminNotificationJSON{ID: n.ID, Title: n.Title, Content: n.Content, TargetType: n.TargetType, TargetID: n.TargetID,
		TargetName: n.TargetName, Data: dataJSON(n.Data), Kind: n.Kind, CreatedAt: n.CreatedAt.UTC(), CreatedBy: n.CreatedBy,
		IsRead: n.IsRead, ReadCount: n.ReadCount, RecipientCount: n.RecipientCount}
}

func (s *Server) handleListNotifications(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{}, func(request[noBody]) ([]*domain.UserNotification, error) {
		return s.svc.Notifications.List(r.Context(), p)
	}, each(localizedNotificationJSON(r, s.tr)))
}

func (s *Server) handleUnreadCount(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{}, func(request[noBody]) (int, error) {
		return s.svc.Notifications.UnreadCount(r.Context(), p)
	}, func(n int) map[string]int { return map[string]int{"count": n} })
}

// oneNotification reads the {id} of a notification; a malformed one is that notification not found.
var oneNotification = endpoint{id: true, idNotFound: domain.MsgNotificationNotFound}

func (s *Server) handleMarkNotificationRead(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleByID(s, w, r, p, oneNotification, s.svc.Notifications.MarkRead, localizedNotificationJSON(r, s.tr))
}

func (s *Server) handleMarkAllNotificationsRead(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{}, func(request[noBody]) (int, error) {
		return s.svc.Notifications.MarkAllRead(r.Context(), p)
	}, func(n int) map[string]any { return map[string]any{"success": true, "marked": n} })
}

// handleAdminNotifications answers a page of the console's history, newest first (docs/api.md,
// "Lists and pagination").
func (s *Server) handleAdminNotifications(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handlePage(s, w, r, p, endpoint{}, func(_ request[noBody], page domain.PageRequest) (domain.Page[*app.AdminNotification], error) {
		return s.svc.Notifications.AdminList(r.Context(), p, page)
	}, toAdminNotificationJSON)
}

// audienceJSON is how many active users a notification would reach if sent now.
type audienceJSON struct {
	RecipientCount int `json:"recipientCount"`
}

// handleNotificationAudience counts, in SQL, the active users a notification to ?targetType=
// (global, site, user) and ?targetId= would reach now: the send form shows it instead of
// reading every user.
func (s *Server) handleNotificationAudience(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{}, func(request[noBody]) (audienceJSON, error) {
		q := r.URL.Query()
		t, err := domain.ParseTargetType(q.Get("targetType"))
		if err != nil {
			return audienceJSON{}, err
		}
		n := &domain.Notification{TargetType: t}
		if v := strings.TrimSpace(q.Get("targetId")); v != "" && t != domain.TargetGlobal {
			id, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				return audienceJSON{}, &domain.Error{Code: domain.EInvalid, Message: "targetId must be a number", Fields: map[string]string{"targetId": "targetId must be a number"}}
			}
			n.TargetID = &id
		}
		count, err := s.svc.Notifications.Audience(r.Context(), p, n)
		return audienceJSON{RecipientCount: count}, err
	}, asIs[audienceJSON])
}

// flexID is an id the page may send as a number, a numeric string (a select's value), null or
// "" (none chosen).
type flexID struct {
	Value *int64
	Bad   bool
}

// UnmarshalJSON implements json.Unmarshaler.
func (f *flexID) UnmarshalJSON(b []byte) error {
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	switch x := v.(type) {
	case nil:
	case float64:
		if id := int64(x); float64(id) == x {
			f.Value = &id
		} else {
			f.Bad = true
		}
	case string:
		if strings.TrimSpace(x) == "" {
			return nil
		}
		if id, err := strconv.ParseInt(strings.TrimSpace(x), 10, 64); err == nil {
			f.Value = &id
		} else {
			f.Bad = true
		}
	default:
		f.Bad = true
	}
	return nil
}

type sendNotificationRequest struct {
	Title      string          `json:"title"`
	Content    string          `json:"content"`
	TargetType string          `json:"targetType"`
	TargetID   flexID          `json:"targetId"`
	Data       json.RawMessage `json:"data"`
}

// maxNotificationData bounds the free record a notification carries.
const maxNotificationData = 8 << 10

// notification is the domain notification the send form describes, or its field errors.
func (in *sendNotificationRequest) notification() (*domain.Notification, error) {
	var f fieldErrors
	n := &domain.Notification{Title: in.Title, Content: in.Content, TargetType: domain.TargetType(strings.ToLower(strings.TrimSpace(in.TargetType))), TargetID: in.TargetID.Value}
	if in.TargetID.Bad {
		f.v.Add("targetId", "targetId must be a number")
	}
	if raw := bytes.TrimSpace(in.Data); len(raw) > 0 && !bytes.Equal(raw, []byte("null")) {
		if len(raw) > maxNotificationData {
			f.v.Add("data", "Data is too large (at most 8 KiB)")
		} else if err := json.Unmarshal(raw, &n.Data); err != nil || n.Data == nil {
			f.v.Add("data", "data must be an object")
		}
	}
	return n, f.err()
}

func (s *Server) handleSendNotification(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	// The caller's rights come first (the route's role), so that nobody else learns what the form would say.
	handleJSON(s, w, r, p, endpoint{status: http.StatusCreated}, func(q request[sendNotificationRequest]) (*app.AdminNotification, error) {
		n, err := q.in.notification()
		if err != nil {
			return nil, err
		}
		return s.svc.Notifications.Send(r.Context(), p, n)
	}, toAdminNotificationJSON)
}

func (s *Server) handleDeleteNotification(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleNoContentByID(s, w, r, p, oneNotification, s.svc.Notifications.Delete)
}

type channelReportJSON struct {
	Status  string `json:"status"`
	Sent    int    `json:"sent"`
	Failed  int    `json:"failed"`
	Removed int    `json:"removed"`
	Reason  string `json:"reason,omitempty"`
}

// toChannelReportJSON encodes c with its reason written by tr (the request's language).
func toChannelReportJSON(c app.ChannelReport, tr func(string) string) channelReportJSON {
	return channelReportJSON{Status: c.Status, Sent: c.Sent, Failed: c.Failed, Removed: c.Removed, Reason: tr(c.Reason)}
}

// toTestNotificationJSON is the test notification and what each channel did with it.
func toTestNotificationJSON(sent *app.SentNotification, tr func(string) string) map[string]any {
	rep := sent.Report
	return map[string]any{
		"notification": toNotificationJSON(&domain.UserNotification{Notification: *sent.Notification}),
		"channels": map[string]any{
			"inApp": channelReportJSON{Status: app.DeliverySent, Sent: 1},
			"push":  toChannelReportJSON(rep.Push, tr), "email": toChannelReportJSON(rep.Email, tr), "ntfy": toChannelReportJSON(rep.Ntfy, tr),
		},
	}
}

type testNotificationInput struct {
	Type string `json:"type"`
}

func (s *Server) handleTestNotification(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{status: http.StatusCreated}, func(q request[testNotificationInput]) (*app.SentNotification, error) {
		return s.svc.Notifications.SendTest(r.Context(), p, q.in.Type)
	}, func(sent *app.SentNotification) map[string]any {
		out := toTestNotificationJSON(sent, s.translateIn(r))
		out["notification"] = localizedNotificationJSON(r, s.tr)(&domain.UserNotification{Notification: *sent.Notification})
		return out
	})
}

func (s *Server) handleVAPIDPublicKey(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{}, func(request[noBody]) (app.PushKey, error) {
		return s.svc.Notifications.VAPIDPublicKey(r.Context(), p)
	}, func(k app.PushKey) map[string]string {
		return map[string]string{"publicKey": k.PublicKey, "delivery": k.Delivery}
	})
}

type deviceInfoJSON struct {
	UserAgent string `json:"userAgent"`
	Platform  string `json:"platform"`
	Vendor    string `json:"vendor"`
}

// deviceJSON is a registered device (spec 01 §3). Its keys stay on the server.
type deviceJSON struct {
	ID          int64          `json:"id"`
	PlayerID    string         `json:"playerId"`
	DeviceName  string         `json:"deviceName"`
	DeviceInfo  deviceInfoJSON `json:"deviceInfo"`
	PushEnabled bool           `json:"pushEnabled"`
	CreatedAt   time.Time      `json:"createdAt"`
	UpdatedAt   time.Time      `json:"updatedAt"`
}

func toDeviceJSON(d *domain.Device) deviceJSON {
	return deviceJSON{ID: d.ID, PlayerID: d.PlayerID, DeviceName: d.Name, DeviceInfo: deviceInfoJSON(d.Info),
		PushEnabled: d.Subscription.CanPush(), CreatedAt: d.CreatedAt.UTC(), UpdatedAt: d.UpdatedAt.UTC()}
}

// registerDeviceRequest is the spec's {playerId, deviceName, deviceInfo} plus the browser's
// PushSubscription JSON, which carries the keys Web Push needs.
type registerDeviceRequest struct {
	PlayerID     string          `json:"playerId"`
	DeviceName   string          `json:"deviceName"`
	DeviceInfo   json.RawMessage `json:"deviceInfo"`
	Subscription *struct {
		Endpoint string `json:"endpoint"`
		Keys     struct {
			P256dh string `json:"p256dh"`
			Auth   string `json:"auth"`
		} `json:"keys"`
	} `json:"subscription"`
}

func (s *Server) handleRegisterDevice(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	var in registerDeviceRequest
	if err := decodeJSON(w, r, &in); err != nil {
		s.fail(w, r, err)
		return
	}
	d := &domain.Device{PlayerID: in.PlayerID, Name: in.DeviceName}
	// deviceInfo is an object; a bare string is taken as the user agent.
	if raw := bytes.TrimSpace(in.DeviceInfo); len(raw) > 0 && raw[0] == '"' {
		_ = json.Unmarshal(raw, &d.Info.UserAgent)
	} else if len(raw) > 0 && raw[0] == '{' {
		var info deviceInfoJSON
		if err := json.Unmarshal(raw, &info); err != nil {
			s.fail(w, r, &domain.Error{Code: domain.EInvalid, Message: "deviceInfo must be an object", Fields: map[string]string{"deviceInfo": "deviceInfo must be an object"}})
			return
		}
		d.Info = domain.DeviceInfo(info)
	}
	if in.Subscription != nil {
		d.Subscription = domain.PushSubscription{Endpoint: in.Subscription.Endpoint, P256dh: in.Subscription.Keys.P256dh, Auth: in.Subscription.Keys.Auth}
	}
	dev, created, err := s.svc.Notifications.RegisterDevice(r.Context(), p, d)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	writeJSON(w, status, toDeviceJSON(dev))
}

func (s *Server) handleListDevices(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{}, func(request[noBody]) ([]*domain.Device, error) {
		return s.svc.Notifications.Devices(r.Context(), p)
	}, each(toDeviceJSON))
}

// handleDeleteDevice takes the device's id, or its player id (URL-encoded), which is what the
// web app knows of the current browser.
func (s *Server) handleDeleteDevice(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	raw := r.PathValue("id")
	var err error
	if id, perr := strconv.ParseInt(raw, 10, 64); perr == nil && id > 0 {
		err = s.svc.Notifications.RemoveDevice(r.Context(), p, id)
	} else {
		err = s.svc.Notifications.RemoveDeviceByPlayerID(r.Context(), p, raw)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) handleDeleteDeviceByPlayerID(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleNoContent(s, w, r, p, endpoint{}, func(request[noBody]) error {
		playerID := r.URL.Query().Get("playerId")
		if playerID == "" {
			return &domain.Error{Code: domain.EInvalid, Message: domain.MsgDevicePlayerIDRequired, Fields: map[string]string{"playerId": domain.MsgDevicePlayerIDRequired}}
		}
		return s.svc.Notifications.RemoveDeviceByPlayerID(r.Context(), p, playerID)
	})
}

// channelsJSON is the caller's ntfy settings.
type channelsJSON struct {
	NtfyServer        string     `json:"ntfyServer"`
	NtfyTopic         string     `json:"ntfyTopic"`
	NtfyDefaultServer string     `json:"ntfyDefaultServer"`
	NtfyEnabled       bool       `json:"ntfyEnabled"`
	UpdatedAt         *time.Time `json:"updatedAt"`
}

func toChannelsJSON(c domain.NotificationChannels) channelsJSON {
	_, on := c.NtfyTarget()
	out := channelsJSON{NtfyServer: c.NtfyServer, NtfyTopic: c.NtfyTopic, NtfyDefaultServer: domain.DefaultNtfyServer, NtfyEnabled: on}
	if !c.UpdatedAt.IsZero() {
		t := c.UpdatedAt.UTC()
		out.UpdatedAt = &t
	}
	return out
}

func (s *Server) handleGetChannels(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{}, func(request[noBody]) (domain.NotificationChannels, error) {
		return s.svc.Notifications.Channels(r.Context(), p)
	}, toChannelsJSON)
}

type channelsInput struct {
	NtfyServer string `json:"ntfyServer"`
	NtfyTopic  string `json:"ntfyTopic"`
}

func (s *Server) handlePutChannels(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{}, func(q request[channelsInput]) (domain.NotificationChannels, error) {
		return s.svc.Notifications.SetChannels(r.Context(), p, domain.NotificationChannels{NtfyServer: q.in.NtfyServer, NtfyTopic: q.in.NtfyTopic})
	}, toChannelsJSON)
}
