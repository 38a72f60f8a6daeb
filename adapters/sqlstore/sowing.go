package sqlstore

import (
	"context"
	"fmt"
	"strings"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

var _ ports.SowingStore = (*Store)(nil)

// sowingOpen is the plant_database_sowing_order index's predicate, written the same way so
// that SQLite sees the query implies it.
const sowingOpen = `(sow_indoors_unit <> '' OR direct_sow_unit <> '')`

// windowOpen is the SQL form of domain.SowingWindow.OpenIn for the window with column prefix
// col in week (NewSowingWeek's terms; the domain test holds the Go form of this clause).
func windowOpen(col string, week domain.SowingWeek) (string, []any) {
	var terms []string
	var args []any
	for _, d := range week.FrostDays {
		terms = append(terms, fmt.Sprintf(`(%[1]s_unit = 'weeks' AND 7 * %[1]s_from <= ? AND 7 * %[1]s_to >= ?)`, col))
		args = append(args, d[1], d[0])
	}
	for _, m := range week.Months {
		terms = append(terms, fmt.Sprintf(`(%[1]s_unit = 'months' AND ((%[1]s_from <= %[1]s_to AND %[1]s_from <= ? AND %[1]s_to >= ?)
			OR (%[1]s_from > %[1]s_to AND (%[1]s_from <= ? OR %[1]s_to >= ?))))`, col))
		args = append(args, m, m, m, m)
	}
	if len(terms) == 0 {
		return `1 = 0`, nil
	}
	return `(` + strings.Join(terms, ` OR `) + `)`, args
}

// PageSowing implements ports.SowingStore: a keyset page on (lower(common_name), id) read
// through the partial index plant_database_sowing_order, which holds only items with a sowing
// window; the week's test runs on those rows.
func (s *Store) PageSowing(ctx context.Context, week domain.SowingWeek, page domain.PageRequest) (domain.Page[*domain.PlantDBItem], error) {
	c, after, err := domain.DecodeKeysetCursor(page.Cursor)
	if err != nil {
		return domain.Page[*domain.PlantDBItem]{}, err
	}
	indoors, a1 := windowOpen("sow_indoors", week)
	direct, a2 := windowOpen("direct_sow", week)
	where := []string{sowingOpen, `(` + indoors + ` OR ` + direct + `)`}
	args := append(a1, a2...)
	if after {
		where = append(where, `lower(common_name) >= ? AND (lower(common_name), id) > (?, ?)`)
		args = append(args, c.Key, c.Key, c.ID)
	}
	query := `SELECT ` + plantDBColumns + ` FROM plant_database WHERE ` + strings.Join(where, ` AND `) +
		` ORDER BY lower(common_name), id LIMIT ?`
	args = append(args, page.Limit+1)
	var rows []plantDBRow
	if err := s.db.SelectContext(ctx, &rows, s.q(query), args...); err != nil {
		return domain.Page[*domain.PlantDBItem]{}, translate(err)
	}
	keys := make(map[int64]string, len(rows))
	out := make([]*domain.PlantDBItem, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
		keys[rows[i].ID] = rows[i].LowerName
	}
	return domain.PageOf(out, page, func(it *domain.PlantDBItem) string {
		return domain.KeysetCursor{Key: keys[it.ID], ID: it.ID}.Encode()
	}), nil
}
