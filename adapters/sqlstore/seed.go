package sqlstore

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

var _ ports.Seeder = (*Store)(nil)

// Seed shapes: one user per seedPlantsPerUser plants, one site per seedUsersPerSite users (and
// at least seedMinSites sites, so that a small seed fills a page of the sites list as a large
// one does: the scale bench compares pages of the same length), and one transaction per
// seedUsersPerTx users.
const (
	seedPlantsPerUser = 50
	seedUsersPerSite  = 100
	seedMinSites      = 50
	seedUsersPerTx    = 200
	// seedParams bounds the parameters of one INSERT (SQLite allows 32,766, PostgreSQL 65,535).
	seedParams = 16000
)

// Seed implements ports.Seeder. Ids are given explicitly, from each table's largest id on, so
// that rows can reference each other without reading back; PostgreSQL's identity sequences
// are moved past them at the end.
func (s *Store) Seed(ctx context.Context, spec ports.SeedSpec) (ports.SeedCounts, error) {
	var out ports.SeedCounts
	if spec.Plants <= 0 {
		return out, nil
	}
	if spec.PasswordHash == "" {
		return out, domain.Errorf(domain.EInvalid, "A password hash is needed for the seeded users")
	}
	now := utc(spec.Now)
	if spec.Now.IsZero() {
		now = utc(time.Now())
	}
	today := domain.DateOf(now)
	tables := []string{"sites", "users", "plants", "care_tasks", "journal_entries", "notifications"}
	base := map[string]int64{}
	for _, t := range tables {
		var id int64
		if err := s.db.GetContext(ctx, &id, `SELECT COALESCE(MAX(id), 0) FROM `+t); err != nil {
			return out, translate(err)
		}
		base[t] = id
	}
	users := (spec.Plants + seedPlantsPerUser - 1) / seedPlantsPerUser
	// Users fill the first sites, seedUsersPerSite each; the sites past them stay empty.
	sites := max(seedMinSites, (users+seedUsersPerSite-1)/seedUsersPerSite)
	types := []domain.PlantType{domain.Herbs, domain.Vegetables, domain.Fruits, domain.Flowers}
	taskTypes := []domain.TaskType{domain.TaskWater, domain.TaskFertilize, domain.TaskPrune, domain.TaskRepot, domain.TaskMist}
	daysAgo := func(d int) time.Time { return now.AddDate(0, 0, -d) }

	// The sites, each with its notice.
	noteID := base["notifications"]
	err := s.withTx(ctx, func(tx *sqlx.Tx) error {
		rows, notes := make([][]any, sites), make([][]any, sites)
		for i := range rows {
			id := base["sites"] + int64(i) + 1
			rows[i] = []any{id, fmt.Sprintf("Seed site %d", id), fmt.Sprintf("City %d", i%50), daysAgo(400)}
			noteID++
			// Sent after the site's users joined: its audience is the site's users.
			members := min(seedUsersPerSite, max(0, users-i*seedUsersPerSite))
			notes[i] = []any{noteID, domain.KindAdmin, fmt.Sprintf("Site note %d", noteID), "Seeded site notice.", string(domain.TargetSite),
				id, "{}", daysAgo(int(noteID % 200)), members}
		}
		if err := s.insertRows(ctx, tx, "sites", []string{"id", "name", "city", "created_at"}, rows); err != nil {
			return err
		}
		return s.insertRows(ctx, tx, "notifications", seedNotificationColumns, notes)
	})
	if err != nil {
		return out, err
	}
	out.Sites, out.Notifications = sites, sites

	community, err := s.newCommunitySeed(ctx, now)
	if err != nil {
		return out, err
	}
	plantID, taskID, entryID := base["plants"], base["care_tasks"], base["journal_entries"]
	for first := 0; first < users; first += seedUsersPerTx {
		if err := ctx.Err(); err != nil {
			return out, err
		}
		last := min(first+seedUsersPerTx, users)
		var us, ps, ts, js, ns [][]any
		for i := first; i < last; i++ {
			uid := base["users"] + int64(i) + 1
			site := base["sites"] + int64(i/seedUsersPerSite) + 1
			name := fmt.Sprintf("seed-%d", uid)
			us = append(us, []any{uid, name, name + "@example.org", fmt.Sprintf("Seed Gardener %d", uid), spec.PasswordHash,
				string(domain.RoleUser), true, site, "member", daysAgo(300), true, true, true, daysAgo(300)})
			for j := range 2 {
				noteID++
				age := int((uid*7 + int64(j)*97) % 200)
				ns = append(ns, []any{noteID, domain.KindAdmin, fmt.Sprintf("Note %d", noteID), "Seeded notification.", string(domain.TargetUser),
					uid, "{}", now.Add(-time.Duration(age)*24*time.Hour - time.Duration(noteID%86400)*time.Second), 1})
			}
			plants := min(seedPlantsPerUser, spec.Plants-i*seedPlantsPerUser)
			neighbour := base["users"] + int64(first) + 1 + int64(i+1-first)%int64(last-first)
			community.user(uid, neighbour, plantID+1, plantID+int64(plants))
			for k := range plants {
				plantID++
				n := int(plantID)
				water, fert := 1+n%14, 14+n%30
				ps = append(ps, []any{plantID, uid, fmt.Sprintf("Plant %d", plantID), fmt.Sprintf("Species %d", n%500), string(types[n%4]),
					fmt.Sprintf("Bed %d", k%5), water, fert, "Seeded plant.", string(domain.StatusHealthy), n % 101,
					daysAgo(n % 20), daysAgo(n % 45), daysAgo(365), daysAgo(365)})
				taskID++
				ts = append(ts, []any{taskID, uid, plantID, string(domain.TaskWater), dbDate{domain.AddDays(today, -(1 + n%30))}, true,
					daysAgo(1 + n%30), false, nil, daysAgo(40)})
				taskID++
				recurring, every := n%5 == 0, any(nil)
				if recurring {
					every = 7
				}
				ts = append(ts, []any{taskID, uid, plantID, string(taskTypes[n%len(taskTypes)]), dbDate{domain.AddDays(today, n%10-3)}, false,
					nil, recurring, every, daysAgo(10)})
				entryID++
				js = append(js, []any{entryID, uid, plantID, fmt.Sprintf("Entry %d", entryID), "Seeded journal entry.", "Vegetative",
					dbDate{domain.AddDays(today, -(n % 60))}, daysAgo(n % 60)})
			}
		}
		err := s.withTx(ctx, func(tx *sqlx.Tx) error {
			for _, t := range []struct {
				table string
				cols  []string
				rows  [][]any
			}{
				{"users", []string{"id", "username", "email", "full_name", "password_hash", "role", "is_active", "site_id", "site_role",
					"site_joined_at", "notifications_enabled", "pref_email", "pref_care_reminders", "created_at"}, us},
				{"plants", []string{"id", "user_id", "name", "species", "plant_type", "location", "water_frequency", "fertilizer_frequency",
					"notes", "status", "growth_progress", "last_watered", "last_fertilized", "acquired_date", "created_at"}, ps},
				{"care_tasks", []string{"id", "user_id", "plant_id", "task_type", "scheduled_date", "completed", "completed_at",
					"is_recurring", "recurring_days", "created_at"}, ts},
				{"journal_entries", []string{"id", "user_id", "plant_id", "title", "content", "growth_stage", "entry_date", "created_at"}, js},
				{"notifications", seedNotificationColumns, ns},
			} {
				if err := s.insertRows(ctx, tx, t.table, t.cols, t.rows); err != nil {
					return err
				}
			}
			return community.write(ctx, s, tx, &out)
		})
		if err != nil {
			return out, err
		}
		out.Users += len(us)
		out.Plants += len(ps)
		out.Tasks += len(ts)
		out.JournalEntries += len(js)
		out.Notifications += len(ns)
		if spec.Progress != nil {
			spec.Progress(out.Plants, spec.Plants)
		}
	}
	if err := community.finish(ctx, s); err != nil {
		return out, err
	}

	if s.dialect == Postgres {
		for _, t := range tables {
			if _, err := s.db.ExecContext(ctx, `SELECT setval(pg_get_serial_sequence('`+t+`', 'id'), (SELECT MAX(id) FROM `+t+`))`); err != nil {
				return out, translate(err)
			}
		}
	}
	// The user search index as the nightly session cleanup leaves it (CompactUserSearch): the
	// seeded users came in 200 to a transaction, each a piece of the index.
	if err := s.CompactUserSearch(ctx); err != nil {
		return out, err
	}
	// PostgreSQL's planner statistics, as autovacuum would gather them after a while.
	return out, s.Analyze(ctx)
}

// seedNotificationColumns are the columns of a seeded notification.
var seedNotificationColumns = []string{"id", "kind", "title", "content", "target_type", "target_id", "data", "created_at", "recipient_count"}

// insertRows writes rows into table with multi-row INSERTs of at most seedParams parameters.
func (s *Store) insertRows(ctx context.Context, tx *sqlx.Tx, table string, cols []string, rows [][]any) error {
	if len(rows) == 0 {
		return nil
	}
	per := max(1, seedParams/len(cols))
	one := "(" + strings.TrimSuffix(strings.Repeat("?, ", len(cols)), ", ") + ")"
	head := `INSERT INTO ` + table + ` (` + strings.Join(cols, ", ") + `)`
	if s.dialect == Postgres {
		head += ` OVERRIDING SYSTEM VALUE`
	}
	for start := 0; start < len(rows); start += per {
		batch := rows[start:min(start+per, len(rows))]
		args := make([]any, 0, len(batch)*len(cols))
		for _, r := range batch {
			args = append(args, r...)
		}
		query := head + ` VALUES ` + strings.TrimSuffix(strings.Repeat(one+", ", len(batch)), ", ")
		if _, err := tx.ExecContext(ctx, s.q(query), args...); err != nil {
			return fmt.Errorf("seeding %s: %w", table, translate(err))
		}
	}
	return nil
}
