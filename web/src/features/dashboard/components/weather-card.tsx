import { CloudRain, CloudSun, Snowflake, Sun, ThermometerSun } from 'lucide-react';
import { Link } from 'react-router';
import type { DailyWeather } from '@/api/types';
import { Skeleton } from '@/components/ui/skeleton';
import { useWeather } from '../api/get-weather';
import { DashboardSection, SectionStates } from './section';
import './weather-card.css';

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

function Day({ label, day }: { label: string; day: DailyWeather }) {
  const wet = day.precipitationMm >= 1;
  return (
    <div className="weather-day">
      <span className="weather-day__label">{label}</span>
      <span className="weather-day__icon" aria-hidden="true">
        {wet ? <CloudRain size={22} /> : day.maxC >= 28 ? <Sun size={22} /> : <CloudSun size={22} />}
      </span>
      <span className="weather-day__temp">
        {Math.round(day.maxC)}° / {Math.round(day.minC)}°
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

/**
 * WeatherCard: today's and tomorrow's weather at the garden and what the weather changed
 * (rain watered, frost warned, heat brought waterings forward). Its code loads after the
 * dashboard's first page (the dashboard is at its bundle budget).
 */
export default function WeatherCard() {
  const weather = useWeather();
  const card = weather.data;
  return (
    <DashboardSection id="weather" title="Weather at Your Garden" icon={<CloudSun size={18} />}>
      <SectionStates
        query={weather}
        loading={{ label: 'Loading the weather…', className: 'weather-days', skeleton: <Skeleton height={72} /> }}
        error="The weather could not be loaded."
        isEmpty={!card?.location}
        empty={
          <p className="muted">
            Set your garden’s location in <Link to="/settings">Settings</Link> to see its weather and let the rain water your
            outdoor plants.
          </p>
        }
      >
        {card?.location ? (
          <>
            <p className="weather-place">{card.location.name || `${card.location.latitude}, ${card.location.longitude}`}</p>
            {card.today || card.tomorrow ? (
              <div className="weather-days">
                {card.today ? <Day label="Today" day={card.today} /> : null}
                {card.tomorrow ? <Day label="Tomorrow" day={card.tomorrow} /> : null}
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
        ) : null}
      </SectionStates>
    </DashboardSection>
  );
}
