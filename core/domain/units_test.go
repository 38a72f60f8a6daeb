package domain_test

import (
	"testing"

	"github.com/gardenctl/garden/core/domain"
)

func TestDefaultUnits(t *testing.T) {
	cases := map[string]domain.Units{
		"en-US": domain.UnitsImperial, "en_us": domain.UnitsImperial, "en": domain.UnitsImperial,
		"en-LR": domain.UnitsImperial, "my": domain.UnitsImperial, "my-MM": domain.UnitsImperial,
		"en-GB": domain.UnitsMetric, "en-AU": domain.UnitsMetric, "de": domain.UnitsMetric,
		"pt-BR": domain.UnitsMetric, "es-US": domain.UnitsImperial, "zh-Hant-TW": domain.UnitsMetric,
		"es-419": domain.UnitsMetric, "": domain.UnitsMetric, "fr-CA": domain.UnitsMetric,
	}
	for tag, want := range cases {
		if got := domain.DefaultUnits(tag); got != want {
			t.Errorf("DefaultUnits(%q) = %s, want %s", tag, got, want)
		}
	}
}

func TestUnitsOf(t *testing.T) {
	if got := domain.UnitsOf(nil); got != domain.UnitsImperial {
		t.Fatalf("nobody: %s (English's default)", got)
	}
	if got := domain.UnitsOf(&domain.User{Language: "de"}); got != domain.UnitsMetric {
		t.Fatalf("a German gardener: %s", got)
	}
	if got := domain.UnitsOf(&domain.User{Language: "de", Units: domain.UnitsImperial}); got != domain.UnitsImperial {
		t.Fatalf("a chosen system: %s", got)
	}
	if domain.ValidateUnits("metric") != nil || domain.ValidateUnits("imperial") != nil || domain.ValidateUnits("") == nil {
		t.Fatal("ValidateUnits")
	}
}
