// Command baseline is the yardstick of the load harness (tests/load/bench.sh): a bare net/http
// server with the same database driver that answers GET /api/plants exactly as gardenctl does
// — the same session check (token hash, not revoked, not expired, user active) and
// byte-identical JSON — with nothing else: no router, no middleware, no layers. The harness
// compares gardenctl against it on the same data, so the ratio measures what the application's
// structure costs.
package main

import (
	"bytes"
	"context"
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

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
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

	databaseSQL := flag.Bool("database-sql", false, "PostgreSQL through database/sql (pgx's stdlib) instead of pgx's own pool")
	flag.Parse()

	var src source
	if *databaseURL != "" && !*databaseSQL {
		src = openPool(log.Default(), *databaseURL)
	} else {
		db, postgres := openDB(log.Default(), *databaseURL, *dataDir)
		src = sqlSource(db, postgres)
	}
	http.Handle("GET /api/plants", plantsHandler(src))
	log.Printf("baseline listening on %s (%s)", *addr, src.name)
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

// source runs the two statements of the plant list: the session's user, then the page.
type source struct {
	name    string
	session func(ctx context.Context, tokenHash string, now time.Time) (int64, error)
	plants  func(ctx context.Context, today string, userID int64, limit int) (rowScanner, error)
}

// rowScanner is what both *sql.Rows and pgx.Rows offer.
type rowScanner interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
	Close()
}

type sqlRows struct{ *sql.Rows }

func (r sqlRows) Close() { _ = r.Rows.Close() }

// plantQueries are the statements of the plant list for SQLite or PostgreSQL (dollar
// placeholders, PostgreSQL's date arithmetic). The status is derived as gardenctl derives it, in
// the query: the watering due (the last watering's UTC date plus the interval in days) on or
// before today, then the fertilizing due or a pending task of the plant scheduled before today.
func plantQueries(postgres bool) (session, plants string) {
	q := func(s string) string { return s }
	due := func(last, days string) string {
		return `date(` + last + `, '+' || ` + days + ` || ' days') <= ?`
	}
	if postgres {
		q = dollarPlaceholders
		due = func(last, days string) string { return `(` + last + ` AT TIME ZONE 'UTC')::date + ` + days + ` <= ?` }
	}
	return q(`SELECT s.user_id FROM sessions s JOIN users u ON u.id = s.user_id
		WHERE s.token_hash = ? AND s.revoked_at IS NULL AND s.expires_at > ? AND u.is_active`),
		q(`SELECT id, user_id, name, species, plant_type, location, image_url, light_needs, water_frequency,
		fertilizer_frequency, notes, growth_progress, last_watered, last_fertilized, acquired_date, created_at,
		CASE WHEN last_watered IS NOT NULL AND water_frequency IS NOT NULL AND ` + due("last_watered", "water_frequency") + ` THEN 'needs_water'
		WHEN (last_fertilized IS NOT NULL AND fertilizer_frequency IS NOT NULL AND ` + due("last_fertilized", "fertilizer_frequency") + `)
			OR EXISTS (SELECT 1 FROM care_tasks t WHERE t.plant_id = p.id AND t.user_id = p.user_id AND NOT t.completed AND t.scheduled_date < ?)
			THEN 'needs_care'
		ELSE 'healthy' END
		FROM plants p WHERE user_id = ? ORDER BY id LIMIT ?`)
}

// sqlSource runs the statements through database/sql, both prepared once, as gardenctl
// prepares its hot reads.
func sqlSource(db *sql.DB, postgres bool) source {
	session, plants := plantQueries(postgres)
	sessionStmt, plantsStmt := prepare(db, session), prepare(db, plants)
	name := "SQLite, database/sql"
	if postgres {
		name = "PostgreSQL, database/sql"
	}
	return source{name: name,
		session: func(ctx context.Context, hash string, now time.Time) (int64, error) {
			var id int64
			return id, sessionStmt.QueryRowContext(ctx, hash, now).Scan(&id)
		},
		plants: func(ctx context.Context, today string, userID int64, limit int) (rowScanner, error) {
			rows, err := plantsStmt.QueryContext(ctx, today, today, today, userID, limit)
			return sqlRows{rows}, err
		}}
}

// openPool opens PostgreSQL through pgx's own pool (pgxpool) with gardenctl's pool size: the
// fastest way a Go program can serve this answer (issue #30 item 2). pgx prepares and caches
// each statement per connection (QueryExecModeCacheStatement, its default).
func openPool(fail interface{ Fatal(...any) }, databaseURL string) source {
	cfg, err := pgxpool.ParseConfig(databaseURL)
	if err != nil {
		fail.Fatal(err)
	}
	cfg.MaxConns, cfg.MinConns = 20, 20 // gardenctl's PostgreSQL pool (adapters/sqlstore)
	pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
	if err != nil {
		fail.Fatal(err)
	}
	session, plants := plantQueries(true)
	return source{name: "PostgreSQL, pgxpool",
		session: func(ctx context.Context, hash string, now time.Time) (int64, error) {
			var id int64
			return id, pool.QueryRow(ctx, session, hash, now).Scan(&id)
		},
		plants: func(ctx context.Context, today string, userID int64, limit int) (rowScanner, error) {
			rows, err := pool.Query(ctx, plants, today, today, today, userID, limit)
			return pgxRows{rows}, err
		}}
}

type pgxRows struct{ pgx.Rows }

func (r pgxRows) Close() { r.Rows.Close() }

// plantsHandler answers GET /api/plants from src.
func plantsHandler(src source) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		sum := sha256.Sum256([]byte(token))
		userID, err := src.session(r.Context(), hex.EncodeToString(sum[:]), time.Now().UTC())
		if !ok || err != nil {
			http.Error(w, `{"message":"Please sign in","code":"unauthorized"}`, http.StatusUnauthorized)
			return
		}
		today := time.Now().UTC().Format("2006-01-02")
		rows, err := src.plants(r.Context(), today, userID, pageSize)
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
