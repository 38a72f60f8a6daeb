import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { gardenLanguage, LANGUAGES } from '@/lib/language';
import { db } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { signedInGardener } from '@/testing/session';
import { http, HttpResponse, server } from '@/testing/server';

const languagePatches = () =>
  db.requests.filter((r) => r.method === 'PATCH' && r.path === '/api/user/settings' && 'language' in (r.body as object));

describe('the gardener’s language', () => {
  afterEach(() => vi.restoreAllMocks());

  it('maps the browser’s languages to one Garden speaks', () => {
    expect(gardenLanguage(['de-AT', 'en'])).toBe('de');
    expect(gardenLanguage(['ja', 'pt-PT'])).toBe('pt-BR');
    expect(gardenLanguage(['nn-NO'])).toBe('nb');
    expect(gardenLanguage(['no'])).toBe('nb');
    expect(gardenLanguage(['en-GB'])).toBe('en');
    expect(gardenLanguage(['ja', 'zh-CN'])).toBeNull();
    expect(gardenLanguage([])).toBeNull();
  });

  it('sends the browser’s language once on the first sign-in when none is set', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-CH', 'en']);
    signedInGardener({ language: '', timeZone: 'Europe/Paris' });
    renderApp('/');
    await waitFor(() => expect(languagePatches()).toHaveLength(1));
    expect(languagePatches()[0]!.body).toEqual({ language: 'fr' });
    // The page goes on in French once the language is saved (waited for here, so the switch
    // cannot land in the next test).
    await screen.findByRole('heading', { level: 1, name: 'Le tableau de bord de votre jardin' });
    expect(languagePatches()).toHaveLength(1);
  });

  it('sends nothing for a browser language Garden does not speak, nor over a chosen one', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ja']);
    signedInGardener({ language: '', timeZone: 'Europe/Paris' });
    const first = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Your Garden Dashboard' });
    first.unmount();
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE']);
    signedInGardener({ language: 'nl', timeZone: 'Europe/Paris' });
    renderApp('/');
    // A Dutch gardener's page is Dutch (waited for, so the switch cannot land in the next test).
    await screen.findByRole('heading', { level: 1, name: 'Het overzicht van je tuin' });
    expect(languagePatches()).toHaveLength(0);
  });

  it('changes in Settings, each language named in itself, and shows the server’s refusal', async () => {
    signedInGardener({ language: 'en', timeZone: 'Europe/Paris' });
    const { user } = renderApp('/settings');
    const select = await screen.findByRole('combobox', { name: 'Language' });
    expect(select).toHaveValue('en');
    const names = Array.from((select as HTMLSelectElement).options).map((o) => o.textContent);
    expect(names).toEqual(LANGUAGES.map((l) => l.name));
    expect(names).toContain('Deutsch');
    expect(names).toContain('Русский');
    await user.selectOptions(select, 'Deutsch');
    await waitFor(() => expect(languagePatches().map((r) => r.body)).toEqual([{ language: 'de' }]));
    // The app switches to German at once (issue #25 item 5), the page drawn again in it.
    expect(await screen.findByText('Sprache gespeichert')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');
    const german = await screen.findByRole('combobox', { name: 'Sprache' });
    expect(german).toHaveValue('de');
    expect(screen.getByRole('link', { name: 'Einstellungen' })).toBeInTheDocument();

    server.use(
      http.patch('*/api/user/settings', () =>
        HttpResponse.json(
          { message: 'Die Sprache muss eine der folgenden sein', code: 'invalid', errors: { language: 'Die Sprache muss eine der folgenden sein' } },
          { status: 400 },
        ),
      ),
    );
    await user.selectOptions(german, 'Magyar');
    expect(await screen.findByText(/Die Sprache muss/)).toBeInTheDocument();
    expect(german).toHaveValue('de');
    expect(document.documentElement.lang).toBe('de');
  });
});
