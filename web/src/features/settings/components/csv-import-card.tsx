import { Download, FileSpreadsheet, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { getErrorMessage } from '@/api/client';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { SelectField } from '@/components/ui/select';
import { CSV_FIELDS, CSV_HINTS, downloadCsvTemplate, useImportCsv, type CsvKind, type CsvResult } from '../api/import-csv';
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
  const inputId = useId();
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
      setFailure(getErrorMessage(error, 'The file could not be read. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card aria-labelledby="csv-import-title">
      <CardHeader
        icon={<FileSpreadsheet size={18} />}
        title={<span id="csv-import-title">Import a spreadsheet</span>}
        description="Plants, journal entries, care events or harvests from a CSV file: all rows or none."
      />
      <CardBody className="import-card">
        <div className="import-card__actions">
          <SelectField label="What the file holds" value={kind} onChange={(e) => { setKind(e.target.value as CsvKind); setResult(undefined); setFile(undefined); }}>
            <option value="plants">Plants</option>
            <option value="journal">Journal entries</option>
            <option value="care">Care events (the care log)</option>
            <option value="harvests">Harvests</option>
          </SelectField>
        </div>
        <div className="import-card__choose">
          <label htmlFor={inputId} className="import-card__label">
            CSV file
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
            Download the template
          </Button>
        </div>
        {failure ? (
          <Alert variant="destructive" title="Nothing was imported">
            {failure}
          </Alert>
        ) : null}
        {done !== undefined ? (
          <Alert variant="success" title="Import finished">
            Imported {done} {done === 1 ? 'row' : 'rows'}.
          </Alert>
        ) : null}
        {file && result ? (
          <div className="import-card__preview" role="region" aria-label="Spreadsheet preview">
            <p>
              <strong>{file.name}</strong>: {result.rows} {result.rows === 1 ? 'row' : 'rows'}.
            </p>
            {CSV_HINTS[kind] ? <p className="muted">{CSV_HINTS[kind]}</p> : null}
            <div className="csv-import__mapping">
              {CSV_FIELDS[kind].map((f) => (
                <SelectField
                  key={f.name}
                  label={`${f.label}${f.required ? ' *' : ''}`}
                  value={result.mapping[f.name] ?? ''}
                  onChange={(e) => void check(file, { ...result.mapping, [f.name]: e.target.value }, true)}
                >
                  <option value="">(not in the file)</option>
                  {result.headers.map((h) => (
                    <option key={h} value={h}>
                      {h}
                    </option>
                  ))}
                </SelectField>
              ))}
            </div>
            {result.errors.length > 0 ? (
              <ul className="import-card__warnings" aria-label="Row errors">
                {result.errors.map((e, i) => (
                  <li key={`${e.row}-${e.field}-${i}`}>
                    {e.row > 0 ? `Line ${e.row}, ` : ''}
                    {e.field}: {e.message}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">Every row is fine: {result.imported} to import.</p>
            )}
            <div className="import-card__actions">
              <Button icon={<Upload size={16} aria-hidden="true" />} disabled={busy || result.errors.length > 0 || result.imported === 0} onClick={() => void check(file, result.mapping, false)}>
                Import
              </Button>
            </div>
          </div>
        ) : null}
      </CardBody>
    </Card>
  );
}
