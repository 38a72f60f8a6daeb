import { Snowflake } from 'lucide-react';
import { useRefresh } from '@/api/query';
import { sowingKeys, useSowingSeason } from '@/api/sowing/get-sowing';
import type { User, UserSettingsInput } from '@/api/types';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Form, FormInput, useZodForm } from '@/components/ui/form';
import { useToast } from '@/components/ui/toast';
import { localDate, todayKey } from '@/lib/dates';
import { useT } from '@/lib/i18n/provider';
import { frostDatesSchema, frostValuesFrom, toFrostBody, type FrostDatesValues } from '../api/frost-dates-schema';

/** monthDay: "May 10" for "05-10", in the shown language. */
function monthDay(md: string): string {
  const m = /^(\d{2})-(\d{2})$/.exec(md);
  return m ? localDate(new Date(2000, Number(m[1]) - 1, Number(m[2])), { month: 'short', day: 'numeric' }) : md;
}

/**
 * FrostDatesCard: the gardener's last spring and first autumn frost (MM-DD), which place the
 * sowing windows counted from the last frost; the estimate from the garden's latitude is
 * offered when one is known.
 */
export function FrostDatesCard({ user, save }: { user: User; save: (body: UserSettingsInput) => Promise<User> }) {
  const form = useZodForm(frostDatesSchema, { defaultValues: frostValuesFrom(user) });
  const season = useSowingSeason(todayKey());
  const refresh = useRefresh();
  const { toast } = useToast();
  const t = useT();
  const estimate = season.data?.estimate;

  const onSubmit = async (values: FrostDatesValues) => {
    const saved = await save(toFrostBody(values));
    form.reset(frostValuesFrom(saved));
    void refresh(sowingKeys);
    toast({ title: t('settings.frost.saved'), description: t('settings.frost.savedText'), variant: 'success' });
  };

  return (
    <Card aria-labelledby="frost-dates-title" id="frost-dates">
      <CardHeader
        icon={<Snowflake size={18} />}
        title={<span id="frost-dates-title">{t('settings.frost.title')}</span>}
        description={t('settings.frost.description')}
      />
      <CardBody>
        <Form form={form} onSubmit={onSubmit} onSubmitError={() => toast({ title: t('common.error'), description: t('settings.frost.saveFailed'), variant: 'destructive' })} className="form-stack">
          {estimate ? (
            <p className="frost-estimate">
              {t('settings.frost.estimate', {
                last: monthDay(estimate.lastSpringFrost),
                first: monthDay(estimate.firstAutumnFrost),
              })}{' '}
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  form.setValue('lastSpringFrost', estimate.lastSpringFrost, { shouldDirty: true });
                  form.setValue('firstAutumnFrost', estimate.firstAutumnFrost, { shouldDirty: true });
                }}
              >
                {t('settings.frost.useEstimate')}
              </Button>
            </p>
          ) : null}
          <div className="form-grid form-grid--2">
            <FormInput name="lastSpringFrost" label={t('settings.frost.last')} placeholder={t('settings.frost.lastPlaceholder')} inputMode="numeric" autoComplete="off" />
            <FormInput name="firstAutumnFrost" label={t('settings.frost.first')} placeholder={t('settings.frost.firstPlaceholder')} inputMode="numeric" autoComplete="off" />
          </div>
          <div>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t('settings.frost.save')}
            </Button>
          </div>
        </Form>
      </CardBody>
    </Card>
  );
}
