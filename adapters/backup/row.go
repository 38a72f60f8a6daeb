package backup

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// rowDecoder reads a row line into the Go values of the target's column kinds. A row is a flat
// JSON object of scalars, so it is scanned by hand: a value that is a list or an object is
// refused at its first byte, never decoded (an archive once held a row of 33 million zeros),
// and a row costs its strings and values only (a json.Decoder per line doubled the restore's
// time and allocations).
type rowDecoder struct {
	columns []string
	kinds   []ports.BackupKind
	index   map[string]int
	seen    []bool
}

func newRowDecoder(t *ports.BackupManifestTable, target ports.BackupTable) *rowDecoder {
	d := &rowDecoder{columns: make([]string, len(t.Columns)), kinds: make([]ports.BackupKind, len(t.Columns)),
		index: make(map[string]int, len(t.Columns)), seen: make([]bool, len(t.Columns))}
	for i, c := range t.Columns {
		d.columns[i] = c.Name
		d.kinds[i] = target.Kind(c.Name)
		d.index[c.Name] = i
	}
	return d
}

var errNotARow = errors.New("a row is not a JSON object of column values")

// decode fills row (one value per column, nil where the line has none) from line. On error,
// column names the column whose value is bad ("" when the line itself is).
func (d *rowDecoder) decode(line []byte, row []any) (column string, err error) {
	clear(d.seen)
	s := rowScanner{b: line}
	if !s.next('{') {
		return "", errNotARow
	}
	if s.next('}') {
		return "", s.end()
	}
	for {
		key, err := s.str()
		if err != nil {
			return "", errNotARow
		}
		i, ok := d.index[key]
		if !ok {
			return "", fmt.Errorf("a row has a column %q that the manifest does not list", clip(key))
		}
		if d.seen[i] {
			return "", fmt.Errorf("a row has the column %s twice", key)
		}
		d.seen[i] = true
		if !s.next(':') {
			return "", errNotARow
		}
		v, err := s.value()
		if err != nil {
			return key, fmt.Errorf("%w, not a %s", err, d.kinds[i])
		}
		if row[i], err = restoreValue(d.kinds[i], v); err != nil {
			return key, err
		}
		if s.next('}') {
			return "", s.end()
		}
		if !s.next(',') {
			return "", errNotARow
		}
	}
}

// rowScanner reads the JSON of one row line.
type rowScanner struct {
	b []byte
	i int
}

func (s *rowScanner) space() {
	for s.i < len(s.b) && (s.b[s.i] == ' ' || s.b[s.i] == '\t' || s.b[s.i] == '\r' || s.b[s.i] == '\n') {
		s.i++
	}
}

// next consumes c (after white space) if it comes next.
func (s *rowScanner) next(c byte) bool {
	s.space()
	if s.i < len(s.b) && s.b[s.i] == c {
		s.i++
		return true
	}
	return false
}

func (s *rowScanner) end() error {
	s.space()
	if s.i != len(s.b) {
		return errors.New("a row has data after its end")
	}
	return nil
}

// str reads a JSON string. One without escapes that is valid UTF-8 is taken as it is; any other
// goes through encoding/json, which checks and unescapes it as every archive was read before.
func (s *rowScanner) str() (string, error) {
	if !s.next('"') {
		return "", errNotARow
	}
	start, plain := s.i, true
	for ; s.i < len(s.b); s.i++ {
		switch c := s.b[s.i]; {
		case c == '"':
			s.i++
			raw := s.b[start : s.i-1]
			if plain && utf8.Valid(raw) {
				return string(raw), nil
			}
			var v string
			if err := json.Unmarshal(s.b[start-1:s.i], &v); err != nil {
				return "", errors.New("a text is not valid JSON")
			}
			return v, nil
		case c == '\\':
			plain = false
			s.i++ // the escaped character, a quote among them
		case c < 0x20:
			return "", errors.New("a text holds a control character")
		}
	}
	return "", errNotARow
}

// value reads one scalar: a string, a json.Number, a bool or nil.
func (s *rowScanner) value() (any, error) {
	s.space()
	if s.i >= len(s.b) {
		return nil, errNotARow
	}
	switch c := s.b[s.i]; {
	case c == '"':
		return s.str()
	case c == '[':
		return nil, errors.New("a list")
	case c == '{':
		return nil, errors.New("an object")
	case c == '-' || c >= '0' && c <= '9':
		start := s.i
		for s.i < len(s.b) && strings.IndexByte("+-.eE0123456789", s.b[s.i]) >= 0 {
			s.i++
		}
		n := s.b[start:s.i]
		if !json.Valid(n) {
			return nil, fmt.Errorf("%s is not a number", clip(string(n)))
		}
		return json.Number(n), nil
	}
	for _, lit := range []struct {
		text  string
		value any
	}{{"true", true}, {"false", false}, {"null", nil}} {
		if bytes.HasPrefix(s.b[s.i:], []byte(lit.text)) {
			s.i += len(lit.text)
			return lit.value, nil
		}
	}
	return nil, errNotARow
}

// restoreValue turns a JSON value of the archive (a string, json.Number, bool or nil) into the Go
// value of the target column's kind, so that a SQLite archive (booleans as 0/1, dates as text)
// fits PostgreSQL and back.
func restoreValue(kind ports.BackupKind, v any) (any, error) {
	if v == nil {
		return nil, nil
	}
	switch kind {
	case ports.BackupInt:
		switch x := v.(type) {
		case json.Number:
			if n, err := strconv.ParseInt(string(x), 10, 64); err == nil {
				return n, nil
			}
		case bool:
			if x {
				return int64(1), nil
			}
			return int64(0), nil
		}
	case ports.BackupFloat:
		if x, ok := v.(json.Number); ok {
			if f, err := strconv.ParseFloat(string(x), 64); err == nil {
				return f, nil
			}
		}
	case ports.BackupBool:
		switch x := v.(type) {
		case bool:
			return x, nil
		case json.Number:
			return x.String() != "0", nil
		}
	case ports.BackupText:
		switch x := v.(type) {
		case string:
			return x, nil
		case json.Number:
			return x.String(), nil
		}
	case ports.BackupDate:
		if x, ok := v.(string); ok && len(x) >= 10 {
			if _, err := time.Parse(domain.DateLayout, x[:10]); err == nil {
				return x[:10], nil
			}
		}
	case ports.BackupTime:
		if x, ok := v.(string); ok {
			if t, err := time.Parse(time.RFC3339Nano, x); err == nil {
				return t, nil
			}
		}
	}
	shown := fmt.Sprint(v)
	if s, ok := v.(string); ok {
		shown = strconv.Quote(clip(s))
	}
	return nil, fmt.Errorf("%s is not a %s", clip(shown), kind)
}
