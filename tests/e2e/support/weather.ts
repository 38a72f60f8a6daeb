// A local Open-Meteo compatible server for the browser tests (GARDEN_WEATHER_URL points at it):
// /v1/forecast answers the daily forecast last set with POST /__days (dry, mild days until
// then), /v1/search finds Leeds. It runs in the runner's process beside the server.

import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One day of the fake forecast: its offset from today (UTC), rain in mm, min and max in °C. */
export interface FakeDay {
  offset: number;
  mm: number;
  min: number;
  max: number;
}

function dayKey(offset: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

/** Starts the fake; close() stops it. */
export async function startFakeWeather(): Promise<{ url: string; close: () => Promise<void> }> {
  let days: FakeDay[] = [-1, 0, 1, 2].map((offset) => ({ offset, mm: 0, min: 10, max: 18 }));
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'POST' && url.pathname === '/__days') {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        days = JSON.parse(raw) as FakeDay[];
        send(200, { ok: true });
      });
      return;
    }
    if (url.pathname === '/v1/forecast') {
      send(200, {
        latitude: Number(url.searchParams.get('latitude')),
        longitude: Number(url.searchParams.get('longitude')),
        timezone: 'GMT',
        daily: {
          time: days.map((d) => dayKey(d.offset)),
          precipitation_sum: days.map((d) => d.mm),
          temperature_2m_min: days.map((d) => d.min),
          temperature_2m_max: days.map((d) => d.max),
          weather_code: days.map((d) => (d.mm >= 1 ? 63 : 2)),
        },
      });
      return;
    }
    if (url.pathname === '/v1/search') {
      const q = (url.searchParams.get('name') ?? '').toLowerCase();
      const leeds = { id: 2644688, name: 'Leeds', latitude: 53.79648, longitude: -1.54785, country: 'United Kingdom', admin1: 'England' };
      send(200, 'leeds'.startsWith(q) ? { results: [leeds], generationtime_ms: 0.4 } : { generationtime_ms: 0.4 });
      return;
    }
    send(404, { error: true, reason: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
