package httpapi

import (
	"net/http"
	"time"

	"github.com/gardenctl/garden/core/domain"
)

// plantDBJSON is a plant database item on the wire. The fertilizer text is sent under both
// spellings the spec's pages read; careInstructions is a string or an object.
type plantDBJSON struct {
	ID                     int64     `json:"id"`
	CommonName             string    `json:"commonName"`
	ScientificName         string    `json:"scientificName"`
	PlantType              string    `json:"plantType"`
	Description            string    `json:"description"`
	ImageURL               string    `json:"imageUrl"`
	AlternativeImageURLs   []string  `json:"alternativeImageUrls"`
	LightRequirements      string    `json:"lightRequirements"`
	WaterRequirements      string    `json:"waterRequirements"`
	FertilizerRequirements string    `json:"fertilizerRequirements"`
	FertilizorRequirements string    `json:"fertilizorRequirements"`
	CareInstructions       any       `json:"careInstructions"`
	StoreURL               string    `json:"storeUrl"`
	Slug                   string    `json:"slug"`
	Source                 string    `json:"source"`
	CreatedAt              time.Time `json:"createdAt"`
	UpdatedAt              time.Time `json:"updatedAt"`
}

func toPlantDBJSON(it *domain.PlantDBItem) plantDBJSON {
	var care any = it.CareInstructions.Text
	if len(it.CareInstructions.Parts) > 0 {
		care = it.CareInstructions.Parts
	}
	alts := it.AlternativeImageURLs
	if alts == nil {
		alts = []string{}
	}
	return plantDBJSON{ID: it.ID, CommonName: it.CommonName, ScientificName: it.ScientificName, PlantType: string(it.Type),
		Description: it.Description, ImageURL: it.ImageURL, AlternativeImageURLs: alts, LightRequirements: it.LightRequirements,
		WaterRequirements: it.WaterRequirements, FertilizerRequirements: it.FertilizerRequirements,
		FertilizorRequirements: it.FertilizerRequirements, CareInstructions: care, StoreURL: it.StoreURL, Slug: it.Slug,
		Source: it.Source, CreatedAt: it.CreatedAt, UpdatedAt: it.UpdatedAt}
}

func (s *Server) handleListPlantDB(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	items, err := s.svc.PlantDatabase.List(r.Context(), p)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := make([]plantDBJSON, len(items))
	for i, it := range items {
		out[i] = toPlantDBJSON(it)
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) handleGetPlantDB(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	id, err := pathID(r, "id")
	if err != nil {
		err = domain.Errorf(domain.ENotFound, domain.MsgPlantDBNotFound)
	} else {
		var it *domain.PlantDBItem
		if it, err = s.svc.PlantDatabase.Get(r.Context(), p, id); err == nil {
			writeJSON(w, http.StatusOK, toPlantDBJSON(it))
			return
		}
	}
	s.fail(w, r, err)
}
