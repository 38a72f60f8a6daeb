// Reads Vitest's JSON report and writes what `make test` needs from it: "<passed> <failed>" for
// the total line, and the failed tests' names (file › title), one per line, for the closing
// summary. A run that failed before writing its report (a crash, a config error) counts as one
// failure, so the summary never reports a red step as green.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';

const [report, countsFile, failuresFile] = process.argv.slice(2);
if (!existsSync(report)) {
  writeFileSync(countsFile, '0 1\n');
  writeFileSync(failuresFile, 'Vitest wrote no report (it failed before running the tests; see the lines above)\n');
  process.exit(0);
}
const r = JSON.parse(readFileSync(report, 'utf8'));
writeFileSync(countsFile, `${r.numPassedTests} ${r.numFailedTests}\n`);
const names = [];
for (const file of r.testResults ?? []) {
  const where = relative(process.cwd(), file.name);
  const failed = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
  for (const a of failed) names.push(`${where} › ${[...(a.ancestorTitles ?? []), a.title].join(' › ')}`);
  if (failed.length === 0 && file.status === 'failed') names.push(`${where} (the file failed outside its tests: ${String(file.message ?? '').split('\n')[0]})`);
}
writeFileSync(failuresFile, names.map((n) => `${n}\n`).join(''));
