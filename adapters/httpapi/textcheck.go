package httpapi

import (
	"bytes"
	"encoding/json"
	"net/http"
	"reflect"
	"strings"
	"unicode/utf8"

	"github.com/gardenctl/garden/core/domain"
)

// MsgNULCharacter answers a text field holding a NUL character. PostgreSQL cannot store one
// in text (it answered 500), and no person types one (issue #16 item 7).
const MsgNULCharacter = "Text must not contain NUL characters (\\u0000)"

var rawMessageType = reflect.TypeOf(json.RawMessage(nil))

// nulField finds the first string inside v (a decoded request body) that holds a NUL character
// and returns its JSON field name ("" for a top-level value), or ok false when there is none.
func nulField(v reflect.Value, name string, depth int) (string, bool) {
	if depth > 32 {
		return "", false
	}
	switch v.Kind() {
	case reflect.String:
		if strings.ContainsRune(v.String(), 0) {
			return name, true
		}
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			return nulField(v.Elem(), name, depth+1)
		}
	case reflect.Struct:
		t := v.Type()
		for i := 0; i < v.NumField(); i++ {
			f := t.Field(i)
			if !f.IsExported() && !f.Anonymous { // an embedded part of a body (siteInput) is read too
				continue
			}
			n := name
			if tag, _, _ := strings.Cut(f.Tag.Get("json"), ","); tag != "" && tag != "-" {
				n = tag
			} else if !f.Anonymous && n == "" {
				n = f.Name
			}
			if got, ok := nulField(v.Field(i), n, depth+1); ok {
				return got, true
			}
		}
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.Type().Elem().Kind() == reflect.Uint8 {
			// Raw JSON kept for later (stored as JSON, which PostgreSQL also refuses with a
			// NUL in it): look for the escape. Other bytes are not text.
			if v.Type() == rawMessageType && bytes.Contains(bytes.ToLower(v.Bytes()), []byte(`\u0000`)) {
				return name, true
			}
			return "", false
		}
		for i := 0; i < v.Len(); i++ {
			if got, ok := nulField(v.Index(i), name, depth+1); ok {
				return got, true
			}
		}
	case reflect.Map:
		iter := v.MapRange()
		for iter.Next() {
			if k := iter.Key(); k.Kind() == reflect.String && strings.ContainsRune(k.String(), 0) {
				return name, true
			}
			if got, ok := nulField(iter.Value(), name, depth+1); ok {
				return got, true
			}
		}
	}
	return "", false
}

// checkText refuses a decoded body with a NUL character in any text.
func checkText(dst any) error {
	field, ok := nulField(reflect.ValueOf(dst), "", 0)
	if !ok {
		return nil
	}
	e := &domain.Error{Code: domain.EInvalid, Message: MsgNULCharacter}
	if field != "" {
		e.Fields = map[string]string{field: MsgNULCharacter}
	}
	return e
}

// MsgBadAddressText answers a request whose path or query holds a NUL character or bytes that
// are not UTF-8: no route reads such text, and PostgreSQL refuses it (a 500 before).
const MsgBadAddressText = "The address holds characters that are not allowed"

// checkAddressText refuses, before any handler, a path or query that decodes to a NUL
// character or to invalid UTF-8.
func checkAddressText(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		bad := !utf8.ValidString(r.URL.Path) || strings.ContainsRune(r.URL.Path, 0)
		if !bad && r.URL.RawQuery != "" {
			for k, vs := range r.URL.Query() {
				for _, v := range append(vs, k) {
					if !utf8.ValidString(v) || strings.ContainsRune(v, 0) {
						bad = true
					}
				}
			}
		}
		if bad {
			writeJSON(w, http.StatusBadRequest, errorJSON{Message: MsgBadAddressText, Code: domain.EInvalid})
			return
		}
		next.ServeHTTP(w, r)
	})
}
