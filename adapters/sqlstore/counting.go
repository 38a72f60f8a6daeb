package sqlstore

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"sync/atomic"

	"github.com/jackc/pgx/v5/stdlib"
	"github.com/jmoiron/sqlx"
	"modernc.org/sqlite"
)

// StatementCounter counts the statements a store sends to its database. The API tests open a
// store with OpenCounted and assert how many statements each endpoint runs with 10 and with 100
// rows, so an N+1 query or a lost join fails the build. Production stores are opened without
// it and pay nothing.
type StatementCounter struct{ n atomic.Int64 }

// Count returns the statements sent so far: queries and execs, prepared or not. Transaction
// control (BEGIN, COMMIT) is not counted.
func (c *StatementCounter) Count() int64 { return c.n.Load() }

// OpenCounted is Open with every statement counted in c.
func OpenCounted(ctx context.Context, databaseURL, dataDir string, c *StatementCounter) (*Store, error) {
	return open(ctx, databaseURL, dataDir, c)
}

// openDB opens the pool for driver name, through the counting wrapper when c is set.
func openDB(name, dsn string, c *StatementCounter) (*sqlx.DB, error) {
	if c == nil {
		return sqlx.Open(name, dsn)
	}
	var inner driver.Driver
	if name == "pgx" {
		inner = stdlib.GetDefaultDriver()
	} else {
		inner = &sqlite.Driver{}
	}
	return sqlx.NewDb(sql.OpenDB(countingConnector{inner: inner, dsn: dsn, c: c}), name), nil
}

type countingConnector struct {
	inner driver.Driver
	dsn   string
	c     *StatementCounter
}

func (k countingConnector) Connect(context.Context) (driver.Conn, error) {
	conn, err := k.inner.Open(k.dsn)
	if err != nil {
		return nil, err
	}
	return &countingConn{Conn: conn, c: k.c}, nil
}

func (k countingConnector) Driver() driver.Driver { return k.inner }

// countingConn passes every optional interface of database/sql/driver through to the driver's
// connection, counting queries and execs on the way. When the driver lacks one, it answers
// driver.ErrSkip (or the neutral value), which makes database/sql take its fallback path.
type countingConn struct {
	driver.Conn
	c *StatementCounter
}

func (cc *countingConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	e, ok := cc.Conn.(driver.ExecerContext)
	if !ok {
		return nil, driver.ErrSkip
	}
	res, err := e.ExecContext(ctx, query, args)
	if err != driver.ErrSkip {
		cc.c.n.Add(1)
	}
	return res, err
}

func (cc *countingConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	q, ok := cc.Conn.(driver.QueryerContext)
	if !ok {
		return nil, driver.ErrSkip
	}
	rows, err := q.QueryContext(ctx, query, args)
	if err != driver.ErrSkip {
		cc.c.n.Add(1)
	}
	return rows, err
}

func (cc *countingConn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	var stmt driver.Stmt
	var err error
	if p, ok := cc.Conn.(driver.ConnPrepareContext); ok {
		stmt, err = p.PrepareContext(ctx, query)
	} else {
		stmt, err = cc.Conn.Prepare(query)
	}
	if err != nil {
		return nil, err
	}
	return &countingStmt{Stmt: stmt, c: cc.c}, nil
}

func (cc *countingConn) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	if b, ok := cc.Conn.(driver.ConnBeginTx); ok {
		return b.BeginTx(ctx, opts)
	}
	//lint:ignore SA1019 the same fallback database/sql itself takes
	return cc.Conn.Begin()
}

func (cc *countingConn) Ping(ctx context.Context) error {
	if p, ok := cc.Conn.(driver.Pinger); ok {
		return p.Ping(ctx)
	}
	return nil
}

func (cc *countingConn) ResetSession(ctx context.Context) error {
	if r, ok := cc.Conn.(driver.SessionResetter); ok {
		return r.ResetSession(ctx)
	}
	return nil
}

func (cc *countingConn) IsValid() bool {
	if v, ok := cc.Conn.(driver.Validator); ok {
		return v.IsValid()
	}
	return true
}

func (cc *countingConn) CheckNamedValue(nv *driver.NamedValue) error {
	if c, ok := cc.Conn.(driver.NamedValueChecker); ok {
		return c.CheckNamedValue(nv)
	}
	return driver.ErrSkip
}

type countingStmt struct {
	driver.Stmt
	c *StatementCounter
}

func (s *countingStmt) ExecContext(ctx context.Context, args []driver.NamedValue) (driver.Result, error) {
	s.c.n.Add(1)
	if e, ok := s.Stmt.(driver.StmtExecContext); ok {
		return e.ExecContext(ctx, args)
	}
	values := make([]driver.Value, len(args))
	for i, a := range args {
		values[i] = a.Value
	}
	//lint:ignore SA1019 the same fallback database/sql itself takes
	return s.Stmt.Exec(values)
}

func (s *countingStmt) QueryContext(ctx context.Context, args []driver.NamedValue) (driver.Rows, error) {
	s.c.n.Add(1)
	if q, ok := s.Stmt.(driver.StmtQueryContext); ok {
		return q.QueryContext(ctx, args)
	}
	values := make([]driver.Value, len(args))
	for i, a := range args {
		values[i] = a.Value
	}
	//lint:ignore SA1019 the same fallback database/sql itself takes
	return s.Stmt.Query(values)
}

func (s *countingStmt) CheckNamedValue(nv *driver.NamedValue) error {
	if c, ok := s.Stmt.(driver.NamedValueChecker); ok {
		return c.CheckNamedValue(nv)
	}
	return driver.ErrSkip
}
