// Command baseline is the yardstick of the load harness (tests/load/bench.sh): a bare net/http
// server with the same database driver that answers GET /api/plants exactly as gardenctl does
// — the same session check (token hash, not revoked, not expired, user active) and
// byte-identical JSON — with nothing else: no router, no middleware, no layers. The harness
// compares gardenctl against it on the same data, so the ratio measures what the application's
// structure costs.
package main

import (
	"bytes"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"flag"
	"log"
	"net/http"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"
	_ "modernc.org/sqlite"
)

// plant mirrors the wire type of adapters/httpapi (docs/api.md); the harness checks the bytes.
type plant struct {
	ID                  int64      `json:"id"`
	UserID              int64      `json:"userId"`
	Name                string     `json:"name"`
	Species             string     `json:"species"`
	PlantType           string     `json:"plantType"`
	Location            string     `json:"location"`
	ImageURL            string     `json:"imageUrl"`
	LightNeeds          string     `json:"lightNeeds"`
	WaterFrequency      *int       `json:"waterFrequency"`
	FertilizerFrequency *int       `json:"fertilizerFrequency"`
	Notes               string     `json:"notes"`
	Status              string     `json:"status"`
	GrowthProgress      int        `json:"growthProgress"`
	LastWatered         *time.Time `json:"lastWatered"`
	LastFertilized      *time.Time `json:"lastFertilized"`
	AcquiredDate        time.Time  `json:"acquiredDate"`
	CreatedAt           time.Time  `json:"createdAt"`
	NextWatering        *time.Time `json:"nextWatering"`
	NextFertilizing     *time.Time `json:"nextFertilizing"`
}

func main() {
	addr := flag.String("addr", "127.0.0.1:8090", "address to listen on")
	databaseURL := flag.String("database-url", "", "postgres://… or empty for SQLite in -data-dir")
	dataDir := flag.String("data-dir", "./data", "folder of garden.db when SQLite")
	flag.Parse()

	driver, dsn, q := "pgx", *databaseURL, func(s string) string { return s }
	if dsn == "" {
		driver = "sqlite"
		dsn = "file:" + filepath.Join(*dataDir, "garden.db") + "?_pragma=foreign_keys(1)&_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)&_time_format=sqlite"
	} else {
		q = dollarPlaceholders
	}
	db, err := sql.Open(driver, dsn)
	if err != nil {
		log.Fatal(err)
	}
	conns := max(4, 2*runtime.NumCPU())
	db.SetMaxOpenConns(conns)
	db.SetMaxIdleConns(conns)
	sessionQuery := q(`SELECT s.user_id FROM sessions s JOIN users u ON u.id = s.user_id
		WHERE s.token_hash = ? AND s.revoked_at IS NULL AND s.expires_at > ? AND u.is_active`)
	// The status is derived as gardenctl derives it: care dates, then the plant's overdue tasks.
	overdueQuery := q(`SELECT DISTINCT plant_id FROM care_tasks WHERE user_id = ? AND completed = ? AND scheduled_date < ?`)
	plantsQuery := q(`SELECT id, user_id, name, species, plant_type, location, image_url, light_needs, water_frequency,
		fertilizer_frequency, notes, status, growth_progress, last_watered, last_fertilized, acquired_date, created_at
		FROM plants WHERE user_id = ? ORDER BY id`)

	http.HandleFunc("GET /api/plants", func(w http.ResponseWriter, r *http.Request) {
		token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		sum := sha256.Sum256([]byte(token))
		var userID int64
		if !ok || db.QueryRowContext(r.Context(), sessionQuery, hex.EncodeToString(sum[:]), time.Now().UTC()).Scan(&userID) != nil {
			http.Error(w, `{"message":"Please sign in","code":"unauthorized"}`, http.StatusUnauthorized)
			return
		}
		now := time.Now().UTC()
		today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
		overdue := map[int64]bool{}
		orows, err := db.QueryContext(r.Context(), overdueQuery, userID, false, today.Format("2006-01-02"))
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		for orows.Next() {
			var id int64
			if err := orows.Scan(&id); err == nil {
				overdue[id] = true
			}
		}
		orows.Close()
		rows, err := db.QueryContext(r.Context(), plantsQuery, userID)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		defer rows.Close()
		out := []plant{}
		for rows.Next() {
			var p plant
			var water, fert sql.NullInt64
			var watered, fertilized sql.NullTime
			if err := rows.Scan(&p.ID, &p.UserID, &p.Name, &p.Species, &p.PlantType, &p.Location, &p.ImageURL, &p.LightNeeds,
				&water, &fert, &p.Notes, &p.Status, &p.GrowthProgress, &watered, &fertilized, &p.AcquiredDate, &p.CreatedAt); err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return
			}
			p.AcquiredDate, p.CreatedAt = p.AcquiredDate.UTC(), p.CreatedAt.UTC()
			p.WaterFrequency, p.FertilizerFrequency = intPtr(water), intPtr(fert)
			p.LastWatered, p.LastFertilized = timePtr(watered), timePtr(fertilized)
			p.NextWatering, p.NextFertilizing = next(p.LastWatered, p.WaterFrequency), next(p.LastFertilized, p.FertilizerFrequency)
			switch {
			case due(p.NextWatering, today):
				p.Status = "needs_water"
			case due(p.NextFertilizing, today) || overdue[p.ID]:
				p.Status = "needs_care"
			default:
				p.Status = "healthy"
			}
			out = append(out, p)
		}
		var buf bytes.Buffer
		if err := json.NewEncoder(&buf).Encode(out); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.Header().Set("Content-Length", strconv.Itoa(buf.Len()))
		_, _ = w.Write(buf.Bytes())
	})
	log.Printf("baseline listening on %s (%s)", *addr, driver)
	log.Fatal(http.ListenAndServe(*addr, nil))
}

func dollarPlaceholders(s string) string {
	var b strings.Builder
	n := 0
	for _, c := range s {
		if c == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(c)
	}
	return b.String()
}

func intPtr(n sql.NullInt64) *int {
	if !n.Valid {
		return nil
	}
	v := int(n.Int64)
	return &v
}

func timePtr(t sql.NullTime) *time.Time {
	if !t.Valid {
		return nil
	}
	u := t.Time.UTC()
	return &u
}

func next(last *time.Time, days *int) *time.Time {
	if last == nil || days == nil {
		return nil
	}
	t := last.AddDate(0, 0, *days)
	return &t
}

// due reports whether the date of next (in UTC) is today or earlier.
func due(next *time.Time, today time.Time) bool {
	if next == nil {
		return false
	}
	n := next.UTC()
	return !time.Date(n.Year(), n.Month(), n.Day(), 0, 0, 0, 0, time.UTC).After(today)
}
