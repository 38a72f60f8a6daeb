import { CloudRain, CloudSun, Snowflake, SunMedium, ThermometerSun } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { DailyWeather } from '@/api/types';
import { currentLocale, t as translate, type MessageKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';
import { formatTemperature, useUnitSystem, type UnitSystem } from '@/lib/units';
import { useWeather } from '../api/get-weather';
import './weather-card.css';

/*
 * The card imports nothing of the app's own chunks (it repeats DashboardSection's markup and
 * reads through SWR directly): the dashboard's dynamic import of it then lists only its own
 * few files, which keeps the first load within its 150 kB budget.
 */

/** describe: the WMO weather code Open-Meteo answers, in words of the shown language. */
export function describe(code: number): string {
  return translate(weatherKey(code));
}

function weatherKey(code: number): MessageKey {
  if (code === 0) return 'dashboard.weather.clear';
  if (code <= 3) return 'dashboard.weather.partlyCloudy';
  if (code <= 48) return 'dashboard.weather.fog';
  if (code <= 57) return 'dashboard.weather.drizzle';
  if (code <= 67) return 'dashboard.weather.rain';
  if (code <= 77) return 'dashboard.weather.snow';
  if (code <= 82) return 'dashboard.weather.showers';
  if (code <= 86) return 'dashboard.weather.snowShowers';
  return 'dashboard.weather.thunderstorm';
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
        {translate('dashboard.weather.day', {
          weather: describe(day.weatherCode),
          mm: new Intl.NumberFormat(currentLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(day.precipitationMm),
        })}
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
  const t = useT();
  const weather = useWeather();
  const system = useUnitSystem();
  const card = weather.data;
  if (weather.isLoading) {
    return (
      <div className="weather-days" role="status" aria-live="polite" aria-busy="true">
        <span className="visually-hidden">{t('dashboard.weather.loading')}</span>
        <span className="skeleton" style={{ height: 72 }} />
      </div>
    );
  }
  if (weather.error || !card) return <p className="dash-error">{t('dashboard.weather.loadFailed')}</p>;
  if (!card.location) {
    // The sentence's link sits where the language puts {settings}.
    const [before, after] = t('dashboard.weather.noLocation', { settings: '\u0000' }).split('\u0000');
    return (
      <p className="muted">
        {before}
        <Link to="/settings">{t('nav.settings')}</Link>
        {after}
      </p>
    );
  }
  return (
    <>
      <p className="weather-place">{card.location.name || `${card.location.latitude}, ${card.location.longitude}`}</p>
      {card.today || card.tomorrow ? (
        <div className="weather-days">
          {card.today ? <Day label={t('date.today')} day={card.today} system={system} /> : null}
          {card.tomorrow ? <Day label={t('date.tomorrow')} day={card.tomorrow} system={system} /> : null}
        </div>
      ) : (
        <p className="muted">{card.enabled ? t('dashboard.weather.noForecast') : t('dashboard.weather.off')}</p>
      )}
      {card.changes.length > 0 ? (
        <ul className="weather-changes" aria-label={t('dashboard.weather.changes')}>
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
  const t = useT();
  return (
    <section className="dash-section" aria-labelledby="weather-title">
      <header className="dash-section__header">
        <span className="icon-tile dash-section__icon" aria-hidden="true">
          <CloudSun size={18} />
        </span>
        <h2 className="dash-section__title" id="weather-title">
          {t('dashboard.weather.title')}
        </h2>
      </header>
      <Body />
    </section>
  );
}
