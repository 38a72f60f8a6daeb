package backup

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"testing"

	"github.com/gardenctl/garden/ports"
)

// rowTable has one column of each kind a restore converts to.
var rowTable = ports.BackupTable{Name: "t", Columns: []ports.BackupColumn{
	{Name: "i", Kind: ports.BackupInt}, {Name: "f", Kind: ports.BackupFloat}, {Name: "b", Kind: ports.BackupBool},
	{Name: "s", Kind: ports.BackupText}, {Name: "d", Kind: ports.BackupDate}, {Name: "t", Kind: ports.BackupTime},
}}

// referenceRow decodes line the way restores read rows before the hand scanner: encoding/json
// into a map, then restoreValue per column. ok is false where that refused the line.
func referenceRow(line []byte) ([]any, bool) {
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.UseNumber()
	var obj map[string]any
	if dec.Decode(&obj) != nil || obj == nil {
		return nil, false
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, false // data after the object
	}
	row := make([]any, len(rowTable.Columns))
	for k, v := range obj {
		i := -1
		for j, c := range rowTable.Columns {
			if c.Name == k {
				i = j
			}
		}
		if i < 0 {
			return nil, false
		}
		switch v.(type) {
		case map[string]any, []any:
			return nil, false
		}
		var err error
		if row[i], err = restoreValue(rowTable.Columns[i].Kind, v); err != nil {
			return nil, false
		}
	}
	return row, true
}

// FuzzRowDecode: the hand-written row scanner accepts exactly the rows encoding/json accepts
// (flat objects of known columns, each key once) and reads the same values from them.
func FuzzRowDecode(f *testing.F) {
	for _, seed := range []string{
		`{"i":1,"f":2.5,"b":true,"s":"Zoë \"O'Brien\"\nline two 🌱","d":"2026-03-14","t":"2026-03-14T09:26:53.589793Z"}`,
		`{}`, `{"s":null}`, `{"i":[0,0]}`, `{"s":"\u00e9\ud83c\udf31"}`, `{"s":"bad \x01"}`, `{"i":01}`, `{"i":1e3}`,
		`{"b":0}`, `{"s":12}`, ` { "i" : -3 } `, `{"i":1}x`, `{"x":1}`, "{\"s\":\"\xff\"}", `{"i":1,}`, `{"s":"a\`,
	} {
		f.Add([]byte(seed))
	}
	t := &ports.BackupManifestTable{Name: "t", Columns: rowTable.Columns}
	f.Fuzz(func(tt *testing.T, line []byte) {
		if bytes.IndexByte(line, '\n') >= 0 {
			return // a row is one line
		}
		d := newRowDecoder(t, rowTable)
		got := make([]any, len(rowTable.Columns))
		_, err := d.decode(line, got)
		want, ok := referenceRow(line)
		if dup := hasDuplicateKey(line); dup {
			ok = false // encoding/json keeps the last; a row names each column once
		}
		if (err == nil) != ok {
			tt.Fatalf("%q: scanner error %v, encoding/json accepts: %v", line, err, ok)
		}
		if ok && !reflect.DeepEqual(got, want) {
			tt.Fatalf("%q: scanner read %#v, encoding/json %#v", line, got, want)
		}
	})
}

// hasDuplicateKey reports whether a flat JSON object names one key twice.
func hasDuplicateKey(line []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(line))
	seen := map[string]bool{}
	depth := 0
	expectKey := false
	for {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		switch tok {
		case json.Delim('{'):
			depth++
			expectKey = depth == 1
			continue
		case json.Delim('}'), json.Delim(']'):
			depth--
		case json.Delim('['):
			depth++
		}
		if s, ok := tok.(string); ok && depth == 1 && expectKey {
			if seen[s] {
				return true
			}
			seen[s] = true
			expectKey = false
			continue
		}
		if depth == 1 {
			expectKey = true
		}
	}
}
