import { Languages } from 'lucide-react';
import { useId } from 'react';
import { chooseLocale } from '@/lib/i18n/i18n';
import { useLocale, useT } from '@/lib/i18n/provider';
import { LANGUAGES } from '@/lib/language';
import './language-picker.css';

/**
 * LanguagePicker: a visitor's language on the sign-in page (issue #25 item 5). The choice is
 * kept on this device, shown at once, sent as Accept-Language, and saved with the account on
 * the first sign-in (LanguageSync). Each language is named in itself.
 */
export function LanguagePicker() {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  return (
    <div className="language-picker">
      <Languages size={16} aria-hidden="true" />
      <label htmlFor={id} className="visually-hidden">
        {t('language.label')}
      </label>
      <select id={id} className="language-picker__select" value={locale} onChange={(e) => void chooseLocale(e.target.value)}>
        {LANGUAGES.map((l) => (
          <option key={l.tag} value={l.tag} lang={l.tag}>
            {l.name}
          </option>
        ))}
      </select>
    </div>
  );
}
