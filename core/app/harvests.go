package app

import (
	"context"
	"time"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// HarvestStore is what Harvests keeps: harvests, and the plants they come from.
type HarvestStore interface {
	ports.HarvestStore
	// ports.PlantStore's:
	PlantByID(ctx context.Context, ownerID, id int64) (*domain.Plant, error)
}

// Harvests keeps the caller's harvest records and adds them up. Records are private: every
// call reads and writes only the caller's own, and another gardener's record is not found.
type Harvests struct {
	store HarvestStore
	clock ports.Clock
	loc   *time.Location
	hooks *Webhooks
}

// WithWebhooks makes new records emit harvest.recorded to the owner's webhooks.
func (s *Harvests) WithWebhooks(w *Webhooks) *Harvests {
	s.hooks = w
	return s
}

// NewHarvests builds the harvest service. loc is the time zone whose calendar says what "this
// month" and "today" are (the server's local zone in production); nil means UTC.
func NewHarvests(store HarvestStore, clock ports.Clock, loc *time.Location) *Harvests {
	if loc == nil {
		loc = time.UTC
	}
	return &Harvests{store: store, clock: clock, loc: loc}
}

// HarvestQuery is what the list, the stats and the export are narrowed by.
type HarvestQuery struct {
	PlantID int64
	Period  domain.HarvestPeriod
	// From and To are dates, inclusive; both narrow the period further.
	From, To *time.Time
	Query    string
}

func (s *Harvests) today() time.Time { return domain.DateOf(s.clock.Now().In(s.loc)) }

func (s *Harvests) filter(q HarvestQuery) (ports.HarvestFilter, error) {
	if q.From != nil && q.To != nil && q.From.After(*q.To) {
		return ports.HarvestFilter{}, &domain.Error{Code: domain.EInvalid, Message: domain.MsgHarvestDateRange,
			Fields: map[string]string{"from": domain.MsgHarvestDateRange}}
	}
	rng := q.Period.Range(s.clock.Now(), s.loc).Intersect(domain.HarvestRange{From: q.From, To: q.To})
	return ports.HarvestFilter{PlantID: q.PlantID, Range: rng, Query: q.Query}, nil
}

// List returns one page of the caller's records, newest harvest first.
func (s *Harvests) List(ctx context.Context, p *domain.Principal, q HarvestQuery, page domain.PageRequest) (domain.Page[*domain.Harvest], error) {
	if err := signedIn(p); err != nil {
		return domain.Page[*domain.Harvest]{}, err
	}
	f, err := s.filter(q)
	if err != nil {
		return domain.Page[*domain.Harvest]{}, err
	}
	return s.store.ListHarvests(ctx, p.User.ID, f, page)
}

// Get returns one of the caller's records.
func (s *Harvests) Get(ctx context.Context, p *domain.Principal, id int64) (*domain.Harvest, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	return s.store.HarvestByID(ctx, p.User.ID, id)
}

// plantOf loads one of the caller's plants for a record; another gardener's plant, or none, is
// a validation error on plantId, so it reads like any other form problem.
func (s *Harvests) plantOf(ctx context.Context, p *domain.Principal, plantID int64) (*domain.Plant, error) {
	plant, err := s.store.PlantByID(ctx, p.User.ID, plantID)
	if domain.ErrorCode(err) == domain.ENotFound {
		return nil, plantRefused()
	}
	return plant, err
}

func plantRefused() error {
	return &domain.Error{Code: domain.EInvalid, Message: domain.MsgPlantNotFound, Fields: map[string]string{"plantId": domain.MsgPlantNotFound}}
}

// bedOf loads a bed of one of the caller's garden layouts for a record; another gardener's
// bed, or none, is a validation error on bedId.
func (s *Harvests) bedOf(ctx context.Context, p *domain.Principal, bedID int64) (*domain.HarvestBed, error) {
	if bedID < 1 {
		return nil, bedRefused()
	}
	bed, err := s.store.HarvestBed(ctx, p.User.ID, bedID)
	if domain.ErrorCode(err) == domain.ENotFound {
		return nil, bedRefused()
	}
	return bed, err
}

func bedRefused() error {
	return &domain.Error{Code: domain.EInvalid, Message: domain.MsgHarvestBedNotFound,
		Fields: map[string]string{"bedId": domain.MsgHarvestBedNotFound}}
}

// refusedRef turns the store's not_found for a plant or bed that went away meanwhile into the
// same validation error the service gives when it checks them first.
func refusedRef(err error) error {
	if domain.ErrorCode(err) != domain.ENotFound {
		return err
	}
	switch err.Error() {
	case domain.MsgPlantNotFound:
		return plantRefused()
	case domain.MsgHarvestBedNotFound:
		return bedRefused()
	}
	return err
}

// Create records a harvest of one of the caller's plants, dated today (in the server's zone)
// unless it has a date, optionally from a bed of one of the caller's garden layouts. The record
// is always the caller's, and keeps the plant's name.
func (s *Harvests) Create(ctx context.Context, p *domain.Principal, h *domain.Harvest) (*domain.Harvest, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	now := s.clock.Now()
	h.ID, h.UserID, h.CreatedAt, h.UpdatedAt = 0, p.User.ID, now, now
	if h.HarvestDate.IsZero() {
		h.HarvestDate = s.today()
	}
	if err := domain.ValidateNewHarvest(h, s.today()); err != nil {
		return nil, err
	}
	plant, err := s.plantOf(ctx, p, *h.PlantID)
	if err != nil {
		return nil, err
	}
	h.PlantName = plant.Name
	h.BedName, h.LayoutName = "", ""
	if h.BedID != nil {
		bed, err := s.bedOf(ctx, p, *h.BedID)
		if err != nil {
			return nil, err
		}
		h.BedName, h.LayoutName = bed.Name, bed.LayoutName
	}
	err = s.hooks.Tx(ctx, func(ctx context.Context) error {
		if err := s.store.CreateHarvest(ctx, h); err != nil {
			return refusedRef(err) // the plant or bed went away meanwhile
		}
		return s.hooks.EmitEvent(ctx, domain.EventHarvestRecorded, []int64{h.UserID}, map[string]any{"harvestId": h.ID, "plantId": h.PlantID,
			"plantName": h.PlantName, "harvestDate": h.HarvestDate.Format(domain.DateLayout), "quantity": h.Quantity, "unit": string(h.Unit),
			"userId": h.UserID})
	})
	if err != nil {
		return nil, err
	}
	return h, nil
}

// HarvestPatch lists the fields a PATCH changes; nil leaves a field as it is.
type HarvestPatch struct {
	PlantID     *int64
	HarvestDate *time.Time
	// SetQuantity says Quantity is given; a nil Quantity then clears it.
	SetQuantity bool
	Quantity    *float64
	Unit        *domain.HarvestUnit
	Notes       *string
	ImageURL    *string
	// SetBed says BedID is given; a nil BedID then unlinks the record from its bed.
	SetBed bool
	BedID  *int64
}

// Update changes one of the caller's records. A new plant must be the caller's; the record
// takes its name. A new bed must be on one of the caller's garden layouts.
func (s *Harvests) Update(ctx context.Context, p *domain.Principal, id int64, patch HarvestPatch) (*domain.Harvest, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	var plant *domain.Plant
	if patch.PlantID != nil {
		var err error
		if plant, err = s.plantOf(ctx, p, *patch.PlantID); err != nil {
			return nil, err
		}
	}
	var bed *domain.HarvestBed
	if patch.SetBed && patch.BedID != nil {
		var err error
		if bed, err = s.bedOf(ctx, p, *patch.BedID); err != nil {
			return nil, err
		}
	}
	today := s.today()
	out, err := s.store.UpdateHarvest(ctx, p.User.ID, id, func(h *domain.Harvest) error {
		if plant != nil {
			h.PlantID, h.PlantName = &plant.ID, plant.Name
		}
		if patch.HarvestDate != nil {
			h.HarvestDate = *patch.HarvestDate
		}
		if patch.SetQuantity {
			h.Quantity = patch.Quantity
		}
		if patch.Unit != nil {
			h.Unit = *patch.Unit
		}
		if patch.Notes != nil {
			h.Notes = *patch.Notes
		}
		if patch.ImageURL != nil {
			h.ImageURL = *patch.ImageURL
		}
		if patch.SetBed {
			h.BedID, h.BedName, h.LayoutName = nil, "", ""
			if bed != nil {
				id := bed.ID
				h.BedID, h.BedName, h.LayoutName = &id, bed.Name, bed.LayoutName
			}
		}
		h.UpdatedAt = s.clock.Now()
		return domain.ValidateHarvest(h, today)
	})
	if err != nil && (plant != nil || bed != nil) {
		return nil, refusedRef(err)
	}
	return out, err
}

// Beds returns one page of the beds of the caller's garden layouts, for the form's bed choice:
// the newest layout first, each layout's beds in drawing order.
func (s *Harvests) Beds(ctx context.Context, p *domain.Principal, page domain.PageRequest) (domain.Page[*domain.HarvestBed], error) {
	if err := signedIn(p); err != nil {
		return domain.Page[*domain.HarvestBed]{}, err
	}
	return s.store.ListHarvestBeds(ctx, p.User.ID, page)
}

// Delete removes one of the caller's records.
func (s *Harvests) Delete(ctx context.Context, p *domain.Principal, id int64) error {
	if err := signedIn(p); err != nil {
		return err
	}
	return s.store.DeleteHarvest(ctx, p.User.ID, id)
}

// exportPage is how many records the export reads at a time: the file is written as it is
// read, so memory stays flat however many records a gardener has.
const exportPage = domain.MaxPageLimit

// Export passes every record matching q to each, newest first, reading them a page at a time.
// A bad query fails before each is first called.
func (s *Harvests) Export(ctx context.Context, p *domain.Principal, q HarvestQuery, each func(*domain.Harvest) error) error {
	if err := signedIn(p); err != nil {
		return err
	}
	f, err := s.filter(q)
	if err != nil {
		return err
	}
	cursor := ""
	for {
		page, err := s.store.ListHarvests(ctx, p.User.ID, f, domain.PageRequest{Limit: exportPage, Cursor: cursor})
		if err != nil {
			return err
		}
		for _, h := range page.Items {
			if err := each(h); err != nil {
				return err
			}
		}
		if page.NextCursor == "" {
			return nil
		}
		cursor = page.NextCursor
	}
}

// HarvestStats is what the stats sheet and the chart show for a period.
type HarvestStats struct {
	Period domain.HarvestPeriod
	// Range is the dates counted (open ends for all time).
	Range domain.HarvestRange
	// Records is the number of records in the period.
	Records int
	// Totals adds up every plant per kind, in kg, items and litres.
	Totals []domain.HarvestTotal
	Plants []domain.PlantHarvestTotals
	// MostHarvested is nil without records; MostHarvestedBy is the kind it was ranked by
	// ("" when by number of records).
	MostHarvested   *domain.PlantHarvestTotals
	MostHarvestedBy domain.UnitKind
	// Monthly holds the totals per month, plant and kind (records without a quantity left out).
	Monthly []domain.MonthlyHarvestSum
	// YearOnYear compares each plant's totals in Current with those in Previous, the same dates
	// a year before. For all time, Current is this calendar year.
	YearOnYear        []domain.HarvestComparison
	Current, Previous domain.HarvestRange
	// Beds holds, per bed records came from, its totals per kind and the yield per square
	// foot (records without a bed left out), ordered by layout name then drawing order.
	Beds []domain.BedYields
}

// Stats adds up the caller's records matching q. The database does the adding: the service
// reads one row per plant and kind (and per month), never the records themselves.
func (s *Harvests) Stats(ctx context.Context, p *domain.Principal, q HarvestQuery) (*HarvestStats, error) {
	if err := signedIn(p); err != nil {
		return nil, err
	}
	f, err := s.filter(q)
	if err != nil {
		return nil, err
	}
	owner := p.User.ID
	byPlant, err := s.store.SumHarvestsByPlant(ctx, owner, f)
	if err != nil {
		return nil, err
	}
	byMonth, err := s.store.SumHarvestsByMonth(ctx, owner, f)
	if err != nil {
		return nil, err
	}
	out := &HarvestStats{Period: q.Period, Range: f.Range, Plants: domain.PlantTotals(byPlant)}
	if out.Period == "" {
		out.Period = domain.PeriodAll
	}
	for _, pl := range out.Plants {
		out.Records += pl.Records
	}
	out.Totals = domain.OverallTotals(out.Plants)
	if top, kind := domain.MostHarvested(out.Plants); top != nil {
		out.MostHarvested, out.MostHarvestedBy = top, kind
	}
	for _, m := range byMonth {
		if m.Kind.Valid() && m.Quantified > 0 {
			out.Monthly = append(out.Monthly, m)
		}
	}

	// Year on year: the period against the same dates a year before; all time has no "same
	// dates", so it compares this calendar year with the last.
	current := f
	currentSums := byPlant
	if f.Range.From == nil {
		current.Range = domain.PeriodYear.Range(s.clock.Now(), s.loc).Intersect(f.Range)
		if currentSums, err = s.store.SumHarvestsByPlant(ctx, owner, current); err != nil {
			return nil, err
		}
	}
	previous := current
	previous.Range = current.Range.YearBefore()
	previousSums, err := s.store.SumHarvestsByPlant(ctx, owner, previous)
	if err != nil {
		return nil, err
	}
	out.Current, out.Previous = current.Range, previous.Range
	out.YearOnYear = domain.CompareYears(currentSums, previousSums)
	byBed, err := s.store.SumHarvestsByBed(ctx, owner, f)
	if err != nil {
		return nil, err
	}
	out.Beds = domain.YieldsByBed(byBed)
	return out, nil
}
