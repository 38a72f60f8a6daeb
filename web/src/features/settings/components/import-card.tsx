import { FileArchive, Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { getErrorMessage } from '@/api/client';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClass } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { ProgressBar } from '@/components/ui/progress';
import { useImportHortusFox, type ImportResult } from '../api/import-hortusfox';
import './import-card.css';

type Stage =
  | { step: 'idle' }
  | { step: 'checking' | 'importing'; file: File; sent: number }
  | { step: 'preview'; file: File; result: ImportResult }
  | { step: 'done'; result: ImportResult }
  | { step: 'failed'; message: string };

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The counts of a result as one sentence. */
function counts(r: ImportResult) {
  return `${plural(r.plants, 'plant')}, ${plural(r.journalEntries, 'journal entry', 'journal entries')}, ${plural(r.tasks, 'care task')} and ${plural(r.photos, 'photo')}`;
}

function ResultDetails({ result }: { result: ImportResult }) {
  return (
    <>
      {result.alreadyImported > 0 ? (
        <p className="muted">{plural(result.alreadyImported, 'item')} came in with an earlier import of this backup and will not be added twice.</p>
      ) : null}
      {result.warnings.length > 0 ? (
        <ul className="import-card__warnings" aria-label="Warnings">
          {result.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      ) : null}
      {result.leftOut.length > 0 ? (
        <details className="import-card__left-out">
          <summary>Not imported: {plural(result.leftOut.length, 'item')} Garden has no place for</summary>
          <ul>
            {result.leftOut.map((l, i) => (
              <li key={`${l.kind}-${l.name}-${i}`}>
                <strong>{l.name || '(unnamed)'}</strong> ({l.kind}): {l.reason}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </>
  );
}

/**
 * ImportCard (Settings › Import): choose a HortusFox backup, see what it holds, then import it,
 * with the upload's progress. The file is sent twice (preview, then import): the server keeps
 * no upload between requests.
 */
export function ImportCard() {
  const send = useImportHortusFox();
  const [stage, setStage] = useState<Stage>({ step: 'idle' });
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();

  const run = async (file: File, dryRun: boolean) => {
    setStage({ step: dryRun ? 'checking' : 'importing', file, sent: 0 });
    try {
      const result = await send(file, dryRun, (sent) => setStage({ step: dryRun ? 'checking' : 'importing', file, sent }));
      setStage(dryRun ? { step: 'preview', file, result } : { step: 'done', result });
    } catch (error) {
      setStage({ step: 'failed', message: getErrorMessage(error, 'The backup could not be read. Please try again.') });
    }
  };
  const reset = () => {
    if (input.current) input.current.value = '';
    setStage({ step: 'idle' });
  };

  return (
    <Card aria-labelledby="import-title">
      <CardHeader
        icon={<FileArchive size={18} />}
        title={<span id="import-title">Import</span>}
        description="Bring your garden from HortusFox: plants with photos, gallery photos as journal entries, open tasks."
      />
      <CardBody className="import-card">
        {stage.step === 'idle' || stage.step === 'failed' ? (
          <div className="import-card__choose">
            <label htmlFor={inputId} className="import-card__label">
              HortusFox backup (.zip)
            </label>
            <input
              ref={input}
              id={inputId}
              type="file"
              accept=".zip,application/zip"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void run(file, true);
              }}
            />
            <p className="muted">In HortusFox, make one under Admin › Backup with every section ticked.</p>
            {stage.step === 'failed' ? (
              <Alert variant="destructive" title="Nothing was imported">
                {stage.message}
              </Alert>
            ) : null}
          </div>
        ) : null}

        {stage.step === 'checking' || stage.step === 'importing' ? (
          <div className="import-card__progress">
            <p>
              {stage.step === 'checking' ? 'Checking' : 'Importing'} <strong>{stage.file.name}</strong>
              {stage.sent < 1 ? ': uploading…' : stage.step === 'checking' ? ': reading the backup…' : ': saving your plants and photos…'}
            </p>
            <ProgressBar
              label={stage.step === 'checking' ? 'Checking the backup' : 'Importing the backup'}
              value={stage.sent * 100}
              indeterminate={stage.sent >= 1}
              valueText={`${Math.round(stage.sent * 100)}% uploaded`}
            />
          </div>
        ) : null}

        {stage.step === 'preview' ? (
          <div className="import-card__preview" role="region" aria-label="Import preview">
            <p>
              <strong>{stage.file.name}</strong> holds {counts(stage.result)} to import.
            </p>
            {!stage.result.fitsAll ? (
              <Alert variant="warning" title="Over your plant limit">
                Only {stage.result.fits} of the {stage.result.plants} new plants fit (limit {stage.result.plantLimit}, you have{' '}
                {stage.result.currentPlants}). Remove some plants first: an import brings all of them or none.
              </Alert>
            ) : null}
            <ResultDetails result={stage.result} />
            <div className="import-card__actions">
              <Button
                icon={<Upload size={16} aria-hidden="true" />}
                disabled={!stage.result.fitsAll || stage.result.plants + stage.result.journalEntries + stage.result.tasks === 0}
                onClick={() => void run(stage.file, false)}
              >
                Import
              </Button>
              <Button variant="ghost" onClick={reset}>
                Choose another file
              </Button>
            </div>
          </div>
        ) : null}

        {stage.step === 'done' ? (
          <div className="import-card__done" role="status">
            <Alert variant="success" title="Import finished">
              Imported {counts(stage.result)}.
            </Alert>
            <ResultDetails result={stage.result} />
            <div className="import-card__actions">
              <Link to="/plants" className={buttonClass()}>
                See your plants
              </Link>
              <Button variant="ghost" onClick={reset}>
                Import another backup
              </Button>
            </div>
          </div>
        ) : null}
      </CardBody>
    </Card>
  );
}
