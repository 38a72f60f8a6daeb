import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { signedInGardener } from '@/testing/session';

const patches = () => db.requests.filter((r) => r.method === 'PATCH' && r.path === '/api/user/settings');
const garden = () => screen.findByRole('form', { name: 'Garden and weather' });

describe('Settings: Garden & Weather', () => {
  it('finds a place, fills the coordinates and saves the location with the thresholds', async () => {
    signedInGardener({ units: 'metric' });
    db.places = [{ name: 'Leeds', region: 'England', country: 'United Kingdom', latitude: 53.79648, longitude: -1.54785 }];
    const { user } = renderApp('/settings');
    const form = await garden();
    expect(within(form).getByLabelText('Winter stretch')).toHaveValue(1.5);
    expect(within(form).getByLabelText('Rain (mm)')).toHaveValue(5);
    await user.type(screen.getByLabelText('Find your place'), 'Leeds');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const results = await screen.findByRole('list', { name: 'Places found' });
    await user.click(within(results).getByRole('button', { name: /Leeds, England, United Kingdom/ }));
    expect(within(form).getByLabelText('Latitude')).toHaveValue(53.8);
    expect(within(form).getByLabelText('Longitude')).toHaveValue(-1.55);
    await user.clear(within(form).getByLabelText('Heat (°C)'));
    await user.type(within(form).getByLabelText('Heat (°C)'), '30');
    await user.click(within(form).getByRole('button', { name: 'Save Garden' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]!.body).toEqual({
      gardenLocation: { name: 'Leeds, England, United Kingdom', latitude: 53.8, longitude: -1.55 },
      winterFactor: 1.5,
      rainThresholdMm: 5,
      frostThresholdC: 0,
      heatThresholdC: 30,
    });
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
  });

  it('says when no place is found', async () => {
    signedInGardener();
    const { user } = renderApp('/settings');
    await garden();
    await user.type(screen.getByLabelText('Find your place'), 'Atlantis{Enter}');
    expect(await screen.findByText('No place found for “Atlantis”.')).toBeInTheDocument();
  });

  it('wants both coordinates or neither, and clears the location with null', async () => {
    signedInGardener({ gardenLocation: { name: 'Home', latitude: 52.52, longitude: 13.41 }, winterFactor: 2 });
    const { user } = renderApp('/settings');
    const form = await garden();
    expect(within(form).getByLabelText('Location name')).toHaveValue('Home');
    await user.clear(within(form).getByLabelText('Longitude'));
    await user.click(within(form).getByRole('button', { name: 'Save Garden' }));
    expect(await within(form).findByText('Enter both latitude and longitude, or neither')).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('Winter stretch'));
    await user.type(within(form).getByLabelText('Winter stretch'), '4');
    await user.click(within(form).getByRole('button', { name: 'Save Garden' }));
    expect(await within(form).findByText('Winter factor must be between 1 and 3')).toBeInTheDocument();
    expect(patches()).toHaveLength(0);

    await user.clear(within(form).getByLabelText('Winter stretch'));
    await user.type(within(form).getByLabelText('Winter stretch'), '2');
    await user.click(within(form).getByRole('button', { name: 'Clear location' }));
    await user.click(within(form).getByRole('button', { name: 'Save Garden' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]!.body).toMatchObject({ gardenLocation: null, winterFactor: 2 });
  });

  it('shows and takes the thresholds in °F for an imperial gardener, and sends °C', async () => {
    signedInGardener({ units: 'imperial', frostThresholdC: -5, heatThresholdC: 35 });
    const { user } = renderApp('/settings');
    const form = await garden();
    expect(within(form).getByLabelText('Frost (°F)')).toHaveValue(23);
    expect(within(form).getByLabelText('Heat (°F)')).toHaveValue(95);
    expect(within(form).queryByLabelText('Frost (°C)')).not.toBeInTheDocument();
    await user.clear(within(form).getByLabelText('Frost (°F)'));
    await user.type(within(form).getByLabelText('Frost (°F)'), '28');
    await user.click(within(form).getByRole('button', { name: 'Save Garden' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    // 28 °F is -2.2222… °C: sent to 0.01 °C; the heat threshold, untouched, goes back as it was.
    expect(patches()[0]!.body).toMatchObject({ frostThresholdC: -2.22, heatThresholdC: 35 });
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(within(form).getByLabelText('Frost (°F)')).toHaveValue(28);
  });

  it('checks an imperial threshold against the server’s range in °F', async () => {
    signedInGardener({ units: 'imperial' });
    const { user } = renderApp('/settings');
    const form = await garden();
    expect(within(form).getByLabelText('Frost (°F)')).toHaveValue(32);
    await user.clear(within(form).getByLabelText('Frost (°F)'));
    await user.type(within(form).getByLabelText('Frost (°F)'), '55');
    await user.click(within(form).getByRole('button', { name: 'Save Garden' }));
    expect(await within(form).findByText('Frost threshold must be between -22 and 50 °F')).toBeInTheDocument();
    expect(patches()).toHaveLength(0);
  });
});
