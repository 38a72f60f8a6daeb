package app

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"path"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// Backups writes and restores whole-installation archives: the database through the
// BackupStore port, the blobs through the BlobStore port, and the archive's bytes through the
// BackupFormat port. It decides what goes into an archive and how a restore proceeds (the
// target's checks, the restore marker, resume and force); the format only writes and reads.
type Backups struct {
	store  ports.BackupStore
	blobs  ports.BlobStore
	format ports.BackupFormat
	clock  ports.Clock
	log    *slog.Logger
}

// NewBackups returns the backup service.
func NewBackups(store ports.BackupStore, blobs ports.BlobStore, format ports.BackupFormat, clock ports.Clock, log *slog.Logger) *Backups {
	if log == nil {
		log = slog.Default()
	}
	return &Backups{store: store, blobs: blobs, format: format, clock: clock, log: log}
}

// Name is the file name of an archive made now.
func (b *Backups) Name() string { return BackupName(b.clock.Now()) }

// BackupOptions tune Create.
type BackupOptions struct {
	// SkipBlobPrefix leaves out blobs under this prefix: the backup job's own archives when it
	// keeps them in the blob store.
	SkipBlobPrefix string
}

// Create writes an archive of the installation to w: every table from one read transaction,
// then every blob. Writers go on meanwhile; a blob deleted after the snapshot is counted in
// BlobsMissing, a blob added after it is included (unreferenced, harmless).
func (b *Backups) Create(ctx context.Context, w io.Writer, opts BackupOptions) (ports.BackupManifest, error) {
	m := ports.BackupManifest{CreatedAt: b.clock.Now().UTC().Truncate(time.Second)}
	// An archive of a half-restored installation would lack the blobs still to come.
	if err := b.Unfinished(ctx); err != nil {
		return m, err
	}
	aw := b.format.NewWriter(w, m.CreatedAt)
	err := b.store.Snapshot(ctx, func(snap ports.BackupSnapshot) error {
		m.SchemaVersion = snap.SchemaVersion()
		for _, t := range snap.Tables() {
			err := aw.Table(t, func(add func(values []any) error) error { return snap.Rows(ctx, t.Name, add) })
			if err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return m, err
	}
	// Blobs are listed after the snapshot, so every blob a snapshot row names was already
	// stored (images are stored before the rows that name them).
	var keys []string
	err = b.blobs.List(ctx, "", func(key string, _ ports.BlobInfo) error {
		// An archive is never content: one kept in the blob store (now or by an earlier
		// destination setting) would otherwise be copied into every later archive.
		if IsBackupName(key) || opts.SkipBlobPrefix != "" && strings.HasPrefix(key, opts.SkipBlobPrefix) {
			return nil
		}
		keys = append(keys, key)
		return nil
	})
	if err != nil {
		return m, fmt.Errorf("backup: list blobs: %w", err)
	}
	for _, key := range keys {
		rc, info, err := b.blobs.Get(ctx, key)
		if domain.ErrorCode(err) == domain.ENotFound {
			m.BlobsMissing++
			continue
		} else if err != nil {
			return m, fmt.Errorf("backup: read blob %s: %w", key, err)
		}
		err = aw.Blob(key, info.ContentType, info.Size, rc)
		rc.Close()
		if err != nil {
			return m, fmt.Errorf("backup: blob %s: %w", key, err)
		}
	}
	return aw.Close(m.SchemaVersion, m.BlobsMissing)
}

// BackupRestoreReport says what a restore restored, or with DryRun what it would restore.
type BackupRestoreReport struct {
	Manifest ports.BackupManifest
	DryRun   bool
	// Refusal is why the target cannot take the archive (dry run only: a real restore returns
	// it as its error).
	Refusal error
	// MigrateFirst: the database is blank (or behind) and is migrated to the archive's schema
	// before the rows go in.
	MigrateFirst bool
	// MigratedTo is the schema the restored rows were migrated to, when the archive was
	// older than this program (0: none).
	MigratedTo int
	// Resumed: an unfinished restore was finished; RowsRestored says whether this run
	// restored the rows too (their transaction had not committed) or only blobs remained.
	Resumed      bool
	RowsRestored bool
	// Emptied: --force emptied an unfinished restore's rows and blobs before restoring.
	Emptied bool
	// BlobsWritten were written; BlobsSkipped were already there with their checksum (resume).
	BlobsWritten, BlobsSkipped int
}

// RestoreOptions tune Restore.
type RestoreOptions struct {
	// DryRun does every check and reports what the restore would do, writing nothing.
	DryRun bool
	// Resume finishes a restore that did not finish, from the same archive: its rows when
	// their transaction never committed, then every blob that is not already there with the
	// archive's checksum.
	Resume bool
	// Force empties an installation whose restore did not finish (its rows and its blobs) and
	// restores the archive from the start. An installation without an unfinished restore must
	// still be empty.
	Force bool
	// Source names the archive (as the operator gave it) in the restore marker, so that the
	// messages of serve and of a later restore say which file to resume with.
	Source string
}

// Verify reads the whole archive and checks it against its manifest: format version, every
// part and blob present with its size, row count and SHA-256, nothing else in it, and no line
// longer than a restore reads, holding a bounded amount of memory whatever the archive holds.
func (b *Backups) Verify(ctx context.Context, r io.Reader) (ports.BackupManifest, error) {
	return b.format.Verify(ctx, r)
}

// maxQuoted is how much of a name from an archive a refusal quotes.
const maxQuoted = 200

// clip quotes at most maxQuoted bytes of a value read from an archive, so that a refusal never
// repeats a crafted megabyte.
func clip(v string) string {
	if len(v) <= maxQuoted {
		return v
	}
	cut := maxQuoted
	for cut > 0 && !utf8.RuneStart(v[cut]) {
		cut--
	}
	return fmt.Sprintf("%s… (%d bytes)", v[:cut], len(v))
}

// restorePlan is what a restore does to the target's schema around the rows.
type restorePlan struct {
	// tables are the target's tables by name (nil until the schema is at the archive's).
	tables map[string]ports.BackupTable
	// migrateFirst: the database is blank or behind the archive and is migrated to the
	// archive's schema before the rows go in.
	migrateFirst bool
	// latest is the newest migration, applied after the rows when the archive is older.
	latest int
}

// targetCheck says which of checkTarget's emptiness checks a restore skips.
type targetCheck struct {
	// rows: the rows are replaced (--force of an unfinished restore).
	skipRows bool
	// blobs: the blob store is emptied first (--force).
	skipBlobs bool
}

// checkTarget returns what the restore must do, or why the database and blob store cannot
// take the archive.
func (b *Backups) checkTarget(ctx context.Context, m ports.BackupManifest, c targetCheck) (restorePlan, error) {
	target, err := b.store.BackupTarget(ctx)
	if err != nil {
		return restorePlan{}, err
	}
	plan := restorePlan{latest: target.Latest}
	switch {
	case m.SchemaVersion > target.Latest:
		return plan, domain.Errorf(domain.EInvalid, "The backup has database schema %d, newer than this gardenctl knows (%d): restore it with a newer gardenctl. Nothing was restored.", m.SchemaVersion, target.Latest)
	case target.SchemaVersion > m.SchemaVersion:
		return plan, domain.Errorf(domain.EInvalid, "The backup has database schema %d, older than this database's %d: restore it into a new, blank database (created, but without gardenctl migrate or serve); the restore migrates it to schema %d, restores the rows and then applies the newer migrations. Nothing was restored.", m.SchemaVersion, target.SchemaVersion, m.SchemaVersion)
	}
	if len(target.Occupied) > 0 && !c.skipRows {
		return plan, domain.Errorf(domain.EConflict, "The database is not empty (%s): restore only into a new installation (gardenctl migrate, then restore, before serve). Nothing was restored.", strings.Join(target.Occupied, ", "))
	}
	if !c.skipBlobs {
		var blob string
		errStop := errors.New("stop")
		if err := b.blobs.List(ctx, "", func(key string, _ ports.BlobInfo) error { blob = key; return errStop }); err != nil && !errors.Is(err, errStop) {
			return plan, err
		}
		if blob != "" {
			return plan, domain.Errorf(domain.EConflict, "The blob store is not empty (it holds %s among others): restore only into an empty folder or bucket. Nothing was restored.", blob)
		}
	}
	if target.SchemaVersion < m.SchemaVersion {
		plan.migrateFirst = true
		return plan, nil
	}
	plan.tables, err = matchTables(m, target.Tables)
	return plan, err
}

// matchTables checks that the database has every table and column of the archive.
func matchTables(m ports.BackupManifest, have []ports.BackupTable) (map[string]ports.BackupTable, error) {
	tables := map[string]ports.BackupTable{}
	for _, t := range have {
		tables[t.Name] = t
	}
	for _, t := range m.Tables {
		tt, ok := tables[t.Name]
		if !ok {
			return nil, domain.Errorf(domain.EInvalid, "The backup holds a table %s that this database does not have. Nothing was restored.", clip(t.Name))
		}
		for _, c := range t.Columns {
			if tt.Kind(c.Name) == "" {
				return nil, domain.Errorf(domain.EInvalid, "The backup holds a column %s.%s that this database does not have. Nothing was restored.", t.Name, clip(c.Name))
			}
		}
	}
	return tables, nil
}

// resumeHint says what to run when a restore stops after its marker was written.
func resumeHint(source string) string {
	if source == "" {
		source = "FILE"
	}
	return fmt.Sprintf(`Run "gardenctl backup restore %s --resume" to finish it (blobs already restored with the right checksum are kept), or "gardenctl backup restore FILE --force" to empty this installation (rows and blobs) and restore FILE from the start.`, source)
}

// unfinished is the error of an installation whose restore marker is there.
func unfinished(code string, mk ports.RestoreMarker) error {
	state := "its rows were not restored"
	if mk.RowsRestored {
		state = "its rows are restored but blobs may be missing"
	}
	return domain.Errorf(code, "A restore of %s (an archive made %s) began at %s and did not finish: %s. %s",
		mk.Source, mk.CreatedAt.UTC().Format(time.RFC3339), mk.StartedAt.UTC().Format(time.RFC3339), state, resumeHint(mk.Source))
}

// Unfinished returns an unavailable error that says what to run when a restore of this
// installation began and did not finish: serve, migrate and the commands that need a working
// installation refuse with it.
func (b *Backups) Unfinished(ctx context.Context) error {
	mk, found, err := b.store.RestoreMarker(ctx)
	if err != nil || !found {
		return err
	}
	return unfinished(domain.EUnavailable, mk)
}

// Ready is /readyz's view of restores: unavailable while a restore has not finished. It does not
// name the archive (the answer is public) and leaves a database it cannot read to the store's own
// readiness check.
func (b *Backups) Ready(ctx context.Context) error {
	if _, found, err := b.store.RestoreMarker(ctx); err == nil && found {
		return domain.Errorf(domain.EUnavailable, "A restore did not finish: run gardenctl backup restore FILE --resume to finish it, or gardenctl backup restore FILE --force to start again.")
	}
	return nil
}

// Restore restores the archive that open returns into this installation, which must be
// empty. open is called twice: the whole archive is verified before anything is written.
//
// A restore marker is written before the first row and removed after the last blob (and the
// migrations that bring an older archive forward); while it is there serve refuses to start
// and /readyz answers 503. The rows go in one transaction; the blobs follow once it has
// committed. A restore that stops (killed, or a blob store failing) leaves the marker: with
// opts.Resume, the same archive finishes it; with opts.Force, any archive replaces it. With
// opts.DryRun it stops after the checks and reports what it would restore, and why it would
// refuse.
func (b *Backups) Restore(ctx context.Context, open func() (io.ReadCloser, error), opts RestoreOptions) (BackupRestoreReport, error) {
	if opts.Resume && opts.Force {
		return BackupRestoreReport{}, domain.Errorf(domain.EInvalid, "--resume finishes an unfinished restore and --force starts it again: choose one.")
	}
	rc, err := open()
	if err != nil {
		return BackupRestoreReport{}, err
	}
	m, err := b.Verify(ctx, rc)
	rc.Close()
	if err != nil {
		return BackupRestoreReport{}, err
	}
	report := BackupRestoreReport{Manifest: m, DryRun: opts.DryRun}
	marker, marked, err := b.store.RestoreMarker(ctx)
	if err != nil {
		return report, err
	}
	// rowsDone: only blobs remain (a resume after the rows committed).
	rowsDone := opts.Resume && marked && marker.RowsRestored
	replace := opts.Force && marked
	var plan restorePlan
	switch {
	case marked && !opts.Resume && !opts.Force:
		err = unfinished(domain.EConflict, marker)
	case opts.Resume && !marked:
		err = domain.Errorf(domain.EConflict, "There is no unfinished restore to resume here: restore without --resume into a new, empty installation. Nothing was restored.")
	case opts.Resume && marker.Digest != m.Digest:
		err = domain.Errorf(domain.EConflict, "The unfinished restore began from another archive (%s, made %s), not from this one (made %s): resume it with that archive, or run \"gardenctl backup restore FILE --force\" to empty this installation and restore FILE from the start. Nothing was changed.",
			marker.Source, marker.CreatedAt.UTC().Format(time.RFC3339), m.CreatedAt.UTC().Format(time.RFC3339))
	case rowsDone:
		var target ports.BackupTarget
		target, err = b.store.BackupTarget(ctx)
		plan.latest = target.Latest
	default:
		plan, err = b.checkTarget(ctx, m, targetCheck{skipRows: replace, skipBlobs: replace})
	}
	report.MigrateFirst = plan.migrateFirst
	report.Resumed = opts.Resume
	report.Emptied = replace
	if opts.DryRun {
		report.Refusal = err
		return report, nil
	}
	if err != nil {
		return report, err
	}
	// The messages name the archive as this run was given it, or as the stopped run was.
	source := opts.Source
	if source == "" && marked {
		source = marker.Source
	}
	stopped := func(err error) error { return stoppedError{err: err, hint: resumeHint(source)} }
	rc, err = open()
	if err != nil {
		return report, err
	}
	defer rc.Close()
	rd, err := b.format.NewReader(rc, m)
	if err != nil {
		return report, err
	}
	if rowsDone {
		if err := rd.SkipRows(); err != nil {
			return report, err
		}
	} else {
		mk := ports.RestoreMarker{Source: source, Digest: m.Digest, CreatedAt: m.CreatedAt, StartedAt: b.clock.Now().UTC()}
		if err := b.store.MarkRestore(ctx, mk); err != nil {
			return report, fmt.Errorf("restore: %w", err)
		}
		// A restore that fails before its rows commit takes its own marker away: nothing was
		// written. One that found a marker leaves it: the installation was half restored before.
		failed := func(err error) error {
			if !marked {
				if cerr := b.store.ClearRestoreMarker(context.WithoutCancel(ctx)); cerr != nil {
					b.log.Error("restore: remove the restore marker", "err", cerr)
				}
				return err
			}
			return stopped(err)
		}
		if replace {
			if err := b.emptyBlobs(ctx); err != nil {
				return report, stopped(fmt.Errorf("restore --force: empty the blob store: %w", err))
			}
		}
		tables := plan.tables
		if plan.migrateFirst {
			if err := b.store.MigrateTo(ctx, m.SchemaVersion); err != nil {
				return report, failed(fmt.Errorf("restore: migrate the database to schema %d: %w", m.SchemaVersion, err))
			}
			target, err := b.store.BackupTarget(ctx)
			if err != nil {
				return report, failed(err)
			}
			if tables, err = matchTables(m, target.Tables); err != nil {
				return report, failed(err)
			}
		}
		err = b.store.Restore(ctx, replace, func(w ports.BackupRestore) error {
			return rd.Rows(tables, restoreBatch, func(table string, columns []string, rows [][]any) error {
				return w.Insert(ctx, table, columns, rows)
			})
		})
		if err != nil {
			return report, failed(err)
		}
		report.RowsRestored = true
		b.log.Info("backup rows restored", "tables", len(m.Tables), "rows", m.Rows())
	}
	// A resume keeps the blobs already there with the archive's size and checksum.
	var have map[string]int64
	if opts.Resume {
		have = map[string]int64{}
		if err := b.blobs.List(ctx, "", func(key string, info ports.BlobInfo) error { have[key] = info.Size; return nil }); err != nil {
			return report, stopped(fmt.Errorf("restore: list the blobs already restored: %w", err))
		}
	}
	err = rd.Blobs(func(bl ports.BackupManifestBlob, r io.Reader) error {
		if size, ok := have[bl.Key]; ok && size == bl.Bytes && b.blobMatches(ctx, bl) {
			report.BlobsSkipped++
			return nil
		}
		h := sha256.New()
		if err := b.blobs.Put(ctx, bl.Key, io.TeeReader(r, h), bl.Bytes, bl.ContentType); err != nil {
			return stopped(fmt.Errorf("restore blob %s (%d of %d blobs were restored): %w", bl.Key, report.BlobsWritten+report.BlobsSkipped, len(m.Blobs), err))
		}
		if hex.EncodeToString(h.Sum(nil)) != bl.SHA256 {
			return stopped(fmt.Errorf("restore blob %s: the archive changed while it was restored", bl.Key))
		}
		report.BlobsWritten++
		return nil
	})
	if err != nil {
		// The blob callback's errors already say what to run next; the archive's do not.
		if !errors.As(err, new(stoppedError)) {
			err = stopped(fmt.Errorf("restore blobs: %w", err))
		}
		return report, err
	}
	if m.SchemaVersion < plan.latest {
		// The archive's rows are brought forward as any upgrade brings rows forward.
		if err := b.store.MigrateTo(ctx, plan.latest); err != nil {
			return report, stopped(fmt.Errorf("restore: the rows and blobs are restored, but migrating them to schema %d failed: %w", plan.latest, err))
		}
		report.MigratedTo = plan.latest
	}
	if err := b.store.ClearRestoreMarker(ctx); err != nil {
		return report, fmt.Errorf("restore: the rows and blobs are restored, but the restore marker could not be removed: %w", err)
	}
	return report, nil
}

// stoppedError is the error of a restore that stopped after its marker was written: its
// message adds what to run next.
type stoppedError struct {
	err  error
	hint string
}

func (e stoppedError) Error() string {
	msg := strings.TrimSpace(e.err.Error())
	if !strings.HasSuffix(msg, ".") {
		msg += "."
	}
	return msg + " The restore did not finish, and serve refuses to start until it does. " + e.hint
}

func (e stoppedError) Unwrap() error { return e.err }

// blobMatches reports whether the blob store holds bl with the archive's checksum.
func (b *Backups) blobMatches(ctx context.Context, bl ports.BackupManifestBlob) bool {
	rc, _, err := b.blobs.Get(ctx, bl.Key)
	if err != nil {
		return false
	}
	defer rc.Close()
	h := sha256.New()
	if _, err := io.Copy(h, rc); err != nil {
		return false
	}
	return hex.EncodeToString(h.Sum(nil)) == bl.SHA256
}

// emptyBlobs deletes every blob (--force): listed first, then deleted, so that a listing is
// never walked while it changes.
func (b *Backups) emptyBlobs(ctx context.Context) error {
	var keys []string
	if err := b.blobs.List(ctx, "", func(key string, _ ports.BlobInfo) error { keys = append(keys, key); return nil }); err != nil {
		return err
	}
	for _, key := range keys {
		if err := b.blobs.Delete(ctx, key); err != nil && domain.ErrorCode(err) != domain.ENotFound {
			return err
		}
	}
	return nil
}

// restoreBatch is how many rows go to the store at once.
const restoreBatch = 500

// BackupName is the file name of an archive made at t: garden-backup-20060102T150405Z.tar.gz.
func BackupName(t time.Time) string {
	return "garden-backup-" + t.UTC().Format("20060102T150405Z") + ".tar.gz"
}

// IsBackupName reports whether name (a base name) is one BackupName makes.
func IsBackupName(name string) bool {
	name = path.Base(name)
	stamp, ok := strings.CutPrefix(name, "garden-backup-")
	if !ok {
		return false
	}
	stamp, ok = strings.CutSuffix(stamp, ".tar.gz")
	if !ok {
		return false
	}
	_, err := time.Parse("20060102T150405Z", stamp)
	return err == nil
}

// BackupSaved is what Save did.
type BackupSaved struct {
	Name     string
	Manifest ports.BackupManifest
	Removed  []string
}

// Save writes a new archive to dest and then removes all but the newest keep archives there
// (names sort by time). Only names BackupName makes are counted or removed.
func (b *Backups) Save(ctx context.Context, dest ports.BackupDestination, keep int) (BackupSaved, error) {
	var out BackupSaved
	out.Name = BackupName(b.clock.Now())
	opts := BackupOptions{SkipBlobPrefix: dest.BlobPrefix()}
	err := dest.Write(ctx, out.Name, func(w io.Writer) error {
		m, err := b.Create(ctx, w, opts)
		out.Manifest = m
		return err
	})
	if err != nil {
		return out, err
	}
	names, err := dest.List(ctx)
	if err != nil {
		return out, err
	}
	var ours []string
	for _, n := range names {
		if IsBackupName(n) {
			ours = append(ours, n)
		}
	}
	sort.Sort(sort.Reverse(sort.StringSlice(ours)))
	for i, n := range ours {
		if i < max(keep, 1) {
			continue
		}
		if err := dest.Remove(ctx, n); err != nil {
			return out, fmt.Errorf("backup: remove the old archive %s: %w", n, err)
		}
		out.Removed = append(out.Removed, n)
	}
	return out, nil
}
