package app

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// UserData gives every user their own data ("Download my data") and deletes accounts with
// what belongs to them.
type UserData struct {
	store  UserDataStore
	blobs  ports.BlobStore
	format ports.ExportFormat
	hasher ports.PasswordHasher
	clock  ports.Clock
	log    *slog.Logger
}

// UserDataStore is what the service reads and deletes.
type UserDataStore interface {
	ports.UserDataStore
	UserByUsername(ctx context.Context, username string) (*domain.User, error)
}

// NewUserData builds the service; log nil means slog.Default().
func NewUserData(store UserDataStore, blobs ports.BlobStore, format ports.ExportFormat, hasher ports.PasswordHasher, clock ports.Clock, log *slog.Logger) *UserData {
	if log == nil {
		log = slog.Default()
	}
	return &UserData{store: store, blobs: blobs, format: format, hasher: hasher, clock: clock, log: log}
}

// DeleteOwnAccount deletes the caller's account after checking their password again (a
// stolen session alone cannot delete an account), with everything they own and the photos
// only they showed; what others rely on stays, as by "Deleted user" (ports.UserDataStore's
// DeleteAccount). Superadmins, the protected account and an impersonating superadmin are
// refused. Codes: unauthorized, invalid (password missing or wrong), forbidden.
func (s *UserData) DeleteOwnAccount(ctx context.Context, p *domain.Principal, password string) error {
	if err := signedIn(p); err != nil {
		return err
	}
	if p.IsImpersonating() {
		return domain.Errorf(domain.EForbidden, domain.MsgImpersonatorNoDelete)
	}
	now := s.clock.Now()
	check := func(u *domain.User) error {
		if err := domain.CheckOwnAccountDelete(u); err != nil {
			return err
		}
		if u.PasswordHash == "" {
			// Made by single sign-on: no password to confirm with, so a sign-in of the last
			// minutes (never an API token) stands in for it, as GitHub's sudo mode does.
			if p.Session == nil || now.Sub(p.Session.CreatedAt) > domain.FreshSignIn {
				return domain.Errorf(domain.EForbidden, domain.MsgDeleteFreshSignIn)
			}
			return nil
		}
		if password == "" {
			return &domain.Error{Code: domain.EInvalid, Message: domain.MsgDeletePasswordRequired, Fields: map[string]string{"password": domain.MsgDeletePasswordRequired}}
		}
		if ok, err := s.hasher.Verify(u.PasswordHash, password); err != nil || !ok {
			return &domain.Error{Code: domain.EInvalid, Message: domain.MsgDeletePasswordWrong, Fields: map[string]string{"password": domain.MsgDeletePasswordWrong}}
		}
		return nil
	}
	return s.deleteAccount(ctx, p.User.ID, check)
}

// DeleteAccountAsOperator deletes a user's account from the command line (gardenctl users
// delete), under the rules of the admins' delete: never the protected account, a superadmin
// or a site admin. Codes: not_found, forbidden.
func (s *UserData) DeleteAccountAsOperator(ctx context.Context, username string) error {
	u, err := s.store.UserByUsername(ctx, username)
	if err != nil {
		if domain.ErrorCode(err) == domain.ENotFound {
			return domain.Errorf(domain.ENotFound, domain.MsgUserNotFound)
		}
		return err
	}
	return s.deleteAccount(ctx, u.ID, domain.CheckUserDelete)
}

// DeleteAccountFor is the superadmins' DELETE /api/users/{id}: the same deletion as the
// owner's own (DeleteOwnAccount), so the user's plants, tasks, journal, harvests, layouts,
// plans, listings, tokens, sessions and photos go, and the posts, answers and messages others
// rely on stay under "Deleted user". Never one's own account; never the protected account, a
// superadmin or a site admin (domain.CheckUserDelete). Codes: unauthorized, forbidden,
// not_found.
func (s *UserData) DeleteAccountFor(ctx context.Context, p *domain.Principal, id int64) error {
	if err := requireSuperadmin(p); err != nil {
		return err
	}
	if p.User.ID == id {
		return domain.Errorf(domain.EForbidden, MsgCannotChangeSelf)
	}
	return s.deleteAccount(ctx, id, domain.CheckUserDelete)
}

func (s *UserData) deleteAccount(ctx context.Context, id int64, check func(*domain.User) error) error {
	urls, err := s.store.DeleteAccount(ctx, id, s.clock.Now(), check)
	if domain.ErrorCode(err) == domain.ENotFound {
		return domain.Errorf(domain.ENotFound, domain.MsgUserNotFound)
	} else if err != nil {
		return err
	}
	// The rows are gone; a photo that cannot be removed now is logged (an orphan, never
	// shown: its key is random and no row names it).
	images := NewImages(s.blobs, s.log)
	for _, url := range urls {
		if key, ok := strings.CutPrefix(url, "/api/images/"); ok && !strings.Contains(key, "thumbs/") {
			images.Remove(context.WithoutCancel(ctx), ImageKeyPrefix+key)
		}
	}
	s.log.Info("account deleted", "user", id, "photos", len(urls))
	return nil
}

// imageRef finds the stored images a value names: image URLs, and images inside HTML.
var imageRef = regexp.MustCompile(`/api/images/([A-Za-z0-9._-]+(?:/[A-Za-z0-9._-]+)*)`)

// exportReadme opens every archive: what it holds.
const exportReadme = `Your Garden data, as of %s.

json/<kind>.json   each kind of your data as a JSON array of objects, one per row
csv/<kind>.csv     the same rows as CSV (a header line, then one line per row)
photos/<name>      every photo your plants, journal, harvests, listings and posts show

Passwords and API token secrets are never exported: the api_tokens file names your tokens only.
`

// ExportName is the file name the archive is offered as.
func (s *UserData) ExportName(p *domain.Principal) string {
	return fmt.Sprintf("garden-data-%s-%s.zip", safeFileName(p.User.Username), s.clock.Now().UTC().Format("2006-01-02"))
}

func safeFileName(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r < 128 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			b.WriteRune(r)
		}
	}
	if b.Len() == 0 {
		return "user"
	}
	return b.String()
}

// Export writes the caller's data to w as a zip, streamed: each kind is read from the store
// twice, row by row (once for its JSON file, once for its CSV), and each photo is copied from
// the blob store as it is read, so memory does not grow with the data; only the set of photo
// keys is kept. A photo gone from the store is skipped and named in missing-photos.txt.
// Codes: unauthorized, internal (w's errors and the store's).
func (s *UserData) Export(ctx context.Context, p *domain.Principal, w io.Writer) error {
	if err := signedIn(p); err != nil {
		return err
	}
	userID := p.User.ID
	now := s.clock.Now().UTC()
	archive := s.format.NewWriter(w, now)
	header := func(name string) (io.Writer, error) { return archive.File(name, true) }
	f, err := header("README.txt")
	if err != nil {
		return err
	}
	if _, err := fmt.Fprintf(f, exportReadme, now.Format(time.RFC3339)); err != nil {
		return err
	}
	photos := map[string]bool{}
	for _, kind := range domain.UserDataKinds {
		if err := s.exportJSON(ctx, userID, kind, header, photos); err != nil {
			return fmt.Errorf("export %s: %w", kind, err)
		}
		if err := s.exportCSV(ctx, userID, kind, header); err != nil {
			return fmt.Errorf("export %s: %w", kind, err)
		}
	}
	keys := make([]string, 0, len(photos))
	for k := range photos {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var missing []string
	for _, key := range keys {
		rc, _, err := s.blobs.Get(ctx, ImageKeyPrefix+key)
		if domain.ErrorCode(err) == domain.ENotFound || domain.ErrorCode(err) == domain.EInvalid {
			missing = append(missing, key)
			continue
		} else if err != nil {
			return err
		}
		f, err := archive.File("photos/"+key, false)
		if err == nil {
			_, err = io.Copy(f, rc)
		}
		rc.Close()
		if err != nil {
			return err
		}
	}
	if len(missing) > 0 {
		f, err := header("missing-photos.txt")
		if err != nil {
			return err
		}
		fmt.Fprintf(f, "These photos are named by your data but were no longer in storage:\n%s\n", strings.Join(missing, "\n"))
	}
	s.log.Info("user data exported", "user", userID, "photos", len(keys)-len(missing))
	return archive.Close()
}

func (s *UserData) exportJSON(ctx context.Context, userID int64, kind string, header func(string) (io.Writer, error), photos map[string]bool) error {
	f, err := header("json/" + kind + ".json")
	if err != nil {
		return err
	}
	if _, err := io.WriteString(f, "["); err != nil {
		return err
	}
	n := 0
	err = s.store.UserData(ctx, userID, kind, func(columns []string, values []any) error {
		var b strings.Builder
		if n > 0 {
			b.WriteString(",")
		}
		b.WriteString("\n{")
		for i, c := range columns {
			if i > 0 {
				b.WriteString(",")
			}
			k, _ := json.Marshal(c)
			v, err := json.Marshal(values[i])
			if err != nil {
				return err
			}
			b.Write(k)
			b.WriteString(":")
			b.Write(v)
			if str, ok := values[i].(string); ok && strings.Contains(str, "/api/images/") {
				for _, m := range imageRef.FindAllStringSubmatch(str, -1) {
					if !strings.HasPrefix(m[1], "thumbs/") {
						photos[m[1]] = true
					}
				}
			}
		}
		b.WriteString("}")
		n++
		_, err := io.WriteString(f, b.String())
		return err
	})
	if err != nil {
		return err
	}
	_, err = io.WriteString(f, "\n]\n")
	return err
}

func (s *UserData) exportCSV(ctx context.Context, userID int64, kind string, header func(string) (io.Writer, error)) error {
	f, err := header("csv/" + kind + ".csv")
	if err != nil {
		return err
	}
	cw := csv.NewWriter(f)
	first := true
	record := []string{}
	err = s.store.UserData(ctx, userID, kind, func(columns []string, values []any) error {
		if first {
			if err := cw.Write(columns); err != nil {
				return err
			}
			first = false
		}
		record = record[:0]
		for _, v := range values {
			record = append(record, csvValue(v))
		}
		return cw.Write(record)
	})
	if err != nil {
		return err
	}
	cw.Flush()
	return cw.Error()
}

func csvValue(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case bool:
		return strconv.FormatBool(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	return fmt.Sprint(v)
}
