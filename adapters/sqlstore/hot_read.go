package sqlstore

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// The hot reads (the session of every signed-in request and the plant page) run on PostgreSQL
// through pgx's own pool instead of database/sql (issue #30 item 2; docs/decisions.md, "The hot
// reads on pgx's own pool"). The SQL text, the placeholders and the row scanners are the same
// on both paths and both databases: only who carries the statement changes. database/sql's
// driver path (a driver.Rows per query, []driver.Value per row, convertAssign per column) cost
// about a fifth of the plant page's Go-side CPU against pgx scanning straight into the
// destinations. Other reads and every write stay on database/sql (sqlx, transactions).

// hotPoolConns is the size of the hot reads' pool; database/sql keeps the same number for the
// rest, so a replica holds at most 2 × 12 server connections (three replicas stay well within
// PostgreSQL's default 100).
const hotPoolConns = 12

// rowsScanner is what *sql.Rows and pgx.Rows both offer the scanners.
type rowsScanner interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
	Close()
}

type sqlRowsScanner struct{ *sql.Rows }

func (r sqlRowsScanner) Close() { _ = r.Rows.Close() }

type pgxRowsScanner struct{ pgx.Rows }

func (r pgxRowsScanner) Close() { r.Rows.Close() }

// openHotPool opens the hot reads' pool on PostgreSQL; its statements are counted in c when set
// (a query tracer), so the statement budgets hold on this path too.
func openHotPool(ctx context.Context, databaseURL string, c *StatementCounter) (*pgxpool.Pool, error) {
	cfg, err := pgxpool.ParseConfig(databaseURL)
	if err != nil {
		return nil, fmt.Errorf("database URL: %w", err)
	}
	cfg.MaxConns = hotPoolConns
	if c != nil {
		cfg.ConnConfig.Tracer = countingTracer{c}
	}
	return pgxpool.NewWithConfig(ctx, cfg)
}

// countingTracer counts each query pgx sends (prepared or not) in a StatementCounter.
type countingTracer struct{ c *StatementCounter }

func (t countingTracer) TraceQueryStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceQueryStartData) context.Context {
	t.c.n.Add(1)
	return ctx
}

func (countingTracer) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

// hotQuery runs query (already rebound) with args: through pgx's pool on PostgreSQL (pgx
// prepares and caches it per connection), else as a statement prepared once on database/sql.
// Inside a transaction (InTx) it joins the transaction on database/sql.
func (s *Store) hotQuery(ctx context.Context, query string, args ...any) (rowsScanner, error) {
	if s.pool != nil && ctx.Value(txKey{s}) == nil {
		rows, err := s.pool.Query(ctx, query, args...)
		if err != nil {
			return nil, translate(err)
		}
		return pgxRowsScanner{rows}, nil
	}
	if tx, ok := ctx.Value(txKey{s}).(interface {
		QueryContext(context.Context, string, ...any) (*sql.Rows, error)
	}); ok {
		rows, err := tx.QueryContext(ctx, query, args...)
		if err != nil {
			return nil, translate(err)
		}
		return sqlRowsScanner{rows}, nil
	}
	st, err := s.prepared(ctx, query)
	if err != nil {
		return nil, err
	}
	rows, err := st.QueryContext(ctx, args...)
	if err != nil {
		return nil, translate(err)
	}
	return sqlRowsScanner{rows}, nil
}

// hotQueryRow is hotQuery's first row scanned into dest: sql.ErrNoRows (translated) when
// there is none.
func (s *Store) hotQueryRow(ctx context.Context, query string, args []any, dest ...any) error {
	rows, err := s.hotQuery(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	if !rows.Next() {
		if err := rows.Err(); err != nil {
			return translate(err)
		}
		return translate(sql.ErrNoRows)
	}
	if err := rows.Scan(dest...); err != nil {
		return translate(err)
	}
	rows.Close()
	return translate(rows.Err())
}
