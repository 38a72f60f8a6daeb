package httpapi

import "time"

// The types below describe, for the OpenAPI document, answers that their handlers write as
// maps or anonymous structs. The API tests validate every real answer against the document, so
// a handler that drifts from its type here fails them.

type healthJSON struct {
	Status  string `json:"status"`
	Version string `json:"version"`
}

type readyJSON struct {
	Status  string `json:"status"`
	Message string `json:"message,omitempty"`
}

type authCheckJSON struct {
	Authenticated bool `json:"authenticated"`
}

type plantLimitJSON struct {
	Limit        *int `json:"limit"`
	CurrentCount int  `json:"currentCount"`
	CanAddPlant  bool `json:"canAddPlant"`
}

type qrCodeJSON struct {
	QRCodeDataURL string `json:"qrCodeDataUrl"`
	URL           string `json:"url"`
}

type feedURLJSON struct {
	URL string `json:"url"`
}

type imageURLJSON struct {
	ImageURL string `json:"imageUrl"`
}

type deletedCountJSON struct {
	Deleted int `json:"deleted"`
}

type createdCountJSON struct {
	Created int `json:"created"`
}

type unreadCountJSON struct {
	Count int `json:"count"`
}

type markedReadJSON struct {
	Success bool `json:"success"`
	Marked  int  `json:"marked"`
}

type successJSON struct {
	Success bool `json:"success"`
}

type clearedReportsJSON struct {
	Success bool `json:"success"`
	Cleared int  `json:"cleared"`
}

type siteCategoryJSON struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

type maintenanceSiteJSON struct {
	ID                   int64      `json:"id"`
	Name                 string     `json:"name"`
	MaintenanceMessage   string     `json:"maintenanceMessage"`
	MaintenanceStartedAt *time.Time `json:"maintenanceStartedAt"`
}

type maintenanceFunctionJSON struct {
	ID                   int64      `json:"id"`
	Name                 string     `json:"name"`
	DisplayName          string     `json:"displayName"`
	MaintenanceMessage   string     `json:"maintenanceMessage"`
	LastMaintenanceStart *time.Time `json:"lastMaintenanceStart"`
}

type maintenanceStatusJSON struct {
	HasMaintenance     bool                  `json:"hasMaintenance"`
	SitesInMaintenance []maintenanceSiteJSON `json:"sitesInMaintenance"`
	// SitesInMaintenanceCount is how many sites in maintenance concern the caller;
	// sitesInMaintenance lists the first 50 by name.
	SitesInMaintenanceCount int                       `json:"sitesInMaintenanceCount"`
	FunctionsInMaintenance  []maintenanceFunctionJSON `json:"functionsInMaintenance"`
}

type completedTaskJSON struct {
	taskJSON
	NextTask *taskJSON `json:"nextTask"`
}

type remotePlantsJSON struct {
	Data     []remotePlantJSON `json:"data"`
	Failures []failureJSON     `json:"failures"`
}

type importDetailJSON struct {
	Name    string `json:"name"`
	Status  string `json:"status"`
	Message string `json:"message"`
}

type importResultsJSON struct {
	Count   map[string]int     `json:"count"`
	Details []importDetailJSON `json:"details"`
	Message string             `json:"message"`
}

type importRunJSON struct {
	Results importResultsJSON `json:"results"`
}

// importStatusJSON is the latest run, or only running, done and total before the first one.
type importStatusJSON struct {
	ID         int64      `json:"id,omitempty"`
	Running    bool       `json:"running"`
	StartedAt  time.Time  `json:"startedAt,omitempty"`
	FinishedAt *time.Time `json:"finishedAt,omitempty"`
	Done       int        `json:"done"`
	Total      int        `json:"total"`
	Success    bool       `json:"success,omitempty"`
	Message    string     `json:"message,omitempty"`
	Trigger    string     `json:"trigger,omitempty"`
}

type importScheduleJSON struct {
	Enabled  bool       `json:"enabled"`
	CronTime string     `json:"cronTime"`
	Time     string     `json:"time"`
	LastRun  *time.Time `json:"lastRun"`
	NextRun  *time.Time `json:"nextRun"`
}

type importHistoryJSON struct {
	ID         int64          `json:"id"`
	Date       time.Time      `json:"date"`
	FinishedAt *time.Time     `json:"finishedAt"`
	Running    bool           `json:"running"`
	Success    bool           `json:"success"`
	Count      map[string]int `json:"count"`
	Message    string         `json:"message"`
	Trigger    string         `json:"trigger"`
}

type dashboardRemindersJSON struct {
	Watering    []reminderJSON `json:"watering"`
	Fertilizing []reminderJSON `json:"fertilizing"`
	Repotting   int            `json:"repotting"`
	Overdue     int            `json:"overdue"`
}

type dashboardWeekJSON struct {
	Start      string `json:"start"`
	End        string `json:"end"`
	WeekNumber int    `json:"weekNumber"`
}

type dashboardSummaryJSON struct {
	Today        string                 `json:"today"`
	Reminders    dashboardRemindersJSON `json:"reminders"`
	Due          dueCountsJSON          `json:"due"`
	StatusCounts map[string]int         `json:"statusCounts"`
	Stats        map[string]statsJSON   `json:"stats"`
	Week         dashboardWeekJSON      `json:"week"`
}

type pushKeyJSON struct {
	PublicKey string `json:"publicKey"`
	Delivery  string `json:"delivery"`
}

type testNotificationJSON struct {
	Notification notificationJSON             `json:"notification"`
	Channels     map[string]channelReportJSON `json:"channels"`
}

type questionTagJSON struct {
	Tag   string `json:"tag"`
	Count int    `json:"count"`
}

type reviewStateJSON struct {
	ID       int64 `json:"id"`
	InReview bool  `json:"inReview"`
}

type likeJSON struct {
	ID    int64 `json:"id"`
	Liked bool  `json:"liked"`
	Likes int   `json:"likes"`
}

type reportCreatedJSON struct {
	ID        int64     `json:"id"`
	PostID    int64     `json:"postId"`
	Reason    string    `json:"reason"`
	CreatedAt time.Time `json:"createdAt"`
}

type watchJSON struct {
	TopicID int64  `json:"topicId"`
	Level   string `json:"level"`
}
