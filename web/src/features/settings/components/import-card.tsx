import { FileArchive, Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { getErrorMessage } from '@/api/client';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClass } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { ProgressBar } from '@/components/ui/progress';
import { t as translate } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';
import { LEFT_OUT_KINDS, useImportHortusFox, type ImportResult } from '../api/import-hortusfox';
import './import-card.css';

type Stage =
  | { step: 'idle' }
  | { step: 'checking' | 'importing'; file: File; sent: number }
  | { step: 'preview'; file: File; result: ImportResult }
  | { step: 'done'; result: ImportResult }
  | { step: 'failed'; message: string };

/** The counts of a result as one phrase, in the shown language. */
function counts(r: ImportResult) {
  return translate('settings.import.counts', { plants: r.plants, entries: r.journalEntries, tasks: r.tasks, photos: r.photos });
}

/** Where a file's name goes in its sentence (shown in bold). */
const FILE = '\u0000';

/** FileSentence: a sentence with the file's name in bold where the language puts it. */
function FileSentence({ text, name }: { text: string; name: string }) {
  const [before = '', after = ''] = text.split(FILE);
  return (
    <>
      {before}
      <strong>{name}</strong>
      {after}
    </>
  );
}

function ResultDetails({ result }: { result: ImportResult }) {
  const t = useT();
  return (
    <>
      {result.alreadyImported > 0 ? (
        <p className="muted">{t('settings.import.already', { count: result.alreadyImported })}</p>
      ) : null}
      {result.warnings.length > 0 ? (
        <ul className="import-card__warnings" aria-label={t('settings.import.warnings')}>
          {result.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      ) : null}
      {result.leftOut.length > 0 ? (
        <details className="import-card__left-out">
          <summary>{t('settings.import.leftOut', { count: result.leftOut.length })}</summary>
          <ul>
            {result.leftOut.map((l, i) => (
              <li key={`${l.kind}-${l.name}-${i}`}>
                <strong>{l.name || t('settings.import.unnamed')}</strong> {t('settings.import.leftOutItem', { kind: LEFT_OUT_KINDS[l.kind] ? t(LEFT_OUT_KINDS[l.kind]) : l.kind, reason: l.reason })}
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
  const t = useT();

  const run = async (file: File, dryRun: boolean) => {
    setStage({ step: dryRun ? 'checking' : 'importing', file, sent: 0 });
    try {
      const result = await send(file, dryRun, (sent) => setStage({ step: dryRun ? 'checking' : 'importing', file, sent }));
      setStage(dryRun ? { step: 'preview', file, result } : { step: 'done', result });
    } catch (error) {
      setStage({ step: 'failed', message: getErrorMessage(error, t('settings.import.readFailed')) });
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
        title={<span id="import-title">{t('settings.import.import')}</span>}
        description={t('settings.import.description')}
      />
      <CardBody className="import-card">
        {stage.step === 'idle' || stage.step === 'failed' ? (
          <div className="import-card__choose">
            <label htmlFor={inputId} className="import-card__label">
              {t('settings.import.backup')}
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
            <p className="muted">{t('settings.import.backupHelp')}</p>
            {stage.step === 'failed' ? (
              <Alert variant="destructive" title={t('settings.import.nothing')}>
                {stage.message}
              </Alert>
            ) : null}
          </div>
        ) : null}

        {stage.step === 'checking' || stage.step === 'importing' ? (
          <div className="import-card__progress">
            <p>
              <FileSentence
                name={stage.file.name}
                text={t(
                  stage.sent < 1
                    ? stage.step === 'checking'
                      ? 'settings.import.checkingUploading'
                      : 'settings.import.importingUploading'
                    : stage.step === 'checking'
                      ? 'settings.import.checkingReading'
                      : 'settings.import.importingSaving',
                  { file: FILE },
                )}
              />
            </p>
            <ProgressBar
              label={stage.step === 'checking' ? t('settings.import.checkingLabel') : t('settings.import.importingLabel')}
              value={stage.sent * 100}
              indeterminate={stage.sent >= 1}
              valueText={t('settings.import.uploaded', { percent: Math.round(stage.sent * 100) })}
            />
          </div>
        ) : null}

        {stage.step === 'preview' ? (
          <div className="import-card__preview" role="region" aria-label={t('settings.import.preview')}>
            <p>
              <FileSentence name={stage.file.name} text={t('settings.import.holds', { file: FILE, counts: counts(stage.result) })} />
            </p>
            {!stage.result.fitsAll ? (
              <Alert variant="warning" title={t('settings.import.overLimit')}>
                {t('settings.import.overLimitText', {
                  fits: stage.result.fits,
                  count: stage.result.plants,
                  limit: stage.result.plantLimit,
                  current: stage.result.currentPlants,
                })}
              </Alert>
            ) : null}
            <ResultDetails result={stage.result} />
            <div className="import-card__actions">
              <Button
                icon={<Upload size={16} aria-hidden="true" />}
                disabled={!stage.result.fitsAll || stage.result.plants + stage.result.journalEntries + stage.result.tasks === 0}
                onClick={() => void run(stage.file, false)}
              >
                {t('settings.import.import')}
              </Button>
              <Button variant="ghost" onClick={reset}>
                {t('settings.import.another')}
              </Button>
            </div>
          </div>
        ) : null}

        {stage.step === 'done' ? (
          <div className="import-card__done" role="status">
            <Alert variant="success" title={t('settings.import.finished')}>
              {t('settings.import.imported', { counts: counts(stage.result) })}
            </Alert>
            <ResultDetails result={stage.result} />
            <div className="import-card__actions">
              <Link to="/plants" className={buttonClass()}>
                {t('settings.import.seePlants')}
              </Link>
              <Button variant="ghost" onClick={reset}>
                {t('settings.import.anotherBackup')}
              </Button>
            </div>
          </div>
        ) : null}
      </CardBody>
    </Card>
  );
}
