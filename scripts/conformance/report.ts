import { AREAS, type ConformanceReport } from './run.ts';

/** The pass/fail table per area, then every failure with its first difference. */
export function formatReport(report: ConformanceReport): string {
  const rows = AREAS.map((area) => {
    const results = report.results.filter((result) => result.area === area);
    const failed = results.filter((result) => result.status === 'fail');
    const passed = results.filter((result) => result.status === 'pass').length;
    const skipped = results.filter((result) => result.status === 'skip').length;
    const verdict = failed.length > 0 ? 'FAIL' : skipped > 0 ? 'SKIP' : results.length === 0 ? '-' : 'PASS';
    const first = failed[0] ?? results.find((result) => result.status === 'skip');
    return [area, `${passed}/${results.length}`, verdict, first ? `${first.name}: ${first.detail ?? ''}` : ''];
  });
  const width = (column: number) => Math.max(...rows.map((row) => row[column]!.length), ['area', 'passed', 'result'][column]!.length);
  const line = (row: string[]) => `${row[0]!.padEnd(width(0))}  ${row[1]!.padEnd(width(1))}  ${row[2]!.padEnd(width(2))}  ${oneLine(row[3]!)}`.trimEnd();
  const out = [line(['area', 'passed', 'result', 'first difference']), ...rows.map(line)];

  const failures = report.results.filter((result) => result.status === 'fail');
  if (failures.length > 0) {
    out.push('', `${failures.length} failed:`);
    for (const failure of failures) out.push(`  ✗ [${failure.area}] ${failure.name}`, `      ${failure.detail ?? ''}`);
  }
  const skips = report.results.filter((result) => result.status === 'skip');
  if (skips.length > 0) {
    out.push('', `${skips.length} not checked:`);
    for (const skip of skips) out.push(`  - [${skip.area}] ${skip.name}: ${skip.detail ?? ''}`);
  }
  const { before, after } = report.wallet;
  out.push('', `money: transfers of ${report.staked} minor units sent in all (refused ones included); the wallet was ${before ?? '?'} before and ${after ?? '?'} after the cash-out`);
  const passed = report.results.filter((result) => result.status === 'pass').length;
  out.push(`${passed} passed, ${failures.length} failed, ${skips.length} skipped`);
  out.push(report.exitCode === 0 ? 'CONFORMS' : report.exitCode === 1 ? 'DOES NOT CONFORM' : 'INCOMPLETE: nothing differs, but not everything was checked');
  return out.join('\n');
}

function oneLine(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
