import * as Popover from '@radix-ui/react-popover';
import { addMonths, format, isSameDay, isSameMonth, isToday } from 'date-fns';
import { CalendarDays, ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useState } from 'react';
import { formatDate, formatLongDate, localDate, weekdayNames, monthGrid, parseDate, toDateKey } from '@/lib/dates';
import { useT } from '@/lib/i18n/provider';
import './date-picker.css';

/**
 * MiniCalendar: a month of day buttons, Monday first; `value` is yyyy-MM-dd or ''. Days
 * after `max` (yyyy-MM-dd) are disabled.
 */
export function MiniCalendar({ value, onSelect, max }: { value: string; onSelect: (date: string) => void; max?: string }) {
  const t = useT();
  const selected = parseDate(value);
  const [month, setMonth] = useState<Date>(() => selected ?? new Date());
  const days = monthGrid(month);
  const title = localDate(month, { month: 'long', year: 'numeric' });
  return (
    <div className="mini-calendar">
      <div className="mini-calendar__header">
        <button
          type="button"
          className="mini-calendar__nav"
          aria-label={t('shared.date.previousMonth')}
          onClick={() => setMonth((m) => addMonths(m, -1))}
        >
          <ChevronLeft size={18} aria-hidden="true" />
        </button>
        <p className="mini-calendar__title" aria-live="polite">
          {title}
        </p>
        <button
          type="button"
          className="mini-calendar__nav"
          aria-label={t('shared.date.nextMonth')}
          onClick={() => setMonth((m) => addMonths(m, 1))}
        >
          <ChevronRight size={18} aria-hidden="true" />
        </button>
      </div>
      <div className="mini-calendar__grid" role="grid" aria-label={title}>
        {weekdayNames().map((d) => (
          <span key={d} className="mini-calendar__weekday" aria-hidden="true">
            {d.slice(0, 2)}
          </span>
        ))}
        {days.map((day) => {
          const classes = ['mini-calendar__day'];
          if (!isSameMonth(day, month)) classes.push('mini-calendar__day--outside');
          if (isToday(day)) classes.push('mini-calendar__day--today');
          return (
            <button
              key={day.toISOString()}
              type="button"
              className={classes.join(' ')}
              aria-label={formatLongDate(day)}
              aria-pressed={selected ? isSameDay(day, selected) : false}
              disabled={max !== undefined && toDateKey(day) > max}
              onClick={() => onSelect(toDateKey(day))}
            >
              {format(day, 'd')}
            </button>
          );
        })}
      </div>
    </div>
  );
}

/**
 * DatePicker: a button showing the picked day ("MMM d, yyyy") or the placeholder, which
 * opens a month calendar; a small clear button resets it.
 */
export function DatePicker({
  value,
  onChange,
  placeholder,
  label,
  id,
  invalid,
  'aria-describedby': describedBy,
  max,
}: {
  value: string;
  onChange: (date: string) => void;
  /** The last day that may be picked (yyyy-MM-dd). */
  max?: string;
  placeholder?: string;
  label: string;
  /** Set by a form field so its label and messages point at the trigger. */
  id?: string;
  invalid?: boolean;
  'aria-describedby'?: string;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const date = parseDate(value);
  return (
    <div className="date-picker">
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger asChild>
          <button
            type="button"
            id={id}
            className={['input', 'date-picker__trigger', invalid ? 'input--invalid' : ''].filter(Boolean).join(' ')}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            aria-label={date ? t('shared.date.label', { label, date: formatDate(date) }) : label}>
            <CalendarDays size={18} aria-hidden="true" className="date-picker__icon" />
            <span className={date ? '' : 'date-picker__placeholder'}>{date ? formatDate(date) : (placeholder ?? t('shared.date.pick'))}</span>
          </button>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content className="popover" align="start" sideOffset={6} collisionPadding={8}>
            <MiniCalendar
              value={value}
              max={max}
              onSelect={(next) => {
                onChange(next);
                setOpen(false);
              }}
            />
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      {date ? (
        <button type="button" className="date-picker__clear" aria-label={t('shared.date.clear')} onClick={() => onChange('')}>
          <X size={16} aria-hidden="true" />
        </button>
      ) : null}
    </div>
  );
}
