import { MapPin, MapPinned, Save, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { getErrorMessage } from '@/api/client';
import type { Place, User, UserSettingsInput } from '@/api/types';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Form, FormInput, FormNumber, useZodForm } from '@/components/ui/form';
import { Field } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import { useLocale, useT } from '@/lib/i18n/provider';
import { useUnitSystem, type UnitSystem } from '@/lib/units';
import { gardenSchema, gardenValuesFrom, toGardenBody } from '../api/garden-schema';
import { usePlaceSearch } from '../api/search-places';
import './garden-settings-card.css';

function placeLabel(p: Place) {
  return [p.name, p.region, p.country].filter(Boolean).join(', ');
}

/** PlaceSearch finds a place by name and hands the chosen one to `pick`. */
function PlaceSearch({ pick }: { pick: (p: Place) => void }) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const places = usePlaceSearch(query);
  const t = useT();
  const locale = useLocale();
  const coordinate = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return (
    <div className="garden-search">
      <div className="garden-search__row">
        <Field
          label={t('settings.garden.findPlace')}
          placeholder={t('settings.garden.findPlaceholder')}
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
          {t('settings.garden.search')}
        </Button>
      </div>
      {query.trim().length >= 2 ? (
        places.isLoading ? (
          <p className="muted" role="status">
            {t('settings.garden.searching')}
          </p>
        ) : places.error ? (
          <p className="garden-search__error" role="alert">
            {getErrorMessage(places.error, t('settings.garden.searchUnavailable'))}
          </p>
        ) : (places.data ?? []).length === 0 ? (
          <p className="muted">{t('settings.garden.noPlace', { query: query.trim() })}</p>
        ) : (
          <ul className="garden-search__results" aria-label={t('settings.garden.placesFound')}>
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
                    {t('settings.garden.coordinates', { latitude: coordinate.format(p.latitude), longitude: coordinate.format(p.longitude) })}
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

type GardenProps = { user: User; save: (body: UserSettingsInput) => Promise<User> };

/**
 * GardenSettingsCard: where the garden is (a place search or latitude/longitude; clearing
 * both removes it), how much longer adaptive waterings get in winter, and the rain, frost
 * and heat thresholds the weather job acts on (issue #24), in the gardener's scale (°F when
 * imperial, issue #25 item 4; the server keeps °C). A change of units starts the form over.
 */
export function GardenSettingsCard(props: GardenProps) {
  const system = useUnitSystem();
  return <GardenSettingsForm key={system} system={system} {...props} />;
}

function GardenSettingsForm({ user, save, system }: GardenProps & { system: UnitSystem }) {
  const schema = useMemo(() => gardenSchema(system), [system]);
  const form = useZodForm(schema, { defaultValues: gardenValuesFrom(user, system) });
  const { toast } = useToast();
  const t = useT();
  const saving = form.formState.isSubmitting;
  const degrees = system === 'imperial' ? '°F' : '°C';
  const submit = async (values: Parameters<typeof toGardenBody>[0]) => {
    const saved = await save(toGardenBody(values, system));
    form.reset(gardenValuesFrom(saved, system));
    toast({ title: t('settings.saved'), description: t('settings.garden.savedText'), variant: 'success' });
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
        title={<span id="garden-settings-title">{t('settings.garden.title')}</span>}
        description={t('settings.garden.description')}
      />
      <CardBody>
        <PlaceSearch pick={pick} />
        <Form
          form={form}
          onSubmit={submit}
          onSubmitError={(error) =>
            toast({ title: t('settings.saveFailed'), description: getErrorMessage(error, t('settings.saveFailedText')), variant: 'destructive' })
          }
          className="form-stack"
          aria-label={t('settings.garden.form')}
        >
          <FormInput name="gardenLocation.name" label={t('settings.garden.locationName')} placeholder={t('settings.garden.locationPlaceholder')} />
          <div className="garden-grid">
            <FormNumber name="gardenLocation.latitude" label={t('settings.garden.latitude')} step="0.01" inputMode="decimal" />
            <FormNumber name="gardenLocation.longitude" label={t('settings.garden.longitude')} step="0.01" inputMode="decimal" />
          </div>
          <div>
            <Button type="button" variant="ghost" size="sm" onClick={clear}>
              {t('settings.garden.clearLocation')}
            </Button>
          </div>
          <FormNumber
            name="winterFactor"
            label={t('settings.garden.winterStretch')}
            step="0.1"
            inputMode="decimal"
            description={t('settings.garden.winterStretchText')}
          />
          <div className="garden-grid garden-grid--three">
            <FormNumber name="rainThresholdMm" label={t('settings.garden.rain')} step="0.5" inputMode="decimal" description={t('settings.garden.rainText')} />
            <FormNumber name="frostThresholdC" label={t('settings.garden.frost', { unit: degrees })} step={system === 'imperial' ? '1' : '0.5'} inputMode="decimal" description={t('settings.garden.frostText')} />
            <FormNumber name="heatThresholdC" label={t('settings.garden.heat', { unit: degrees })} step={system === 'imperial' ? '1' : '0.5'} inputMode="decimal" description={t('settings.garden.heatText')} />
          </div>
          <div className="settings-actions">
            <Button type="submit" loading={saving} icon={<Save size={18} aria-hidden="true" />}>
              {saving ? t('settings.saving') : t('settings.garden.save')}
            </Button>
          </div>
        </Form>
      </CardBody>
    </Card>
  );
}
