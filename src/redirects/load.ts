import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { isMap, isScalar, isSeq, Scalar, type Node, type Pair } from 'yaml';
import { MAX_YAML_ALIASES, readYaml } from '../util/read-yaml.js';
import { issuePosition } from '../util/yaml-positions.js';
import type { Diagnostic, StageResult } from '../diagnostics/index.js';
import { redirectCodes } from './codes.js';
import { redirectEntrySchema } from './schema.js';
import type { RedirectRule, ValuePosition } from './types.js';

/**
 * Loads every `*.yaml` / `*.yml` file of the redirects folder (sorted by name, so rule order is stable), with the
 * line and column of each entry. Schema problems are reported as diagnostics and their entries left out.
 * A missing folder means no redirects.
 */
export async function loadRedirects(
  redirectsDir: string,
  opts: { root: string },
): Promise<StageResult<{ rules: RedirectRule[] }, { files: number; rules: number }>> {
  const diagnostics: Diagnostic[] = [];
  const rules: RedirectRule[] = [];
  let names: string[];
  try {
    names = (await readdir(redirectsDir)).filter((n) => /\.ya?ml$/i.test(n)).sort();
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT') {
      diagnostics.push({ code: redirectCodes.UNREADABLE, severity: 'error', message: `cannot read the redirects folder: ${(err as Error).message}`, location: { file: rel(opts.root, redirectsDir), line: 1, column: 1 } });
    }
    return { diagnostics, outputs: { rules }, stats: { files: 0, rules: 0 } };
  }
  for (const name of names) {
    const abs = path.join(redirectsDir, name);
    const file = rel(opts.root, abs);
    let text: string;
    try {
      text = await readFile(abs, 'utf8');
    } catch (err) {
      diagnostics.push({ code: redirectCodes.UNREADABLE, severity: 'error', message: `cannot read ${file}: ${(err as Error).message}`, location: { file, line: 1, column: 1 } });
      continue;
    }
    parseRedirectsText(text, file, rules, diagnostics);
  }
  return { diagnostics, outputs: { rules }, stats: { files: names.length, rules: rules.length } };
}

/** Parses one file's text into rules (appended to `rules`); problems go to `diagnostics`. */
export function parseRedirectsText(text: string, file: string, rules: RedirectRule[], diagnostics: Diagnostic[]): void {
  const lines = text.split(/\r?\n/);
  const read = readYaml(text);
  const { lineCounter } = read;
  const at = (offset: number): { line: number; column: number; lineText?: string } => {
    const p = lineCounter.linePos(offset);
    return { line: p.line, column: p.col, lineText: lines[p.line - 1] };
  };
  if ('problem' in read) {
    const p = read.problem;
    const message =
      p.kind === 'syntax'
        ? `invalid YAML: ${p.message}`
        : p.kind === 'too-deep'
          ? `the YAML nests ${p.depth ? `${p.depth} levels deep, ` : ''}too deep to be read`
          : p.kind === 'unresolved'
            ? `the YAML alias \`${p.alias}\` names no anchor before it`
            : `the YAML aliases expand to more than ${MAX_YAML_ALIASES} copies (at \`${p.alias}\`), which is how an alias bomb starts`;
    diagnostics.push({
      code: redirectCodes.YAML_SYNTAX,
      severity: 'error',
      message,
      hint: 'a redirects file is a list of entries: `- from: /documentation/old/` then `  to: /documentation/new/`',
      location: { file, ...at(p.offset) },
    });
    return;
  }
  const { doc } = read;
  const contents = doc.contents as Node | null;
  if (contents === null || (isScalar(contents) && (contents.value === null || contents.value === ''))) return;
  if (!isSeq(contents)) {
    diagnostics.push({
      code: redirectCodes.SCHEMA,
      severity: 'error',
      message: 'a redirects file must be a YAML list of {from, to} entries',
      hint: 'start each entry with `- from: /documentation/old/`',
      location: { file, ...at(contents.range?.[0] ?? 0) },
    });
    return;
  }
  contents.items.forEach((item, index) => {
    const node = item as Node;
    const start = at(node?.range?.[0] ?? 0);
    const parsed = redirectEntrySchema.safeParse((node as { toJSON?: () => unknown })?.toJSON?.() ?? (isScalar(node) ? node.value : node));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const pos = issuePosition(doc, lineCounter, [index, ...issue.path]);
        const message = issue.code === 'unrecognized_keys' ? `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `\`${k}\``).join(', ')}` : issue.code === 'invalid_type' && issue.path.length === 0 ? 'an entry must be a map with `from` and `to`' : issue.code === 'invalid_type' && issue.received !== 'undefined' ? `\`${issue.path.join('.')}\` must be a ${issue.expected}, not a ${issue.received}` : issue.message;
        diagnostics.push({
          code: redirectCodes.SCHEMA,
          severity: 'error',
          message: `invalid redirect: ${message}`,
          hint: 'an entry has `from`, `to`, and optionally `status` (301, 302, 307, 308) and `note`',
          location: { file, line: pos.line, column: pos.column, lineText: lines[pos.line - 1] },
        });
      }
      return;
    }
    const e = parsed.data;
    const rule: RedirectRule = {
      from: e.from,
      to: e.to,
      status: e.status,
      fromPath: e.from,
      toPath: e.to,
      isPermanent: e.status === 301 || e.status === 308,
      ignoreCase: true,
      redirectInBrowser: true,
      location: { file, line: start.line, column: start.column },
      positions: { from: valuePosition(node, 'from', at), to: valuePosition(node, 'to', at) },
    };
    if (e.note !== undefined) rule.note = e.note;
    rules.push(rule);
  });
}

/** Where the text of a map value starts; quoted scalars start one column after the quote. */
function valuePosition(node: Node, key: string, at: (offset: number) => { line: number; column: number; lineText?: string }): ValuePosition | undefined {
  if (!isMap(node)) return undefined;
  const pair = node.items.find((p: Pair) => isScalar(p.key) && p.key.value === key);
  const value = pair?.value as Node | undefined;
  if (!value?.range) return undefined;
  const p = at(value.range[0]);
  const quoted = isScalar(value) && (value.type === Scalar.QUOTE_DOUBLE || value.type === Scalar.QUOTE_SINGLE);
  return { line: p.line, column: p.column + (quoted ? 1 : 0), lineText: p.lineText };
}

function rel(root: string, abs: string): string {
  return path.relative(root, abs).split(path.sep).join('/');
}
