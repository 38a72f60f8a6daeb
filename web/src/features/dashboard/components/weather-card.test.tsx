import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dayFromNow, instantFromNow } from '@/testing/clock';
import { db } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { signedInGardener } from '@/testing/session';
import { http, HttpResponse, server } from '@/testing/server';
import { describe as describeCode } from './weather-card';

describe('the dashboard weather card', () => {
  it('shows the weather at the garden and what it changed', async () => {
    signedInGardener({ units: 'metric' });
    db.weather = {
      enabled: true,
      location: { name: 'Leeds', latitude: 53.8, longitude: -1.55 },
      today: { date: dayFromNow(0), precipitationMm: 9.5, minC: 4, maxC: 11, weatherCode: 63 },
      tomorrow: { date: dayFromNow(1), precipitationMm: 0, minC: -2, maxC: 6, weatherCode: 0 },
      fetchedAt: instantFromNow(0, '06:00'),
      changes: [
        { kind: 'weather_frost', date: dayFromNow(1), message: 'Frost expected Friday night: protect Tomato, Bean' },
        { kind: 'weather_rain', date: dayFromNow(0), message: 'Rain watered 2 outdoor plants' },
      ],
    };
    renderApp('/');
    const card = await screen.findByRole('region', { name: 'Weather at Your Garden' });
    expect(await within(card).findByText('Leeds')).toBeInTheDocument();
    expect(within(card).getByText('11°C / 4°C')).toBeInTheDocument();
    expect(within(card).getByText('Rain · 9.5 mm')).toBeInTheDocument();
    expect(within(card).getByText('6°C / -2°C')).toBeInTheDocument();
    const changes = within(card).getByRole('list', { name: 'What the weather changed' });
    expect(within(changes).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Frost expected Friday night: protect Tomato, Bean',
      'Rain watered 2 outdoor plants',
    ]);
  });

  it('shows °F to an imperial gardener (issue #25 item 4)', async () => {
    signedInGardener({ units: 'imperial' });
    db.weather = {
      enabled: true,
      location: { name: 'Tulsa', latitude: 36.15, longitude: -95.99 },
      today: { date: dayFromNow(0), precipitationMm: 0, minC: -2, maxC: 34, weatherCode: 0 },
      tomorrow: null,
      fetchedAt: instantFromNow(0, '06:00'),
      changes: [],
    };
    renderApp('/');
    const card = await screen.findByRole('region', { name: 'Weather at Your Garden' });
    expect(await within(card).findByText('93°F / 28°F')).toBeInTheDocument();
  });

  it('asks for the location when none is set', async () => {
    signedInGardener();
    renderApp('/');
    const card = await screen.findByRole('region', { name: 'Weather at Your Garden' });
    expect(await within(card).findByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
  });

  it('says so when no forecast was read yet, and when the weather is off', async () => {
    signedInGardener();
    db.weather = { enabled: false, location: { name: '', latitude: 53.8, longitude: -1.55 }, today: null, tomorrow: null, fetchedAt: null, changes: [] };
    renderApp('/');
    const card = await screen.findByRole('region', { name: 'Weather at Your Garden' });
    expect(await within(card).findByText('The weather is off on this server.')).toBeInTheDocument();
    expect(within(card).getByText('53.8, -1.55')).toBeInTheDocument();
  });

  it('shows an error when the card cannot be loaded', async () => {
    signedInGardener();
    server.use(http.get('*/api/weather', () => HttpResponse.json({ message: 'Internal error.' }, { status: 500 })));
    renderApp('/');
    const card = await screen.findByRole('region', { name: 'Weather at Your Garden' });
    expect(await within(card).findByText('The weather could not be loaded.')).toBeInTheDocument();
  });

  it('names the WMO weather codes', () => {
    expect([0, 2, 45, 53, 63, 75, 81, 85, 95].map(describeCode)).toEqual([
      'Clear',
      'Partly cloudy',
      'Fog',
      'Drizzle',
      'Rain',
      'Snow',
      'Showers',
      'Snow showers',
      'Thunderstorm',
    ]);
  });
});
