import { Monitor, Moon, Palette, Sun } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { getErrorMessage } from '@/api/client';
import type { User } from '@/api/types';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { useToast } from '@/components/ui/toast';
import type { MessageKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';
import { applyTheme, isTheme, storedTheme, type Theme } from '@/lib/theme';

const choices: { value: Theme; label: MessageKey; icon: ReactNode }[] = [
  { value: 'system', label: 'settings.theme.system', icon: <Monitor size={20} aria-hidden="true" /> },
  { value: 'light', label: 'settings.theme.light', icon: <Sun size={20} aria-hidden="true" /> },
  { value: 'dark', label: 'settings.theme.dark', icon: <Moon size={20} aria-hidden="true" /> },
];

/**
 * ThemePreferencesCard: system (the device's choice, the default), light or dark (issue #25
 * item 6). The choice shows at once, is kept on this device for the next first paint and is
 * saved with the account, so every device follows it; a refused save puts the previous back.
 */
export function ThemePreferencesCard({ user, save }: { user: User; save: (theme: Theme) => Promise<unknown> }) {
  const [theme, setTheme] = useState<Theme>(isTheme(user.theme) ? user.theme : storedTheme());
  const { toast } = useToast();
  const t = useT();
  const choose = (next: Theme) => {
    const previous = theme;
    setTheme(next);
    applyTheme(next);
    save(next).catch((error: unknown) => {
      setTheme(previous);
      applyTheme(previous);
      toast({ title: t('settings.theme.notSaved'), description: getErrorMessage(error, t('settings.tryAgain')), variant: 'destructive' });
    });
  };
  return (
    <Card aria-labelledby="theme-preferences-title">
      <CardHeader
        icon={<Palette size={18} />}
        title={<span id="theme-preferences-title">{t('settings.theme.title')}</span>}
        description={t('settings.theme.description')}
      />
      <CardBody>
        <fieldset className="theme-choices">
          <legend className="visually-hidden">{t('settings.theme.legend')}</legend>
          {choices.map((c) => (
            <label key={c.value} className={theme === c.value ? 'theme-choice theme-choice--selected' : 'theme-choice'}>
              <input type="radio" name="theme" value={c.value} checked={theme === c.value} onChange={() => choose(c.value)} />
              {c.icon}
              <span className="theme-choice__label">{t(c.label)}</span>
            </label>
          ))}
        </fieldset>
      </CardBody>
    </Card>
  );
}
