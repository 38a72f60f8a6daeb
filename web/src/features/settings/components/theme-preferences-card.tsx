import { Moon, Palette, Sun } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardBody, CardHeader } from '@/components/ui/card';

type Theme = 'light' | 'dark';

/**
 * ThemePreferencesCard: light or dark; light is the default and dark is marked coming soon
 * (spec 02 §2). The choice is not saved.
 */
export function ThemePreferencesCard() {
  const [theme, setTheme] = useState<Theme>('light');
  return (
    <Card aria-labelledby="theme-preferences-title">
      <CardHeader
        icon={<Palette size={18} />}
        title={<span id="theme-preferences-title">Theme Preferences</span>}
        description="How Garden looks on this device."
      />
      <CardBody>
        <fieldset className="theme-choices">
          <legend className="visually-hidden">Theme</legend>
          <label className={theme === 'light' ? 'theme-choice theme-choice--selected' : 'theme-choice'}>
            <input type="radio" name="theme" value="light" checked={theme === 'light'} onChange={() => setTheme('light')} />
            <Sun size={20} aria-hidden="true" />
            <span className="theme-choice__label">Light</span>
          </label>
          <label className="theme-choice theme-choice--disabled">
            <input type="radio" name="theme" value="dark" checked={theme === 'dark'} disabled onChange={() => setTheme('dark')} />
            <Moon size={20} aria-hidden="true" />
            <span className="theme-choice__label">Dark</span>
            <Badge tone="purple">Coming soon</Badge>
          </label>
        </fieldset>
      </CardBody>
    </Card>
  );
}
