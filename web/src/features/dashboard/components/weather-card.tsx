import { CloudRain, CloudSun, Snowflake, SunMedium, ThermometerSun } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { DailyWeather } from '@/api/types';
import { formatTemperature, useUnitSystem, type UnitSystem } from '@/lib/units';
import { useWeather } from '../api/get-weather';
import './weather-card.css';

/*
 * The card imports nothing of the app's own chunks (it repeats DashboardSection's markup and
 * reads through SWR directly): the dashboard's dynamic import of it then lists only its own
 * few files, which keeps the first load within its 150 kB budget.
 */

/** describe: the WMO weather code Open-Meteo answers, in words. */
export function describe(code: number): string {
  if (code === 0) return 'Clear';
  if (code <= 3) return 'Partly cloudy';
  if (code <= 48) return 'Fog';
  if (code <= 57) return 'Drizzle';
  if (code <= 67) return 'Rain';
  if (code <= 77) return 'Snow';
  if (code <= 82) return 'Showers';
  if (code <= 86) return 'Snow showers';
  return 'Thunderstorm';
}

function Day({ label, day, system }: { label: string; day: DailyWeather; system: UnitSystem }) {
  const wet = day.precipitationMm >= 1;
  return (
    <div className="weather-day">
      <span className="weather-day__label">{label}</span>
      <span className="weather-day__icon" aria-hidden="true">
        {wet ? <CloudRain size={22} /> : day.maxC >= 28 ? <SunMedium size={22} /> : <CloudSun size={22} />}
      </span>
      <span className="weather-day__temp">
        {formatTemperature(day.maxC, system)} / {formatTemperature(day.minC, system)}
      </span>
      <span className="muted">
        {describe(day.weatherCode)} · {day.precipitationMm.toFixed(1)} mm
      </span>
    </div>
  );
}

const KIND_ICON: Record<string, typeof CloudRain> = {
  weather_rain: CloudRain,
  weather_frost: Snowflake,
  weather_heat: ThermometerSun,
};

/** The card's body for each state of the query: loading, error, no location, the weather. */
function Body(): ReactNode {
  const weather = useWeather();
  const system = useUnitSystem();
  const card = weather.data;
  if (weather.isLoading) {
    return (
      <div className="weather-days" role="status" aria-live="polite" aria-busy="true">
        <span className="visually-hidden">Loading the weather…</span>
        <span className="skeleton" style={{ height: 72 }} />
      </div>
    );
  }
  if (weather.error || !card) return <p className="dash-error">The weather could not be loaded.</p>;
  if (!card.location) {
    return (
      <p className="muted">
        Set your garden’s location in <Link to="/settings">Settings</Link> to see its weather and let the rain water your
        outdoor plants.
      </p>
    );
  }
  return (
    <>
      <p className="weather-place">{card.location.name || `${card.location.latitude}, ${card.location.longitude}`}</p>
      {card.today || card.tomorrow ? (
        <div className="weather-days">
          {card.today ? <Day label="Today" day={card.today} system={system} /> : null}
          {card.tomorrow ? <Day label="Tomorrow" day={card.tomorrow} system={system} /> : null}
        </div>
      ) : (
        <p className="muted">{card.enabled ? 'No forecast yet: it is read once a day.' : 'The weather is off on this server.'}</p>
      )}
      {card.changes.length > 0 ? (
        <ul className="weather-changes" aria-label="What the weather changed">
          {card.changes.map((c) => {
            const Icon = KIND_ICON[c.kind] ?? CloudSun;
            return (
              <li key={`${c.kind}-${c.date}`}>
                <Icon size={16} aria-hidden="true" />
                <span>{c.message}</span>
              </li>
            );
          })}
        </ul>
      ) : null}
    </>
  );
}

/**
 * WeatherCard: today's and tomorrow's weather at the garden and what the weather changed
 * (rain watered, frost warned, heat brought waterings forward). Its code loads after the
 * dashboard's first page.
 */
export default function WeatherCard() {
  return (
    <section className="dash-section" aria-labelledby="weather-title">
      <header className="dash-section__header">
        <span className="icon-tile dash-section__icon" aria-hidden="true">
          <CloudSun size={18} />
        </span>
        <h2 className="dash-section__title" id="weather-title">
          Weather at Your Garden
        </h2>
      </header>
      <Body />
    </section>
  );
}
