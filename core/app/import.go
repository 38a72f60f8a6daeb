package app

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"sort"
	"strings"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// ImportStore is what an import reads and writes: its source keys, the plants it brings in
// or matches, and their care events and harvests.
type ImportStore interface {
	ports.ImportStore
	// InTx runs fn in one transaction (ports.OutboxStore's): a CSV import of care events and
	// harvests writes them and their source keys together.
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
	// CreateHarvest is ports.HarvestStore's.
	CreateHarvest(ctx context.Context, h *domain.Harvest) error
	// ports.PlantStore's:
	CountPlants(ctx context.Context, ownerID int64) (int, error)
	ListPlants(ctx context.Context, ownerID int64) ([]*domain.Plant, error)
	UpdatePlant(ctx context.Context, ownerID, id int64, fn func(*domain.Plant) error) (*domain.Plant, error)
	// SiteByID is ports.SiteStore's: an import stays under the site's plant limit.
	SiteByID(ctx context.Context, id int64) (*domain.Site, error)
}

// Imports brings another application's garden in for one user: HortusFox backups.
type Imports struct {
	tr     ports.Translator
	store  ImportStore
	reader ports.ImportArchiveReader
	images *Images
	clock  ports.Clock
	log    *slog.Logger
}

// WithTranslator writes what an import adds to the gardener's notes and titles ("From
// HortusFox: …", "Photo of …") in their language (without one, English).
func (s *Imports) WithTranslator(tr ports.Translator) *Imports {
	s.tr = tr
	return s
}

// NewImports builds the import service; log nil means slog.Default().
func NewImports(store ImportStore, reader ports.ImportArchiveReader, images *Images, clock ports.Clock, log *slog.Logger) *Imports {
	if log == nil {
		log = slog.Default()
	}
	return &Imports{store: store, reader: reader, images: images, clock: clock, log: log}
}

// ArchiveProgress is told how far an import is: done of total steps (each photo is a step,
// the rows' transaction the last).
type ArchiveProgress func(done, total int)

// HortusFox imports a HortusFox backup of size bytes for the signed-in caller, or with dryRun
// says what it would import without writing anything. Photos are stored (with thumbnails)
// first, then every row is written in one transaction; when that fails the photos are
// removed, so a failed import leaves nothing behind. Rows an earlier import of the same
// backup brought in are skipped. A backup whose new plants do not all fit under the plant
// limit imports nothing (limit_reached, saying how many fit); a dry run reports the same in
// its result. Codes: unauthorized, invalid and too_large (the archive), limit_reached,
// conflict (the same backup imported at the same moment), internal.
func (s *Imports) HortusFox(ctx context.Context, p *domain.Principal, r io.ReaderAt, size int64, dryRun bool, progress ArchiveProgress) (*domain.ImportResult, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	archive, err := s.reader.OpenHortusFox(r, size, wordsFor(s.tr, p.User))
	if err != nil {
		return nil, err
	}
	userID := p.User.ID
	known, err := s.store.ImportedKeys(ctx, userID, domain.ImportSourceHortusFox)
	if err != nil {
		return nil, err
	}
	now := s.clock.Now().UTC()
	b, res := s.plan(archive.Batch(), known, now)
	res.DryRun = dryRun
	limit, err := plantLimitFor(ctx, s.store, p.User)
	if err != nil {
		return nil, err
	}
	if res.CurrentPlants, err = s.store.CountPlants(ctx, userID); err != nil {
		return nil, err
	}
	res.PlantLimit = limit
	res.Fits = domain.ImportPlantsFit(limit, res.CurrentPlants, res.Plants)
	if !res.FitsAll() {
		msg := fmt.Sprintf(domain.MsgImportSomeFit, res.Fits, res.Plants, *limit, res.CurrentPlants)
		if res.Fits == 0 {
			msg = fmt.Sprintf(domain.MsgImportNothingFits, res.Plants, *limit, res.CurrentPlants)
		}
		if !dryRun {
			return nil, domain.Errorf(domain.ELimitReached, "%s", msg)
		}
		res.Warnings = append(res.Warnings, msg)
	}

	photos := 0
	for _, ip := range b.Plants {
		if ip.Photo != "" {
			photos++
		}
	}
	for _, ij := range b.Journal {
		if ij.Photo != "" {
			photos++
		}
	}
	total, done := photos+1, 0
	step := func() {
		done++
		if progress != nil {
			progress(done, total)
		}
	}
	var stored []string
	cleanup := func() {
		for _, key := range stored {
			s.images.Remove(context.WithoutCancel(ctx), key)
		}
	}
	// photo reads (and, for a real import, stores) one photo; "" when it cannot be used.
	photo := func(ref, owner string) (string, error) {
		defer step()
		data, err := archive.Photo(ref)
		if err != nil {
			res.Warnings = append(res.Warnings, fmt.Sprintf(domain.MsgImportPhotoLeftOut, ref, owner, strings.TrimSuffix(err.Error(), ".")))
			return "", nil
		}
		if _, _, ok := domain.DetectImageType(data); !ok {
			res.Warnings = append(res.Warnings, fmt.Sprintf(domain.MsgImportPhotoNotImage, ref, owner))
			return "", nil
		}
		res.Photos++
		if dryRun {
			return "", nil
		}
		key, err := s.images.Store(ctx, data)
		if err != nil {
			return "", err
		}
		stored = append(stored, key)
		s.images.MakeThumbnail(ctx, key, data)
		return "/api/images/" + strings.TrimPrefix(key, ImageKeyPrefix), nil
	}
	for _, ip := range b.Plants {
		if ip.Photo == "" {
			continue
		}
		url, err := photo(ip.Photo, ip.Plant.Name)
		if err != nil {
			cleanup()
			return nil, err
		}
		ip.Plant.ImageURL = url
	}
	for _, ij := range b.Journal {
		if ij.Photo == "" {
			continue
		}
		url, err := photo(ij.Photo, ij.Entry.Title)
		if err != nil {
			cleanup()
			return nil, err
		}
		ij.Entry.ImageURL = url
	}
	if dryRun {
		step()
		return res, nil
	}
	max := 0
	if limit != nil {
		max = *limit
	}
	if err := s.store.SaveImport(ctx, userID, max, b, known); err != nil {
		cleanup()
		if domain.ErrorCode(err) == domain.EConflict {
			return nil, domain.Errorf(domain.EConflict, "This backup is being imported already. Nothing was imported twice.")
		}
		return nil, err
	}
	step()
	s.log.Info("hortusfox backup imported", "user", userID, "plants", res.Plants, "journal", res.JournalEntries,
		"tasks", res.Tasks, "photos", res.Photos, "skipped", res.AlreadyImported)
	return res, nil
}

// plan keeps the batch's rows that are new and valid, fills what Garden needs and the source
// left empty (as creating a plant does), and counts them in a result.
func (s *Imports) plan(in *domain.ImportBatch, known map[string]int64, now time.Time) (*domain.ImportBatch, *domain.ImportResult) {
	res := &domain.ImportResult{LeftOut: append([]domain.ImportLeftOut(nil), in.LeftOut...), Warnings: append([]string(nil), in.Warnings...)}
	out := &domain.ImportBatch{Source: in.Source, At: now}
	plants := map[string]bool{}
	for k := range known {
		if rest, ok := strings.CutPrefix(k, domain.ImportKindPlant+":"); ok {
			plants[rest] = true
		}
	}
	today := domain.DateOf(now)
	for _, ip := range in.Plants {
		if _, ok := known[domain.ImportKindPlant+":"+ip.SourceKey]; ok {
			res.AlreadyImported++
			continue
		}
		pl := ip.Plant
		pl.CreatedAt = now
		if pl.AcquiredDate.IsZero() || pl.AcquiredDate.After(now) {
			pl.AcquiredDate = now
		}
		for _, t := range []**time.Time{&pl.LastWatered, &pl.LastFertilized} {
			if *t == nil || (*t).After(now) {
				at := now
				*t = &at
			}
		}
		if pl.WaterFrequency == nil {
			d := domain.DefaultWaterFrequency
			pl.WaterFrequency = &d
		}
		if pl.FertilizerFrequency == nil {
			d := domain.DefaultFertilizerFrequency
			pl.FertilizerFrequency = &d
		}
		if in.Source == domain.ImportSourceHortusFox && utf8Len(pl.Name) < 2 {
			pl.Name = strings.TrimSpace(pl.Name + " (HortusFox)")
		}
		if err := domain.ValidatePlant(pl, now); err != nil {
			res.LeftOut = append(res.LeftOut, domain.ImportLeftOut{Kind: domain.ImportLeftOutPlant, Name: pl.Name, Reason: errText(err)})
			continue
		}
		pl.NewCare = nil
		pl.LogCare(&domain.CareEvent{Kind: domain.CareWater, Source: domain.CareImported, At: *pl.LastWatered, CreatedAt: now})
		pl.LogCare(&domain.CareEvent{Kind: domain.CareFertilize, Source: domain.CareImported, At: *pl.LastFertilized, CreatedAt: now})
		out.Plants = append(out.Plants, ip)
		plants[ip.SourceKey] = true
		res.Plants++
	}
	for _, ij := range in.Journal {
		if _, ok := known[domain.ImportKindJournal+":"+ij.SourceKey]; ok {
			res.AlreadyImported++
			continue
		}
		e := ij.Entry
		if !plants[ij.PlantKey] {
			res.LeftOut = append(res.LeftOut, domain.ImportLeftOut{Kind: domain.ImportLeftOutGallery, Name: e.Title, Reason: domain.MsgImportPlantLeftOut})
			continue
		}
		e.CreatedAt, e.PlantID = now, 1 // the plant is resolved when saved
		if e.EntryDate.IsZero() || e.EntryDate.After(today) {
			e.EntryDate = today
		}
		if err := domain.ValidateJournalEntry(e); err != nil {
			res.LeftOut = append(res.LeftOut, domain.ImportLeftOut{Kind: domain.ImportLeftOutGallery, Name: e.Title, Reason: errText(err)})
			continue
		}
		out.Journal = append(out.Journal, ij)
		res.JournalEntries++
	}
	for _, it := range in.Tasks {
		if _, ok := known[domain.ImportKindTask+":"+it.SourceKey]; ok {
			res.AlreadyImported++
			continue
		}
		t := it.Task
		if !plants[it.PlantKey] {
			res.LeftOut = append(res.LeftOut, domain.ImportLeftOut{Kind: domain.ImportLeftOutTask, Name: deref(t.Notes), Reason: domain.MsgImportPlantLeftOut})
			continue
		}
		t.CreatedAt, t.PlantID = now, 1
		if t.ScheduledDate.IsZero() {
			t.ScheduledDate = today
		}
		if err := domain.ValidateCareTask(t); err != nil {
			res.LeftOut = append(res.LeftOut, domain.ImportLeftOut{Kind: domain.ImportLeftOutTask, Name: deref(t.Notes), Reason: errText(err)})
			continue
		}
		out.Tasks = append(out.Tasks, it)
		res.Tasks++
	}
	return out, res
}

func utf8Len(s string) int { return len([]rune(strings.TrimSpace(s))) }

func deref(s *string) string {
	if s == nil {
		return ""
	}
	first, _, _ := strings.Cut(*s, "\n")
	return first
}

// errText is a validation error's field messages, or its message.
func errText(err error) string {
	if e, ok := err.(*domain.Error); ok && len(e.Fields) > 0 {
		var parts []string
		for _, m := range e.Fields {
			parts = append(parts, m)
		}
		sort.Strings(parts)
		return strings.Join(parts, "; ")
	}
	return err.Error()
}

// MakeThumbnail stores the thumbnail of an image just stored under key (best effort: the
// thumbnail route makes a missing one on its first request).
func (s *Images) MakeThumbnail(ctx context.Context, key string, data []byte) {
	if s.thumbs == nil {
		return
	}
	thumb, err := s.thumbs.Thumbnail(data, ThumbnailSide)
	if err != nil {
		return
	}
	thumbKey := thumbPrefix + strings.TrimPrefix(key, ImageKeyPrefix) + ".jpg"
	if err := s.blobs.Put(ctx, thumbKey, bytes.NewReader(thumb), int64(len(thumb)), "image/jpeg"); err != nil {
		s.log.Warn("thumbnail not stored", "key", thumbKey, "err", err)
	}
}

// Remove deletes a stored image and its thumbnail; failures are logged, not returned (the
// caller is already undoing something).
func (s *Images) Remove(ctx context.Context, key string) {
	for _, k := range []string{key, thumbPrefix + strings.TrimPrefix(key, ImageKeyPrefix) + ".jpg"} {
		if err := s.blobs.Delete(ctx, k); err != nil {
			s.log.Warn("image not removed", "key", k, "err", err)
		}
	}
}
