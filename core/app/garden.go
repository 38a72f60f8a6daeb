package app

import (
	"context"

	"github.com/gardenctl/garden/core/domain"
)

// GardenPatch is a change to the caller's garden settings (PATCH /api/user/settings): a
// location (nil clears it), the winter factor and the weather thresholds.
type GardenPatch struct {
	Location                     Field[*domain.GardenLocation]
	WinterFactor, RainMM, FrostC Field[float64]
	HeatC                        Field[float64]
}

func (g GardenPatch) set() bool {
	return g.Location.Set || g.WinterFactor.Set || g.RainMM.Set || g.FrostC.Set || g.HeatC.Set
}

// gardenSettings applies patch to u's settings, rounds the location, derives the hemisphere
// (the latitude's, else the site's country's) and validates the result.
func (a *Accounts) gardenSettings(ctx context.Context, u *domain.User, patch GardenPatch) (domain.GardenSettings, error) {
	g := u.Garden
	if g.WinterFactor == 0 && g.RainMM == 0 && g.HeatC == 0 { // a user read before migration 0033's defaults
		g = domain.DefaultGardenSettings()
	}
	if patch.Location.Set {
		g.Location = nil
		if l := patch.Location.Value; l != nil {
			c := *l
			c.Normalize()
			g.Location = &c
		}
	}
	if patch.WinterFactor.Set {
		g.WinterFactor = patch.WinterFactor.Value
	}
	if patch.RainMM.Set {
		g.RainMM = patch.RainMM.Value
	}
	if patch.FrostC.Set {
		g.FrostC = patch.FrostC.Value
	}
	if patch.HeatC.Set {
		g.HeatC = patch.HeatC.Value
	}
	if err := g.Validate(); err != nil {
		return g, err
	}
	country := ""
	if g.Location == nil && u.SiteID != nil {
		site, err := a.store.SiteByID(ctx, *u.SiteID)
		if err != nil && domain.ErrorCode(err) != domain.ENotFound {
			return g, err
		}
		if site != nil {
			country = site.Country
		}
	}
	g.Hemisphere = domain.SeasonHemisphere(g.Location, country)
	return g, nil
}
