import { Languages } from 'lucide-react';
import { useState } from 'react';
import { getErrorMessage } from '@/api/client';
import type { User } from '@/api/types';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { SelectField } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { LANGUAGES } from '@/lib/language';

/**
 * LanguageCard: the gardener's language (PATCH /api/user/settings {language}). The server's
 * messages, e-mails, push and ntfy texts follow it; each language is named in itself.
 */
export function LanguageCard({ user, save }: { user: User; save: (language: string) => Promise<unknown> }) {
  const { toast } = useToast();
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
      toast({ title: 'Language saved', variant: 'success' });
    } catch (err) {
      setValue(before);
      setError(getErrorMessage(err, 'Could not save the language.'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card aria-labelledby="language-title">
      <CardHeader
        icon={<Languages size={18} />}
        title={<span id="language-title">Language</span>}
        description="The language of Garden's messages, e-mails and notifications to you."
      />
      <CardBody>
        <SelectField label="Language" value={value} error={error} disabled={saving} onChange={(e) => void onChange(e.target.value)}>
          {value === '' ? <option value="">Not set (English)</option> : null}
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
