// Command baseline is the yardstick of the load harness (tests/load/bench.sh): a bare net/http
// server with the same database driver that answers GET /api/plants (and the dashboard's
// summary, the harvest list and the forum's latest topics: reads.go) exactly as gardenctl does
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
	"fmt"
	"log"
	"net/http"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	_ "github.com/jackc/pgx/v5/stdlib"
	_ "modernc.org/sqlite"

	"github.com/gardenctl/garden/adapters/sqlstore"
	"github.com/gardenctl/garden/core/domain"
)

// plant mirrors the wire type of adapters/httpapi (plantJSON, docs/api.md); the harness checks
// the bytes.
type plant struct {
	ID                           int64      `json:"id"`
	UserID                       int64      `json:"userId"`
	Name                         string     `json:"name"`
	Species                      string     `json:"species"`
	PlantType                    string     `json:"plantType"`
	Location                     string     `json:"location"`
	ImageURL                     string     `json:"imageUrl"`
	LightNeeds                   string     `json:"lightNeeds"`
	WaterFrequency               *int       `json:"waterFrequency"`
	FertilizerFrequency          *int       `json:"fertilizerFrequency"`
	Notes                        string     `json:"notes"`
	Status                       string     `json:"status"`
	GrowthProgress               int        `json:"growthProgress"`
	LastWatered                  *time.Time `json:"lastWatered"`
	LastFertilized               *time.Time `json:"lastFertilized"`
	AcquiredDate                 time.Time  `json:"acquiredDate"`
	CreatedAt                    time.Time  `json:"createdAt"`
	NextWatering                 *time.Time `json:"nextWatering"`
	NextFertilizing              *time.Time `json:"nextFertilizing"`
	WaterMode                    string     `json:"waterMode"`
	SuggestedWaterFrequency      *int       `json:"suggestedWaterFrequency"`
	EffectiveWaterFrequency      *int       `json:"effectiveWaterFrequency"`
	WaterLearnedFrom             int        `json:"waterLearnedFrom"`
	WaterPostponedDays           int        `json:"waterPostponedDays"`
	FertilizeMode                string     `json:"fertilizeMode"`
	SuggestedFertilizerFrequency *int       `json:"suggestedFertilizerFrequency"`
	EffectiveFertilizerFrequency *int       `json:"effectiveFertilizerFrequency"`
	FertilizeLearnedFrom         int        `json:"fertilizeLearnedFrom"`
	Outdoor                      bool       `json:"outdoor"`
	SeasonFactor                 float64    `json:"seasonFactor"`
	WaterBroughtForwardDays      int        `json:"waterBroughtForwardDays"`
}

// toPlant is the wire form of p, computed with the domain's own pure functions (the next care
// dates, the effective intervals), as adapters/httpapi's toPlantJSON does.
func toPlant(p *domain.Plant) plant {
	mode := func(m domain.CareMode) string {
		if m == "" {
			return string(domain.ModeFixed)
		}
		return string(m)
	}
	return plant{ID: p.ID, UserID: p.UserID, Name: p.Name, Species: p.Species, PlantType: string(p.Type), Location: p.Location,
		ImageURL: p.ImageURL, LightNeeds: p.LightNeeds, WaterFrequency: p.WaterFrequency, FertilizerFrequency: p.FertilizerFrequency,
		Notes: p.Notes, Status: string(p.Status), GrowthProgress: p.GrowthProgress, LastWatered: p.LastWatered,
		LastFertilized: p.LastFertilized, AcquiredDate: p.AcquiredDate, CreatedAt: p.CreatedAt,
		NextWatering: p.NextWatering(), NextFertilizing: p.NextFertilizing(),
		WaterMode: mode(p.WaterMode), SuggestedWaterFrequency: p.SuggestedWaterFrequency,
		EffectiveWaterFrequency: p.EffectiveWaterFrequency(), WaterLearnedFrom: p.WaterLearnedFrom, WaterPostponedDays: p.WaterDelayDays,
		FertilizeMode: mode(p.FertilizeMode), SuggestedFertilizerFrequency: p.SuggestedFertilizerFrequency,
		EffectiveFertilizerFrequency: p.EffectiveFertilizerFrequency(), FertilizeLearnedFrom: p.FertilizeLearnedFrom,
		Outdoor: p.Outdoor, SeasonFactor: max(p.SeasonFactor, 1), WaterBroughtForwardDays: p.WaterAdvanceDays}
}

func main() {
	addr := flag.String("addr", "127.0.0.1:8090", "address to listen on")
	databaseURL := flag.String("database-url", "", "postgres://… or empty for SQLite in -data-dir")
	dataDir := flag.String("data-dir", "./data", "folder of garden.db when SQLite")

	databaseSQL := flag.Bool("database-sql", false, "PostgreSQL through database/sql (pgx's stdlib) instead of pgx's own pool")
	seed := flag.Int("seed-writes", 0, "seed what the timed writes need for this many writers a side, print the first topic's id and exit")
	flag.Parse()
	if *seed > 0 {
		if err := seedWrites(*databaseURL, *dataDir, *seed); err != nil {
			log.Fatal(err)
		}
		return
	}

	var src *source
	if *databaseURL != "" && !*databaseSQL {
		src = openPool(log.Default(), *databaseURL)
	} else {
		db, postgres := openDB(log.Default(), *databaseURL, *dataDir)
		src = sqlSource(db, postgres)
	}
	http.Handle("GET /api/plants", plantsHandler(src))
	http.Handle("GET /api/dashboard/summary", dashboardHandler(src))
	http.Handle("GET /api/harvests", harvestsHandler(src))
	http.Handle("GET /api/forum/topics/latest", latestTopicsHandler(src))
	http.Handle("POST /api/plants", createPlantHandler(src))
	http.Handle("POST /api/plants/water", waterHandler(src))
	http.Handle("POST /api/forum/topics/{id}/posts", replyHandler(src))
	log.Printf("baseline listening on %s (%s)", *addr, src.name)
	log.Fatal(http.ListenAndServe(*addr, nil))
}

// openDB opens databaseURL, or SQLite in dataDir when it is empty, with gardenctl's pool size.
func openDB(fail interface{ Fatal(...any) }, databaseURL, dataDir string) (*sql.DB, bool) {
	driver, dsn := "pgx", databaseURL
	if dsn == "" {
		driver = "sqlite"
		dsn = "file:" + filepath.Join(dataDir, "garden.db") + "?_pragma=foreign_keys(1)&_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)&_pragma=synchronous(NORMAL)&_txlock=immediate&_time_format=sqlite"
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

// source runs statements on one database: through database/sql with each statement prepared
// once (as gardenctl prepares its hot reads), or through pgx's own pool, which prepares and
// caches each statement per connection.
type source struct {
	name     string
	postgres bool
	query    func(ctx context.Context, q string, args ...any) (rowScanner, error)
	begin    func(ctx context.Context) (*txn, error)
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

// queryRow runs q and scans its first row into dest (sql.ErrNoRows when there is none).
func (s *source) queryRow(ctx context.Context, q string, args []any, dest ...any) error {
	rows, err := s.query(ctx, q, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	if !rows.Next() {
		if err := rows.Err(); err != nil {
			return err
		}
		return sql.ErrNoRows
	}
	return rows.Scan(dest...)
}

// bind writes q's ? placeholders for the source's database.
func (s *source) bind(q string) string {
	if s.postgres {
		return dollarPlaceholders(q)
	}
	return q
}

// sqlSource runs the statements through database/sql, each prepared once.
func sqlSource(db *sql.DB, postgres bool) *source {
	var stmts sync.Map
	writeSlot := make(chan struct{}, 1)
	name := "SQLite, database/sql"
	if postgres {
		name = "PostgreSQL, database/sql"
	}
	return &source{name: name, postgres: postgres,
		query: func(ctx context.Context, q string, args ...any) (rowScanner, error) {
			st, ok := stmts.Load(q)
			if !ok {
				prepared, err := db.PrepareContext(ctx, q)
				if err != nil {
					return nil, err
				}
				if st, ok = stmts.LoadOrStore(q, prepared); ok {
					_ = prepared.Close()
				}
			}
			rows, err := st.(*sql.Stmt).QueryContext(ctx, args...)
			return sqlRows{rows}, err
		},
		begin: func(ctx context.Context) (*txn, error) {
			release := func() {}
			if !postgres {
				// One write transaction at a time, the others waiting in arrival order, as
				// gardenctl's SQLite write queue does (SQLite has one writer anyway; without it
				// the waiting writers sleep and poll in the busy handler).
				select {
				case writeSlot <- struct{}{}:
				case <-ctx.Done():
					return nil, ctx.Err()
				}
				release = func() { <-writeSlot }
			}
			tx, err := db.BeginTx(ctx, nil)
			if err != nil {
				release()
				return nil, err
			}
			return &txn{
				query: func(ctx context.Context, q string, args ...any) (rowScanner, error) {
					rows, err := tx.QueryContext(ctx, q, args...)
					return sqlRows{rows}, err
				},
				exec: func(ctx context.Context, q string, args ...any) error {
					_, err := tx.ExecContext(ctx, q, args...)
					return err
				},
				commit: func(context.Context) error {
					defer release()
					return tx.Commit()
				},
				rollback: func(context.Context) {
					defer release()
					_ = tx.Rollback()
				},
			}, nil
		}}
}

// openPool opens PostgreSQL through pgx's own pool (pgxpool) with gardenctl's pool size: the
// fastest way a Go program can serve this answer (issue #30 item 2). pgx prepares and caches
// each statement per connection (QueryExecModeCacheStatement, its default).
func openPool(fail interface{ Fatal(...any) }, databaseURL string) *source {
	cfg, err := pgxpool.ParseConfig(databaseURL)
	if err != nil {
		fail.Fatal(err)
	}
	// 20 connections, as gardenctl had in one pool before its hot reads got a pool of 12 of their
	// own (adapters/sqlstore/hot_read.go): the yardstick is not held back by a smaller pool.
	cfg.MaxConns, cfg.MinConns = 20, 20
	pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
	if err != nil {
		fail.Fatal(err)
	}
	return &source{name: "PostgreSQL, pgxpool", postgres: true,
		query: func(ctx context.Context, q string, args ...any) (rowScanner, error) {
			rows, err := pool.Query(ctx, q, args...)
			return pgxRows{rows}, err
		},
		begin: func(ctx context.Context) (*txn, error) {
			tx, err := pool.Begin(ctx)
			if err != nil {
				return nil, err
			}
			return &txn{
				query: func(ctx context.Context, q string, args ...any) (rowScanner, error) {
					rows, err := tx.Query(ctx, q, args...)
					return pgxRows{rows}, err
				},
				exec: func(ctx context.Context, q string, args ...any) error {
					_, err := tx.Exec(ctx, q, args...)
					return err
				},
				commit:   func(ctx context.Context) error { return tx.Commit(ctx) },
				rollback: func(ctx context.Context) { _ = tx.Rollback(ctx) },
			}, nil
		}}
}

type pgxRows struct{ pgx.Rows }

func (r pgxRows) Close() { r.Rows.Close() }

// gardener is what a request needs of its signed-in gardener: who, their day, their winter.
type gardener struct {
	id     int64
	role   domain.Role
	zone   string
	garden domain.GardenSettings
}

const sessionQuery = `SELECT s.user_id, u.role, u.time_zone, u.winter_factor, u.winter_hemisphere FROM sessions s
	JOIN users u ON u.id = s.user_id WHERE s.token_hash = ? AND s.revoked_at IS NULL AND s.expires_at > ? AND u.is_active`

// signedIn reads the session of r's bearer token as gardenctl checks it (token hash, not
// revoked, not expired, user active), or answers 401 and returns false.
func signedIn(src *source, w http.ResponseWriter, r *http.Request) (gardener, bool) {
	var g gardener
	var hemisphere, role string
	token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	err := src.queryRow(r.Context(), src.bind(sessionQuery), []any{hashToken(token), time.Now().UTC()},
		&g.id, &role, &g.zone, &g.garden.WinterFactor, &hemisphere)
	if !ok || err != nil {
		http.Error(w, `{"message":"Please sign in","code":"unauthorized"}`, http.StatusUnauthorized)
		return g, false
	}
	g.garden.Hemisphere, g.role = domain.Hemisphere(hemisphere), domain.Role(role)
	return g, true
}

// hashToken is the stored form of a session token (app.HashToken).
func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// plantsHandler answers GET /api/plants from src: the first page in the default order, with the
// store's own statement (sqlstore.PlantPageSQL) and one row more than the page, as the app asks.
func plantsHandler(src *source) http.Handler {
	dialect := sqlstore.SQLite
	if src.postgres {
		dialect = sqlstore.Postgres
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		g, ok := signedIn(src, w, r)
		if !ok {
			return
		}
		day := domain.TodayIn(time.Now(), g.zone)
		q, args := sqlstore.PlantPageSQL(dialect, g.id, day, g.garden.SeasonFactorOn(day), pageSize+1)
		rows, err := src.query(r.Context(), q, args...)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		defer rows.Close()
		plants := make([]*domain.Plant, 0, pageSize+1)
		var row plantRow
		dest := row.dest()
		for rows.Next() {
			if err := rows.Scan(dest...); err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return
			}
			p, err := row.plant()
			if err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return
			}
			plants = append(plants, p)
		}
		if err := rows.Err(); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		plants = plants[:min(len(plants), pageSize)]
		domain.ApplySeason(plants, g.garden, day)
		out := make([]plant, len(plants))
		for i, p := range plants {
			out[i] = toPlant(p)
		}
		writeJSON(w, out)
	})
}

// plantRow receives one row of the plant page: the plant's columns, its task dates, the
// sensor's dry start and the derived status.
type plantRow struct {
	p                   domain.Plant
	plantType, status   string
	waterMode, fertMode string
	water, fert         sql.NullInt64
	sugWater, sugFert   sql.NullInt64
	watered, fertilized sql.NullTime
	waterTask, fertTask any
	sensorDry           any
}

func (r *plantRow) dest() []any {
	return []any{&r.p.ID, &r.p.UserID, &r.p.Name, &r.p.Species, &r.plantType, &r.p.Location, &r.p.ImageURL, &r.p.LightNeeds,
		&r.water, &r.fert, &r.p.Notes, &r.p.GrowthProgress, &r.watered, &r.fertilized, &r.p.AcquiredDate, &r.p.CreatedAt,
		&r.waterMode, &r.fertMode, &r.sugWater, &r.sugFert, &r.p.WaterLearnedFrom, &r.p.FertilizeLearnedFrom, &r.p.WaterDelayDays,
		&r.p.Outdoor, &r.p.WaterAdvanceDays, &r.p.FertilizeDelayDays, &r.waterTask, &r.fertTask, &r.sensorDry, &r.status}
}

// plant is the row scanned last as a new plant.
func (r *plantRow) plant() (*domain.Plant, error) {
	p := r.p
	p.Type, p.Status = domain.PlantType(r.plantType), domain.PlantStatus(r.status)
	p.WaterFrequency, p.FertilizerFrequency = intPtr(r.water), intPtr(r.fert)
	p.WaterMode, p.FertilizeMode = domain.CareMode(r.waterMode), domain.CareMode(r.fertMode)
	p.SuggestedWaterFrequency, p.SuggestedFertilizerFrequency = intPtr(r.sugWater), intPtr(r.sugFert)
	p.LastWatered, p.LastFertilized = timePtr(r.watered), timePtr(r.fertilized)
	var err error
	if p.WaterTaskDate, err = anyTime(r.waterTask); err == nil {
		if p.FertilizeTaskDate, err = anyTime(r.fertTask); err == nil {
			p.SensorDryAt, err = anyTime(r.sensorDry)
		}
	}
	p.AcquiredDate, p.CreatedAt = p.AcquiredDate.UTC(), p.CreatedAt.UTC()
	return &p, err
}

// anyTime reads a date or time column scanned into an any: a time.Time (pgx) or SQLite's text.
func anyTime(v any) (*time.Time, error) {
	var text string
	switch v := v.(type) {
	case nil:
		return nil, nil
	case time.Time:
		t := v.UTC()
		return &t, nil
	case string:
		text = v
	case []byte:
		text = string(v)
	default:
		return nil, fmt.Errorf("cannot read %T as a time", v)
	}
	for _, layout := range []string{"2006-01-02", "2006-01-02 15:04:05.999999999-07:00", time.RFC3339Nano, "2006-01-02 15:04:05"} {
		if t, err := time.Parse(layout, text); err == nil {
			t = t.UTC()
			return &t, nil
		}
	}
	return nil, fmt.Errorf("cannot read %q as a time", text)
}

// buffers keeps the answers' encoding buffers between requests, as gardenctl's writeJSON does.
var buffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// writeJSON answers 200 with v encoded as gardenctl encodes its answers.
func writeJSON(w http.ResponseWriter, v any) { writeJSONStatus(w, http.StatusOK, v) }

// writeJSONStatus answers status with v encoded as gardenctl encodes its answers.
func writeJSONStatus(w http.ResponseWriter, status int, v any) {
	buf := buffers.Get().(*bytes.Buffer)
	defer func() { buf.Reset(); buffers.Put(buf) }()
	if err := json.NewEncoder(buf).Encode(v); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Content-Length", strconv.Itoa(buf.Len()))
	w.WriteHeader(status)
	_, _ = w.Write(buf.Bytes())
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
