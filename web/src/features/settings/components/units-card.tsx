import { Compass, Globe, Ruler } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { getErrorMessage } from '@/api/client';
import type { User, UnitSystem } from '@/api/types';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { useToast } from '@/components/ui/toast';
import { useT } from '@/lib/i18n/provider';
import { unitSystemOf } from '@/lib/units';
import { useUpdateSettings } from '../api/update-settings';
import { syncSessionUser } from './sync-session-user';
import './units-card.css';

type Choice = 'auto' | UnitSystem;

const SYSTEM_HINT: Record<UnitSystem, string> = { metric: 'm, kg, L, °C', imperial: 'ft, lb, gal, °F' };

/**
 * UnitsCard: the gardener's measurement system (issue #25 item 4), PATCH /api/user/settings
 * {units}. Automatic (null) follows the locale; Metric and Imperial are the gardener's choice on
 * every device. The choice shows at once (the session's user carries it to every page); a
 * refused save puts the previous one back. Layouts stay stored in feet and harvests in the unit
 * entered: only what is shown and typed changes.
 */
export function UnitsCard({ user }: { user: User }) {
  const { trigger } = useUpdateSettings();
  const { toast } = useToast();
  const t = useT();
  const systemLabel = (system: UnitSystem) => (system === 'metric' ? t('settings.units.metric') : t('settings.units.imperial'));
  const [choice, setChoice] = useState<Choice>(user.units === 'metric' || user.units === 'imperial' ? user.units : 'auto');
  const automatic = unitSystemOf({ units: null, language: user.language });
  const choices: { value: Choice; label: string; hint: string; icon: ReactNode }[] = [
    { value: 'auto', label: t('settings.units.automatic'), hint: t('settings.units.fromLanguage', { system: systemLabel(automatic) }), icon: <Globe size={20} aria-hidden="true" /> },
    { value: 'metric', label: t('settings.units.metric'), hint: SYSTEM_HINT.metric, icon: <Ruler size={20} aria-hidden="true" /> },
    { value: 'imperial', label: t('settings.units.imperial'), hint: SYSTEM_HINT.imperial, icon: <Compass size={20} aria-hidden="true" /> },
  ];
  const choose = (next: Choice) => {
    const previous = choice;
    setChoice(next);
    trigger({ units: next === 'auto' ? null : next })
      .then((saved) => syncSessionUser(saved))
      .catch((error: unknown) => {
        setChoice(previous);
        toast({ title: t('settings.units.notSaved'), description: getErrorMessage(error, t('settings.units.tryAgain')), variant: 'destructive' });
      });
  };
  return (
    <Card aria-labelledby="units-title">
      <CardHeader
        icon={<Ruler size={18} />}
        title={<span id="units-title">{t('settings.units.title')}</span>}
        description={t('settings.units.description')}
      />
      <CardBody>
        <fieldset className="theme-choices">
          <legend className="visually-hidden">{t('settings.units.title')}</legend>
          {choices.map((c) => (
            <label key={c.value} className={choice === c.value ? 'theme-choice theme-choice--selected' : 'theme-choice'}>
              <input type="radio" name="units" value={c.value} checked={choice === c.value} onChange={() => choose(c.value)} />
              {c.icon}
              <span className="theme-choice__label">
                {c.label}
                <span className="units-choice__hint">{c.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
      </CardBody>
    </Card>
  );
}
