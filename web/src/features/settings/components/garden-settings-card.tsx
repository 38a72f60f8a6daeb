import { MapPin, MapPinned, Save, Search } from 'lucide-react';
import { useState } from 'react';
import { getErrorMessage } from '@/api/client';
import type { Place, User, UserSettingsInput } from '@/api/types';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Form, FormInput, FormNumber, useZodForm } from '@/components/ui/form';
import { Field } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import { gardenSchema, gardenValuesFrom, toGardenBody } from '../api/garden-schema';
import { usePlaceSearch } from '../api/search-places';
import { SAVE_FAILED, SAVE_FAILED_TEXT } from './account-settings-card';
import './garden-settings-card.css';

function placeLabel(p: Place) {
  return [p.name, p.region, p.country].filter(Boolean).join(', ');
}

/** PlaceSearch finds a place by name and hands the chosen one to `pick`. */
function PlaceSearch({ pick }: { pick: (p: Place) => void }) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const places = usePlaceSearch(query);
  return (
    <div className="garden-search">
      <div className="garden-search__row">
        <Field
          label="Find your place"
          placeholder="Town or city"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              setQuery(text);
            }
          }}
        />
        <Button type="button" variant="outline" icon={<Search size={16} aria-hidden="true" />} onClick={() => setQuery(text)}>
          Search
        </Button>
      </div>
      {query.trim().length >= 2 ? (
        places.isLoading ? (
          <p className="muted" role="status">
            Searching…
          </p>
        ) : places.error ? (
          <p className="garden-search__error" role="alert">
            {getErrorMessage(places.error, 'The place search is not available.')}
          </p>
        ) : (places.data ?? []).length === 0 ? (
          <p className="muted">No place found for “{query.trim()}”.</p>
        ) : (
          <ul className="garden-search__results" aria-label="Places found">
            {(places.data ?? []).map((p) => (
              <li key={`${p.latitude},${p.longitude}`}>
                <button
                  type="button"
                  className="garden-search__result"
                  onClick={() => {
                    pick(p);
                    setQuery('');
                  }}
                >
                  <MapPin size={16} aria-hidden="true" />
                  <span>{placeLabel(p)}</span>
                  <span className="muted">
                    {p.latitude.toFixed(2)}, {p.longitude.toFixed(2)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}

/**
 * GardenSettingsCard: where the garden is (a place search or latitude/longitude; clearing
 * both removes it), how much longer adaptive waterings get in winter, and the rain, frost
 * and heat thresholds the weather job acts on (issue #24).
 */
export function GardenSettingsCard({ user, save }: { user: User; save: (body: UserSettingsInput) => Promise<User> }) {
  const form = useZodForm(gardenSchema, { defaultValues: gardenValuesFrom(user) });
  const { toast } = useToast();
  const saving = form.formState.isSubmitting;
  const submit = async (values: Parameters<typeof toGardenBody>[0]) => {
    const saved = await save(toGardenBody(values));
    form.reset(gardenValuesFrom(saved));
    toast({ title: 'Settings saved', description: 'Your garden settings have been updated.', variant: 'success' });
  };
  const pick = (p: Place) => {
    const opts = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
    form.setValue('gardenLocation.name', placeLabel(p), opts);
    form.setValue('gardenLocation.latitude', Math.round(p.latitude * 100) / 100, opts);
    form.setValue('gardenLocation.longitude', Math.round(p.longitude * 100) / 100, opts);
  };
  const clear = () => {
    form.setValue('gardenLocation', { name: '', latitude: undefined, longitude: undefined }, { shouldDirty: true });
  };

  return (
    <Card aria-labelledby="garden-settings-title">
      <CardHeader
        icon={<MapPinned size={18} />}
        title={<span id="garden-settings-title">Garden &amp; Weather</span>}
        description="Where your garden is, its winters, and when the weather should act for you."
      />
      <CardBody>
        <PlaceSearch pick={pick} />
        <Form
          form={form}
          onSubmit={submit}
          onSubmitError={(error) =>
            toast({ title: SAVE_FAILED, description: getErrorMessage(error, SAVE_FAILED_TEXT), variant: 'destructive' })
          }
          className="form-stack"
          aria-label="Garden and weather"
        >
          <FormInput name="gardenLocation.name" label="Location name" placeholder="e.g. Allotment, Leeds" />
          <div className="garden-grid">
            <FormNumber name="gardenLocation.latitude" label="Latitude" step="0.01" inputMode="decimal" />
            <FormNumber name="gardenLocation.longitude" label="Longitude" step="0.01" inputMode="decimal" />
          </div>
          <div>
            <Button type="button" variant="ghost" size="sm" onClick={clear}>
              Clear location
            </Button>
          </div>
          <FormNumber
            name="winterFactor"
            label="Winter stretch"
            step="0.1"
            inputMode="decimal"
            description="Adaptive waterings are this many times longer in your winter months (1 turns it off)."
          />
          <div className="garden-grid garden-grid--three">
            <FormNumber name="rainThresholdMm" label="Rain (mm)" step="0.5" inputMode="decimal" description="Waters outdoor plants" />
            <FormNumber name="frostThresholdC" label="Frost (°C)" step="0.5" inputMode="decimal" description="Warns you" />
            <FormNumber name="heatThresholdC" label="Heat (°C)" step="0.5" inputMode="decimal" description="Waters a day earlier" />
          </div>
          <div className="settings-actions">
            <Button type="submit" loading={saving} icon={<Save size={18} aria-hidden="true" />}>
              {saving ? 'Saving…' : 'Save Garden'}
            </Button>
          </div>
        </Form>
      </CardBody>
    </Card>
  );
}
