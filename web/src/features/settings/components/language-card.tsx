import { Languages } from 'lucide-react';
import { useState } from 'react';
import { getErrorMessage } from '@/api/client';
import type { User } from '@/api/types';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { SelectField } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { chooseLocale } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';
import { LANGUAGES } from '@/lib/language';

/**
 * LanguageCard: the gardener's language (PATCH /api/user/settings {language}). The web app
 * switches to it at once; the server's messages, e-mails, push and ntfy texts follow it; each
 * language is named in itself.
 */
export function LanguageCard({ user, save }: { user: User; save: (language: string) => Promise<unknown> }) {
  const { toast } = useToast();
  const t = useT();
  const [value, setValue] = useState(user.language || '');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const onChange = async (language: string) => {
    const before = value;
    setValue(language);
    setError(undefined);
    setSaving(true);
    try {
      await save(language);
      // The page is drawn again in the new language (LocaleRemount); the toast outlives it.
      await chooseLocale(language);
      toast({ title: t('settings.language.saved'), variant: 'success' });
    } catch (err) {
      setValue(before);
      setError(getErrorMessage(err, t('settings.language.saveFailed')));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card aria-labelledby="language-title">
      <CardHeader
        icon={<Languages size={18} />}
        title={<span id="language-title">{t('language.label')}</span>}
        description={t('settings.language.description')}
      />
      <CardBody>
        <SelectField label={t('language.label')} value={value} error={error} disabled={saving} onChange={(e) => void onChange(e.target.value)}>
          {value === '' ? <option value="">{t('settings.language.notSet')}</option> : null}
          {LANGUAGES.map((l) => (
            <option key={l.tag} value={l.tag} lang={l.tag}>
              {l.name}
            </option>
          ))}
        </SelectField>
      </CardBody>
    </Card>
  );
}
