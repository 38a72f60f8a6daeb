package backup

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// decodeManifest reads the manifest from r token by token, never a whole value, and checks each
// part and blob against the files read before it (found) as soon as it is read: a manifest
// listing a million files that are not there is refused at the first.
func decodeManifest(r io.Reader, found map[string]entrySum) (ports.BackupManifest, error) {
	h := sha256.New()
	lines := &lineCheck{max: MaxRowLine}
	src := lineReader{r: io.TeeReader(&capReader{r: r, n: maxManifestSize}, h), check: lines}
	d := &manifestDecoder{dec: json.NewDecoder(src), found: found}
	d.dec.UseNumber()
	err := d.decode()
	if err == nil {
		// Only white space may follow the manifest's object; reading it also completes the digest.
		if _, terr := d.dec.Token(); !errors.Is(terr, io.EOF) {
			err = errors.New("data after its end")
			if terr != nil {
				err = terr
			}
		}
	}
	var de *domain.Error
	switch {
	case err == nil:
	case errors.As(err, &de):
		return d.m, err
	case errors.As(err, new(lineTooLong)):
		return d.m, damaged("its manifest's %v (it is written one value a line)", err)
	case errors.Is(err, errManifestTooLarge):
		return d.m, damaged("its manifest is larger than %d MiB", maxManifestSize>>20)
	default:
		return d.m, damaged("its manifest cannot be read (%s)", clip(err.Error()))
	}
	if d.m.Format < 1 {
		return d.m, damaged("its manifest has no format version")
	}
	d.m.Digest = hex.EncodeToString(h.Sum(nil))
	return d.m, nil
}

// manifestDecoder walks a manifest's JSON tokens.
type manifestDecoder struct {
	dec          *json.Decoder
	found        map[string]entrySum
	m            ports.BackupManifest
	parts, blobs int
}

func (d *manifestDecoder) decode() error {
	return d.object(func(key string) error {
		switch key {
		case "format":
			n, err := d.int()
			if err != nil {
				return err
			}
			if n > FormatVersion {
				return domain.Errorf(domain.EInvalid, "The backup archive has format %d, written by a newer Garden; this gardenctl reads format %d and older. Restore it with a newer gardenctl. Nothing was restored.", n, FormatVersion)
			}
			if n < 1 {
				return damaged("its manifest has no format version")
			}
			d.m.Format = int(n)
		case "schemaVersion":
			n, err := d.int()
			if err != nil {
				return err
			}
			d.m.SchemaVersion = int(n)
		case "createdAt":
			v, err := d.str()
			if err != nil {
				return err
			}
			if d.m.CreatedAt, err = time.Parse(time.RFC3339Nano, v); err != nil {
				return fmt.Errorf("createdAt %q is not a time", clip(v))
			}
		case "blobsMissing":
			n, err := d.int()
			d.m.BlobsMissing = int(n)
			return err
		case "tables":
			return d.array(d.table)
		case "blobs":
			return d.array(d.blob)
		default:
			return d.skip()
		}
		return nil
	})
}

func (d *manifestDecoder) table() error {
	if len(d.m.Tables) >= maxTables {
		return damaged("its manifest lists more than %d tables", maxTables)
	}
	var t ports.BackupManifestTable
	var partRows int64
	err := d.object(func(key string) error {
		var err error
		switch key {
		case "name":
			t.Name, err = d.str()
		case "rows":
			t.Rows, err = d.int()
		case "columns":
			err = d.array(func() error {
				if len(t.Columns) >= maxColumns {
					return damaged("its manifest lists more than %d columns of a table", maxColumns)
				}
				var c ports.BackupColumn
				err := d.object(func(key string) error {
					var err error
					switch key {
					case "name":
						c.Name, err = d.str()
					case "kind":
						var kind string
						kind, err = d.str()
						c.Kind = ports.BackupKind(kind)
					default:
						err = d.skip()
					}
					return err
				})
				t.Columns = append(t.Columns, c)
				return err
			})
		case "parts":
			err = d.array(func() error {
				p, err := d.part()
				if err != nil {
					return err
				}
				t.Parts = append(t.Parts, p)
				partRows += p.Rows
				return nil
			})
		default:
			err = d.skip()
		}
		return err
	})
	if err != nil {
		return err
	}
	if partRows != t.Rows {
		return damaged("table %s has %d rows in its parts, the manifest says %d", clip(t.Name), partRows, t.Rows)
	}
	d.m.Tables = append(d.m.Tables, t)
	return nil
}

func (d *manifestDecoder) part() (ports.BackupPart, error) {
	var p ports.BackupPart
	if d.parts++; d.parts > maxParts {
		return p, damaged("its manifest lists more than %d parts of rows", maxParts)
	}
	err := d.object(func(key string) error {
		var err error
		switch key {
		case "path":
			p.Path, err = d.str()
		case "rows":
			p.Rows, err = d.int()
		case "bytes":
			p.Bytes, err = d.int()
		case "sha256":
			p.SHA256, err = d.str()
		default:
			err = d.skip()
		}
		return err
	})
	if err != nil {
		return p, err
	}
	if !strings.HasPrefix(p.Path, tablesDir) {
		return p, damaged("the part %s is not under %s", strconv.Quote(clip(p.Path)), tablesDir)
	}
	return p, d.claim(p.Path, p.Bytes, p.Rows, p.SHA256)
}

func (d *manifestDecoder) blob() error {
	if d.blobs++; d.blobs > maxBlobs {
		return damaged("its manifest lists more than %d blobs", maxBlobs)
	}
	var bl ports.BackupManifestBlob
	err := d.object(func(key string) error {
		var err error
		switch key {
		case "key":
			bl.Key, err = d.str()
		case "path":
			bl.Path, err = d.str()
		case "contentType":
			bl.ContentType, err = d.str()
		case "bytes":
			bl.Bytes, err = d.int()
		case "sha256":
			bl.SHA256, err = d.str()
		default:
			err = d.skip()
		}
		return err
	})
	if err != nil {
		return err
	}
	if err := ports.ValidateBlobKey(bl.Key); err != nil || bl.Path != blobsDir+bl.Key {
		return damaged("blob %q has a bad key", clip(bl.Key))
	}
	if len(bl.ContentType) > maxQuoted {
		return damaged("blob %s has a content type longer than %d bytes", bl.Key, maxQuoted)
	}
	if err := d.claim(bl.Path, bl.Bytes, -1, bl.SHA256); err != nil {
		return err
	}
	d.m.Blobs = append(d.m.Blobs, bl)
	return nil
}

// claim checks a listed file against what the archive holds under its name.
func (d *manifestDecoder) claim(name string, size, lines int64, sum string) error {
	got, ok := d.found[name]
	switch {
	case !ok:
		return damaged("%s is missing", clip(name))
	case got.listed:
		return damaged("%s is listed twice in the manifest", clip(name))
	case got.size != size:
		return damaged("%s has %d bytes, the manifest says %d", clip(name), got.size, size)
	case got.sum != sum:
		return damaged("%s does not match its checksum", clip(name))
	case lines >= 0 && got.lines != lines:
		return damaged("%s has %d rows, the manifest says %d", clip(name), got.lines, lines)
	}
	got.listed = true
	d.found[name] = got
	return nil
}

// object reads one JSON object, calling field for each key; field reads the key's value.
func (d *manifestDecoder) object(field func(key string) error) error {
	if err := d.delim('{'); err != nil {
		return err
	}
	for d.dec.More() {
		tok, err := d.dec.Token()
		if err != nil {
			return err
		}
		key, _ := tok.(string)
		if err := field(key); err != nil {
			return err
		}
	}
	return d.delim('}')
}

// array reads one JSON array (or null), calling item for each element.
func (d *manifestDecoder) array(item func() error) error {
	tok, err := d.dec.Token()
	if err != nil || tok == nil {
		return err
	}
	if tok != json.Delim('[') {
		return fmt.Errorf("%v where a list belongs", tokenText(tok))
	}
	for d.dec.More() {
		if err := item(); err != nil {
			return err
		}
	}
	return d.delim(']')
}

func (d *manifestDecoder) delim(want json.Delim) error {
	tok, err := d.dec.Token()
	if err != nil {
		return err
	}
	if tok != want {
		return fmt.Errorf("%s where %v belongs", tokenText(tok), want)
	}
	return nil
}

func (d *manifestDecoder) str() (string, error) {
	tok, err := d.dec.Token()
	if err != nil {
		return "", err
	}
	s, ok := tok.(string)
	if !ok {
		return "", fmt.Errorf("%s where a text belongs", tokenText(tok))
	}
	return s, nil
}

func (d *manifestDecoder) int() (int64, error) {
	tok, err := d.dec.Token()
	if err != nil {
		return 0, err
	}
	n, ok := tok.(json.Number)
	if !ok {
		return 0, fmt.Errorf("%s where a number belongs", tokenText(tok))
	}
	v, err := strconv.ParseInt(string(n), 10, 64)
	if err != nil {
		return 0, fmt.Errorf("%s is not a whole number", clip(string(n)))
	}
	return v, nil
}

// skip reads one value of any shape, token by token.
func (d *manifestDecoder) skip() error {
	depth := 0
	for {
		tok, err := d.dec.Token()
		if err != nil {
			return err
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			depth++
		case json.Delim('}'), json.Delim(']'):
			depth--
		}
		if depth == 0 {
			return nil
		}
	}
}

// tokenText shows a JSON token in an error, clipped.
func tokenText(tok json.Token) string {
	switch t := tok.(type) {
	case nil:
		return "null"
	case string:
		return strconv.Quote(clip(t))
	case json.Number:
		return clip(string(t))
	case json.Delim:
		return string(rune(t))
	default:
		return fmt.Sprint(t)
	}
}
