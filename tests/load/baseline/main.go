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

	db, postgres := openDB(log.Default(), *databaseURL, *dataDir)
	http.Handle("GET /api/plants", plantsHandler(db, postgres))
	log.Printf("baseline listening on %s (postgres: %t)", *addr, postgres)
	log.Fatal(http.ListenAndServe(*addr, nil))
}

// openDB opens databaseURL, or SQLite in dataDir when it is empty, with gardenctl's pool size.
func openDB(fail interface{ Fatal(...any) }, databaseURL, dataDir string) (*sql.DB, bool) {
	driver, dsn := "pgx", databaseURL
	if dsn == "" {
		driver = "sqlite"
		dsn = "file:" + filepath.Join(dataDir, "garden.db") + "?_pragma=foreign_keys(1)&_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)&_time_format=sqlite"
	}
	db, err := sql.Open(driver, dsn)
	if err != nil {
		fail.Fatal(err)
	}
	conns := max(4, 2*runtime.NumCPU())
	if driver == "pgx" {
		conns = 20 // gardenctl's PostgreSQL pool (adapters/sqlstore)
	}
	db.SetMaxOpenConns(conns)
	db.SetMaxIdleConns(conns)
	return db, driver == "pgx"
}

// pageSize is the app's default page: the first page of the list is what both serve.
const pageSize = 50

// plantsHandler answers GET /api/plants from db (PostgreSQL when postgres, else SQLite).
func plantsHandler(db *sql.DB, postgres bool) http.Handler {
	q := func(s string) string { return s }
	// The status is derived as gardenctl derives it, in the query: the watering due (the last
	// watering's UTC date plus the interval in days) on or before today, then the fertilizing
	// due or a pending task of the plant scheduled before today.
	due := func(last, days string) string {
		return `date(` + last + `, '+' || ` + days + ` || ' days') <= ?`
	}
	if postgres {
		q = dollarPlaceholders
		due = func(last, days string) string { return `(` + last + ` AT TIME ZONE 'UTC')::date + ` + days + ` <= ?` }
	}
	// Both statements are prepared once, as gardenctl prepares its hot reads.
	sessionStmt := prepare(db, q(`SELECT s.user_id FROM sessions s JOIN users u ON u.id = s.user_id
		WHERE s.token_hash = ? AND s.revoked_at IS NULL AND s.expires_at > ? AND u.is_active`))
	plantsStmt := prepare(db, q(`SELECT id, user_id, name, species, plant_type, location, image_url, light_needs, water_frequency,
		fertilizer_frequency, notes, growth_progress, last_watered, last_fertilized, acquired_date, created_at,
		CASE WHEN last_watered IS NOT NULL AND water_frequency IS NOT NULL AND `+due("last_watered", "water_frequency")+` THEN 'needs_water'
		WHEN (last_fertilized IS NOT NULL AND fertilizer_frequency IS NOT NULL AND `+due("last_fertilized", "fertilizer_frequency")+`)
			OR EXISTS (SELECT 1 FROM care_tasks t WHERE t.plant_id = p.id AND t.user_id = p.user_id AND NOT t.completed AND t.scheduled_date < ?)
			THEN 'needs_care'
		ELSE 'healthy' END
		FROM plants p WHERE user_id = ? ORDER BY id LIMIT ?`))

	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		sum := sha256.Sum256([]byte(token))
		var userID int64
		if !ok || sessionStmt.QueryRowContext(r.Context(), hex.EncodeToString(sum[:]), time.Now().UTC()).Scan(&userID) != nil {
			http.Error(w, `{"message":"Please sign in","code":"unauthorized"}`, http.StatusUnauthorized)
			return
		}
		today := time.Now().UTC().Format("2006-01-02")
		rows, err := plantsStmt.QueryContext(r.Context(), today, today, today, userID, pageSize)
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
				&water, &fert, &p.Notes, &p.GrowthProgress, &watered, &fertilized, &p.AcquiredDate, &p.CreatedAt, &p.Status); err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return
			}
			p.AcquiredDate, p.CreatedAt = p.AcquiredDate.UTC(), p.CreatedAt.UTC()
			p.WaterFrequency, p.FertilizerFrequency = intPtr(water), intPtr(fert)
			p.LastWatered, p.LastFertilized = timePtr(watered), timePtr(fertilized)
			p.NextWatering, p.NextFertilizing = next(p.LastWatered, p.WaterFrequency), next(p.LastFertilized, p.FertilizerFrequency)
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
}

func prepare(db *sql.DB, query string) *sql.Stmt {
	st, err := db.Prepare(query)
	if err != nil {
		log.Fatal(err)
	}
	return st
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
