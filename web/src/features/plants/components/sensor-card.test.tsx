import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { instantFromNow } from '@/testing/clock';
import { makePlant } from '@/testing/fixtures';
import { db } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { http, HttpResponse, server } from '@/testing/server';
import { signedInGardener } from '@/testing/session';
import type { SensorLink } from '../api/sensors';

function link(extra: Partial<SensorLink> = {}): SensorLink {
  return {
    id: 3,
    plantId: 7,
    sensorId: 'pot-1',
    moistureBelow: 30,
    dry: false,
    drySince: null,
    latest: [],
    createdAt: instantFromNow(-2),
    updatedAt: instantFromNow(-2),
    ...extra,
  };
}

/** sensorApi serves plant 7's links and records the writes. */
function sensorApi(links: SensorLink[]) {
  const sent: { method: string; body?: unknown }[] = [];
  server.use(
    http.get('*/api/plants/7/sensors', () => HttpResponse.json(links)),
    http.get('*/api/plants/7/sensors/:id/readings', () =>
      HttpResponse.json(
        [40, 35, 18].map((v, i) => ({ metric: 'moisture', value: v, at: instantFromNow(-(2 - i) / 24), samples: 1, hourly: false })),
      ),
    ),
    http.post('*/api/plants/7/sensors', async ({ request }) => {
      const body = (await request.json()) as { sensorId: string; moistureBelow: number | null };
      sent.push({ method: 'POST', body });
      if (body.sensorId === 'pot/1') {
        return HttpResponse.json(
          { message: 'Validation failed', errors: { sensorId: "Sensor ID must be 1 to 100 characters without spaces, '/', '+' or '#'" } },
          { status: 400 },
        );
      }
      const created = link({ id: 9, sensorId: body.sensorId, moistureBelow: body.moistureBelow });
      links.push(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.patch('*/api/plants/7/sensors/:id', async ({ request }) => {
      const body = (await request.json()) as { moistureBelow: number | null };
      sent.push({ method: 'PATCH', body });
      links[0] = { ...links[0], moistureBelow: body.moistureBelow };
      return HttpResponse.json(links[0]);
    }),
    http.delete('*/api/plants/7/sensors/:id', () => {
      sent.push({ method: 'DELETE' });
      links.splice(0, 1);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return sent;
}

describe('plant soil sensors', () => {
  it('says when none is linked, links one with a threshold and shows the server message of a bad id', async () => {
    signedInGardener();
    db.plants = [makePlant({ id: 7, name: 'Basil' })];
    const sent = sensorApi([]);
    const { user } = renderApp('/plants/7');
    const card = await screen.findByRole('region', { name: 'Soil sensors' });
    expect(await within(card).findByText(/No sensor linked/)).toBeInTheDocument();
    await user.type(within(card).getByLabelText('Sensor ID'), 'pot/1');
    await user.click(within(card).getByRole('button', { name: 'Link sensor' }));
    expect(await within(card).findByText("Sensor ID must be 1 to 100 characters without spaces, '/', '+' or '#'")).toBeInTheDocument();
    await user.clear(within(card).getByLabelText('Sensor ID'));
    await user.type(within(card).getByLabelText('Sensor ID'), 'pot-2');
    await user.clear(within(card).getByLabelText('Needs water below (%)'));
    await user.type(within(card).getByLabelText('Needs water below (%)'), '25');
    await user.click(within(card).getByRole('button', { name: 'Link sensor' }));
    await waitFor(() => expect(sent).toContainEqual({ method: 'POST', body: { sensorId: 'pot-2', moistureBelow: 25 } }));
    expect(await within(card).findByText('pot-2')).toBeInTheDocument();
  });

  it('shows the newest readings, the dry spell and the chart; saves a threshold and unlinks', async () => {
    signedInGardener();
    db.plants = [makePlant({ id: 7, name: 'Basil' })];
    const links = [
      link({
        dry: true,
        drySince: instantFromNow(-0.1),
        latest: [
          { metric: 'battery', value: 88, at: instantFromNow(-0.1), samples: 1, hourly: false },
          { metric: 'moisture', value: 18, at: instantFromNow(-0.1), samples: 1, hourly: false },
        ],
      }),
    ];
    const sent = sensorApi(links);
    const { user } = renderApp('/plants/7');
    const card = await screen.findByRole('region', { name: 'Soil sensors' });
    const readings = await within(card).findByText('Soil moisture');
    expect(readings.parentElement).toHaveTextContent('Soil moisture18 %');
    expect(within(card).getByText('Battery').parentElement).toHaveTextContent('88 %');
    expect(within(card).getByText(/Dry since/)).toBeInTheDocument();
    expect(await within(card).findByRole('img', { name: 'Soil moisture of pot-1 over the last 7 days' })).toBeInTheDocument();
    const threshold = within(card).getByLabelText('Needs water below (%) for pot-1');
    await user.clear(threshold);
    await user.click(within(card).getByRole('button', { name: 'Save threshold' }));
    await waitFor(() => expect(sent).toContainEqual({ method: 'PATCH', body: { moistureBelow: null } }));
    await user.click(within(card).getByRole('button', { name: 'Unlink pot-1' }));
    await waitFor(() => expect(sent).toContainEqual({ method: 'DELETE' }));
    expect(await within(card).findByText(/No sensor linked/)).toBeInTheDocument();
  });

  it('says when the sensors cannot be loaded', async () => {
    signedInGardener();
    db.plants = [makePlant({ id: 7, name: 'Basil' })];
    server.use(http.get('*/api/plants/7/sensors', () => HttpResponse.json({ message: 'Internal error.' }, { status: 500 })));
    renderApp('/plants/7');
    const card = await screen.findByRole('region', { name: 'Soil sensors' });
    expect(await within(card).findByRole('alert')).toHaveTextContent('The sensors could not be loaded. Please try again later.');
  });
});
