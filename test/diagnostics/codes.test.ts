import { describe, expect, it } from 'vitest';
import { allCodes } from '../../src/diagnostics/catalogue.js';
import { formatDiagnostic, formatGithub, formatSummary } from '../../src/diagnostics/print.js';

describe('the code catalogue', () => {
  it('never gives two meanings the same code', () => {
    const seen = new Map<string, string>();
    for (const [stage, codes] of Object.entries(allCodes)) {
      for (const [name, code] of Object.entries(codes)) {
        expect(code).toMatch(/^DG\d{4}$/);
        const other = seen.get(code);
        expect(other, `${code} is both ${other} and ${stage}.${name}`).toBeUndefined();
        seen.set(code, `${stage}.${name}`);
      }
    }
    expect(seen.size).toBeGreaterThan(30);
  });
});

describe('the printer', () => {
  const d = { code: 'DG4002', severity: 'error' as const, message: 'duplicate source', hint: 'remove one', location: { file: 'redirects/a.yaml', line: 12, column: 5 } };
  it('prints one line: path:line:column, severity, code, message, hint', () => {
    expect(formatDiagnostic(d)).toBe('redirects/a.yaml:12:5  error  DG4002  duplicate source  (remove one)');
  });
  it('prints GitHub annotations with escaped properties', () => {
    expect(formatGithub({ ...d, message: 'a: 100%\nb' })).toBe('::error file=redirects/a.yaml,line=12,col=5,title=DG4002::a: 100%25%0Ab (remove one)');
  });
  it('summarises', () => {
    expect(formatSummary([d, { ...d, severity: 'warning' }])).toBe('✖ 1 error, ⚠ 1 warning');
    expect(formatSummary([])).toBe('✔ no problems');
  });
});
