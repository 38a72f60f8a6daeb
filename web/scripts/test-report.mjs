// Reads Vitest's JSON report and writes what `make test` needs from it: "<passed> <failed>" for
// the total line, and the failed tests' names (file › title), one per line, each followed by
// the first lines of its failure, indented by two spaces, for the closing summary
// (tests/tools/test-summary.sh). A run that failed before writing its report (a crash, a config error) counts as one
// failure, so the summary never reports a red step as green.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';

const [report, countsFile, failuresFile] = process.argv.slice(2);
if (!existsSync(report)) {
  writeFileSync(countsFile, '0 1\n');
  writeFileSync(failuresFile, 'Vitest wrote no report (it failed before running the tests; see the lines above)\n');
  process.exit(0);
}
/** why is the first three lines of a failed test's first failure message (240 characters at
 *  most each), each on a line of its own that starts with two spaces. */
function why(assertion) {
  const text = String(assertion.failureMessages?.[0] ?? '').replace(/\u001b\[[0-9;]*m/g, '');
  const lines = text.split('\n').map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('at ')).slice(0, 3);
  return lines.map((l) => `\n  ${l.length > 240 ? `${l.slice(0, 239)}…` : l}`).join('');
}

const r = JSON.parse(readFileSync(report, 'utf8'));
writeFileSync(countsFile, `${r.numPassedTests} ${r.numFailedTests}\n`);
const names = [];
for (const file of r.testResults ?? []) {
  const where = relative(process.cwd(), file.name);
  const failed = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
  for (const a of failed) names.push(`${where} › ${[...(a.ancestorTitles ?? []), a.title].join(' › ')}${why(a)}`);
  if (failed.length === 0 && file.status === 'failed') names.push(`${where} (the file failed outside its tests: ${String(file.message ?? '').split('\n')[0]})`);
}
writeFileSync(failuresFile, names.map((n) => `${n}\n`).join(''));
