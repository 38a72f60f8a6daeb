import { Snowflake } from 'lucide-react';
import { useRefresh } from '@/api/query';
import { sowingKeys, useSowingSeason } from '@/api/sowing/get-sowing';
import type { User, UserSettingsInput } from '@/api/types';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Form, FormInput, useZodForm } from '@/components/ui/form';
import { useToast } from '@/components/ui/toast';
import { todayKey } from '@/lib/dates';
import { monthDayText } from '@/lib/sowing';
import { frostDatesSchema, frostValuesFrom, toFrostBody, type FrostDatesValues } from '../api/frost-dates-schema';

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
  const estimate = season.data?.estimate;

  const onSubmit = async (values: FrostDatesValues) => {
    const saved = await save(toFrostBody(values));
    form.reset(frostValuesFrom(saved));
    void refresh(sowingKeys);
    toast({ title: 'Frost dates saved', description: 'The sowing calendar now follows them.', variant: 'success' });
  };

  return (
    <Card aria-labelledby="frost-dates-title" id="frost-dates">
      <CardHeader
        icon={<Snowflake size={18} />}
        title={<span id="frost-dates-title">Frost Dates</span>}
        description="Your garden's average last spring frost and first autumn frost, as MM-DD. The Sowing Calendar counts indoor sowing from the last frost."
      />
      <CardBody>
        <Form form={form} onSubmit={onSubmit} onSubmitError={() => toast({ title: 'Error', description: 'The frost dates could not be saved.', variant: 'destructive' })} className="form-stack">
          {estimate ? (
            <p className="frost-estimate">
              Estimated from your garden&apos;s location: last frost {monthDayText(estimate.lastSpringFrost)}, first frost{' '}
              {monthDayText(estimate.firstAutumnFrost)}.{' '}
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  form.setValue('lastSpringFrost', estimate.lastSpringFrost, { shouldDirty: true });
                  form.setValue('firstAutumnFrost', estimate.firstAutumnFrost, { shouldDirty: true });
                }}
              >
                Use the estimate
              </Button>
            </p>
          ) : null}
          <div className="form-grid form-grid--2">
            <FormInput name="lastSpringFrost" label="Last spring frost" placeholder="MM-DD, e.g. 05-10" inputMode="numeric" autoComplete="off" />
            <FormInput name="firstAutumnFrost" label="First autumn frost" placeholder="MM-DD, e.g. 10-01" inputMode="numeric" autoComplete="off" />
          </div>
          <div>
            <Button type="submit" loading={form.formState.isSubmitting}>
              Save Frost Dates
            </Button>
          </div>
        </Form>
      </CardBody>
    </Card>
  );
}
