package httpapi_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/gardenctl/garden/core/domain"
)

// TestSensors_LinkOwnedAndValidated: a gardener links a sensor to their plant with a threshold,
// lists it, changes and clears the threshold and unlinks it; bad ids and thresholds are refused
// with the field's message; another gardener can neither see, link to, change nor delete it; a
// sensor id is linked once in the installation; a plant has at most 4; on both databases.
func TestSensors_LinkOwnedAndValidated(t *testing.T) {
	t.Parallel()
	for _, db := range dialects {
		t.Run(db.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, options{postgres: db.postgres})
			rosa, olive := h.gardener("rosa"), h.gardener("olive")
			basil, sage := h.plant(rosa, "Basil"), h.plant(olive, "Sage")
			path := fmt.Sprintf("/api/plants/%d/sensors", basil)
			expect(t, h.do("POST", path, rosa, map[string]any{"sensorId": "", "moistureBelow": 30}), 400, domain.MsgSensorIDRequired)
			expect(t, h.do("POST", path, rosa, map[string]any{"sensorId": "pot/1"}), 400, domain.MsgSensorIDInvalid)
			expect(t, h.do("POST", path, rosa, map[string]any{"sensorId": "pot-1", "moistureBelow": 120}), 400, domain.MsgSensorThreshold)
			expect(t, h.do("POST", path, olive, map[string]any{"sensorId": "pot-1", "moistureBelow": 30}), 404, domain.MsgSensorPlantNotFound)
			created := h.do("POST", path, rosa, map[string]any{"sensorId": " pot-1 ", "moistureBelow": 30})
			expect(t, created, 201, "")
			if created.body["sensorId"] != "pot-1" || created.body["moistureBelow"] != float64(30) || created.body["dry"] != false {
				t.Fatalf("created %v", created.body)
			}
			id := fmt.Sprint(created.body["id"])
			expect(t, h.do("POST", fmt.Sprintf("/api/plants/%d/sensors", sage), olive, map[string]any{"sensorId": "pot-1"}), 409, domain.MsgSensorLinked)
			list := h.do("GET", path, rosa, nil)
			expect(t, list, 200, "")
			var links []map[string]any
			if err := json.Unmarshal([]byte(list.raw), &links); err != nil || len(links) != 1 || links[0]["sensorId"] != "pot-1" {
				t.Fatalf("list %s", list.raw)
			}
			expect(t, h.do("GET", path, olive, nil), 404, domain.MsgPlantNotFound)
			expect(t, h.do("PATCH", path+"/"+id, olive, map[string]any{"moistureBelow": 10}), 404, domain.MsgSensorNotFound)
			expect(t, h.do("DELETE", path+"/"+id, olive, nil), 404, domain.MsgSensorNotFound)
			expect(t, h.do("GET", path+"/"+id+"/readings", olive, nil), 404, domain.MsgSensorNotFound)
			expect(t, h.do("PATCH", path+"/"+id, rosa, map[string]any{"moistureBelow": -1}), 400, domain.MsgSensorThreshold)
			changed := h.do("PATCH", path+"/"+id, rosa, map[string]any{"moistureBelow": 25})
			expect(t, changed, 200, "")
			if changed.body["moistureBelow"] != float64(25) {
				t.Fatalf("changed %v", changed.body)
			}
			cleared := h.do("PATCH", path+"/"+id, rosa, map[string]any{"moistureBelow": nil})
			expect(t, cleared, 200, "")
			if cleared.body["moistureBelow"] != nil {
				t.Fatalf("cleared %v", cleared.body)
			}
			expect(t, h.do("GET", path+"/"+id+"/readings?metric=humidity", rosa, nil), 400, domain.MsgSensorMetric)
			expect(t, h.do("GET", path+"/"+id+"/readings?hours=x", rosa, nil), 400, "Hours must be a whole number from 1 to 2160")
			readings := h.do("GET", path+"/"+id+"/readings?metric=moisture&hours=24", rosa, nil)
			expect(t, readings, 200, "")
			if strings.TrimSpace(readings.raw) != "[]" {
				t.Fatalf("readings of a silent sensor: %s", readings.raw)
			}
			for i := 2; i <= 4; i++ {
				expect(t, h.do("POST", path, rosa, map[string]any{"sensorId": fmt.Sprintf("pot-%d", i)}), 201, "")
			}
			expect(t, h.do("POST", path, rosa, map[string]any{"sensorId": "pot-5"}), 403, domain.MsgSensorLimit)
			expect(t, h.do("DELETE", path+"/"+id, rosa, nil), 204, "")
			expect(t, h.do("DELETE", path+"/"+id, rosa, nil), 404, domain.MsgSensorNotFound)
		})
	}
}
