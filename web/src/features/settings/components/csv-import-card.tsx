import { Download, FileSpreadsheet, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { getErrorMessage } from '@/api/client';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { SelectField } from '@/components/ui/select';
import { useT } from '@/lib/i18n/provider';
import { CSV_FIELDS, CSV_HINTS, csvFieldLabel, downloadCsvTemplate, useImportCsv, type CsvKind, type CsvResult } from '../api/import-csv';
import './import-card.css';

/**
 * CsvImportCard (Settings › Import › Spreadsheet): pick a kind and a CSV file, check the
 * guessed column for each field, read the first rows and every row's errors, then import all
 * or nothing.
 */
export function CsvImportCard() {
  const send = useImportCsv();
  const [kind, setKind] = useState<CsvKind>('plants');
  const [file, setFile] = useState<File>();
  const [result, setResult] = useState<CsvResult>();
  const [done, setDone] = useState<number>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const hint = CSV_HINTS[kind];
  const inputId = useId();
  const t = useT();
  const fieldName = (field: string) => {
    const label = csvFieldLabel(field);
    return label ? t(label) : field;
  };
  // The browser's locale, not the shown language: it says how the file writes dates and numbers.
  const locale = typeof navigator === 'undefined' ? 'en-US' : navigator.language;

  const check = async (f: File, mapping: Record<string, string>, dryRun: boolean) => {
    setBusy(true);
    setFailure(undefined);
    try {
      const r = await send(f, kind, locale, mapping, dryRun);
      if (dryRun || r.errors.length > 0) setResult(r);
      else {
        setDone(r.imported);
        setResult(undefined);
        setFile(undefined);
      }
    } catch (error) {
      setFailure(getErrorMessage(error, t('settings.csv.readFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card aria-labelledby="csv-import-title">
      <CardHeader
        icon={<FileSpreadsheet size={18} />}
        title={<span id="csv-import-title">{t('settings.csv.title')}</span>}
        description={t('settings.csv.description')}
      />
      <CardBody className="import-card">
        <div className="import-card__actions">
          <SelectField label={t('settings.csv.kind')} value={kind} onChange={(e) => { setKind(e.target.value as CsvKind); setResult(undefined); setFile(undefined); }}>
            <option value="plants">{t('nav.plants')}</option>
            <option value="journal">{t('settings.csv.kindJournal')}</option>
            <option value="care">{t('settings.csv.kindCare')}</option>
            <option value="harvests">{t('settings.csv.kindHarvests')}</option>
          </SelectField>
        </div>
        <div className="import-card__choose">
          <label htmlFor={inputId} className="import-card__label">
            {t('settings.csv.file')}
          </label>
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => {
              const f = e.target.files?.[0];
              setDone(undefined);
              setFile(f);
              if (f) void check(f, {}, true);
            }}
          />
          <Button variant="ghost" size="sm" icon={<Download size={16} aria-hidden="true" />} onClick={() => void downloadCsvTemplate(kind)}>
            {t('settings.csv.template')}
          </Button>
        </div>
        {failure ? (
          <Alert variant="destructive" title={t('settings.import.nothing')}>
            {failure}
          </Alert>
        ) : null}
        {done !== undefined ? (
          <Alert variant="success" title={t('settings.import.finished')}>
            {t('settings.csv.imported', { count: done })}
          </Alert>
        ) : null}
        {file && result ? (
          <div className="import-card__preview" role="region" aria-label={t('settings.csv.preview')}>
            <p>
              <strong>{file.name}</strong>: {t('settings.csv.rows', { count: result.rows })}
            </p>
            {hint ? <p className="muted">{t(hint)}</p> : null}
            <div className="csv-import__mapping">
              {CSV_FIELDS[kind].map((f) => (
                <SelectField
                  key={f.name}
                  label={f.required ? t('settings.csv.required', { label: t(f.label) }) : t(f.label)}
                  value={result.mapping[f.name] ?? ''}
                  onChange={(e) => void check(file, { ...result.mapping, [f.name]: e.target.value }, true)}
                >
                  <option value="">{t('settings.csv.notInFile')}</option>
                  {result.headers.map((h) => (
                    <option key={h} value={h}>
                      {h}
                    </option>
                  ))}
                </SelectField>
              ))}
            </div>
            {result.errors.length > 0 ? (
              <ul className="import-card__warnings" aria-label={t('settings.csv.rowErrors')}>
                {result.errors.map((e, i) => (
                  <li key={`${e.row}-${e.field}-${i}`}>
                    {e.row > 0
                      ? t('settings.csv.lineError', { line: e.row, field: fieldName(e.field), message: e.message })
                      : t('settings.csv.fileError', { field: fieldName(e.field), message: e.message })}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">{t('settings.csv.allFine', { count: result.imported })}</p>
            )}
            <div className="import-card__actions">
              <Button icon={<Upload size={16} aria-hidden="true" />} disabled={busy || result.errors.length > 0 || result.imported === 0} onClick={() => void check(file, result.mapping, false)}>
                {t('settings.import.import')}
              </Button>
            </div>
          </div>
        ) : null}
      </CardBody>
    </Card>
  );
}
