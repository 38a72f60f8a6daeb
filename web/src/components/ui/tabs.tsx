import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { SelectField } from './select';
import './tabs.css';

export interface TabOption<T extends string> {
  value: T;
  label: string;
  icon?: ReactNode;
}

const tabId = (idBase: string, value: string) => `${idBase}-tab-${value}`;
const panelId = (idBase: string) => `${idBase}-panel`;

/**
 * Tabs: a row of tabs (automatic activation, arrow keys, Home and End). On small screens
 * the row becomes a dropdown of the same choices (CSS decides which one shows). The
 * caller keeps the value, for example in the URL, and renders one TabPanel under it.
 */
export function Tabs<T extends string>({
  options,
  value,
  onChange,
  label,
  idBase,
}: {
  options: readonly TabOption<T>[];
  value: T;
  onChange: (value: T) => void;
  /** Names the tab list and labels the dropdown. */
  label: string;
  /** Prefix of the ids that tie the tabs to their TabPanel. */
  idBase: string;
}) {
  const listRef = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = options.findIndex((o) => o.value === value);
    let next = -1;
    if (event.key === 'ArrowRight') next = (index + 1) % options.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + options.length) % options.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = options.length - 1;
    if (next < 0) return;
    event.preventDefault();
    const option = options[next]!;
    onChange(option.value);
    listRef.current?.querySelector<HTMLButtonElement>(`#${CSS.escape(tabId(idBase, option.value))}`)?.focus();
  };

  return (
    <div className="tabs">
      <div ref={listRef} role="tablist" aria-label={label} className="tabs__list">
        {options.map((option) => {
          const selected = option.value === value;
          return (
            <button
              key={option.value}
              type="button"
              role="tab"
              id={tabId(idBase, option.value)}
              aria-selected={selected}
              aria-controls={panelId(idBase)}
              tabIndex={selected ? 0 : -1}
              className="tabs__tab"
              onClick={() => onChange(option.value)}
              onKeyDown={onKeyDown}
            >
              {option.icon ? (
                <span className="tabs__icon" aria-hidden="true">
                  {option.icon}
                </span>
              ) : null}
              {option.label}
            </button>
          );
        })}
      </div>
      <div className="tabs__select">
        <SelectField label={label} value={value} onChange={(event) => onChange(event.target.value as T)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
      </div>
    </div>
  );
}

/** TabPanel: the content under Tabs with the same idBase, labelled by the selected tab. */
export function TabPanel({
  idBase,
  value,
  children,
  className,
}: {
  idBase: string;
  value: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role="tabpanel"
      id={panelId(idBase)}
      aria-labelledby={tabId(idBase, value)}
      className={['tabs__panel', className].filter(Boolean).join(' ')}
    >
      {children}
    </div>
  );
}

/**
 * useTabParam keeps a page's tab in the URL's ?tab= (so a link or a reload opens it):
 * fromParam turns the parameter into a known tab; the setter changes only ?tab.
 */
export function useTabParam<T extends string>(fromParam: (param: string | null) => T): [T, (next: T) => void] {
  const [params, setParams] = useSearchParams();
  const setTab = (next: T) =>
    setParams((prev) => {
      const out = new URLSearchParams(prev);
      out.set('tab', next);
      return out;
    });
  return [fromParam(params.get('tab')), setTab];
}
