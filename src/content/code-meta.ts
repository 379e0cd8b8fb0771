// Fence meta: what a writer puts after a fence's language (```` ```js title="app.js" {2,4-6} showLineNumbers ````),
// as Docusaurus and Starlight writers know it. Read between parsing and HTML, so the mdast stays what remark gives
// (the meta is in `code.meta`) and anything not understood is a warning at its line, never dropped silently.
import type { Code } from 'mdast';
import type { Diagnostic } from '../diagnostics/index.js';
import { codes } from '../diagnostics/index.js';

/** What a fence's meta asks for; kept in the code node's `data.codeMeta` for the HTML stage (code-blocks.ts). */
export interface CodeMeta {
  /** Shown above the code (a file name, usually). */
  title?: string;
  /** Lines to mark, counted from 1 at the first line of code, ascending. */
  highlight?: number[];
  /** Number the lines, starting at this number. */
  lineNumbers?: number;
}

/**
 * The fence meta options docsgen renders (for the other stages' warnings and docs): `title="…"`, marked lines
 * `{2,4-6}` and `showLineNumbers` (`showLineNumbers=10` / `showLineNumbers{10}` to start elsewhere).
 */
export const SUPPORTED_CODE_META_KEYS: readonly string[] = ['title', '{lines}', 'showLineNumbers'];

/** A part of the meta that is not understood, with its offset in the meta string. */
interface Unsupported {
  text: string;
  offset: number;
}

// One option: `key="…"`, `key='…'`, `key=value`, `key{…}`, `{…}`, or anything else up to a space
const TOKEN = /([A-Za-z][\w-]*)=("[^"]*"|'[^']*'|\S*)|([A-Za-z][\w-]*)\{([^}\s]*)\}|\{[^}]*\}|\S+/g;
const RANGES = /^\s*\d+(?:\s*-\s*\d+)?(?:\s*,\s*\d+(?:\s*-\s*\d+)?)*\s*$/;
/** Marked lines at most, so `{1-999999999}` cannot make a build allocate without end. */
const MAX_LINE = 100_000;

/** Parses a fence's meta string into what it asks for and what it says that is not understood. */
export function parseCodeMeta(meta: string): { meta: CodeMeta; unsupported: Unsupported[] } {
  const out: CodeMeta = {};
  const unsupported: Unsupported[] = [];
  const lines = new Set<number>();
  for (const m of meta.matchAll(TOKEN)) {
    const [text, key, value, bracedKey, braced] = m;
    const title = key === 'title' && value ? unquote(value) : null;
    const start = key === 'showLineNumbers' ? value : bracedKey === 'showLineNumbers' ? braced : text === 'showLineNumbers' ? '1' : null;
    if (title) out.title = title;
    else if (start !== null && start !== undefined && /^\d{1,9}$/.test(start)) out.lineNumbers = Number(start);
    else if (text.startsWith('{') && text.endsWith('}') && RANGES.test(text.slice(1, -1)) && addRanges(text.slice(1, -1), lines)) continue;
    else unsupported.push({ text, offset: m.index });
  }
  if (lines.size > 0) out.highlight = [...lines].sort((a, b) => a - b);
  return { meta: out, unsupported };
}

/** A title's text: the quotes around it taken off; null for an empty title or a quote left open. */
function unquote(value: string): string | null {
  const q = value[0];
  if (q !== '"' && q !== "'") return value;
  return value.length >= 2 && value.endsWith(q) && value.length > 2 ? value.slice(1, -1) : null;
}

/** Adds `2,4-6` to `into`; false for a line 0, a range running backwards or past MAX_LINE. */
function addRanges(spec: string, into: Set<number>): boolean {
  const found: number[] = [];
  for (const part of spec.split(',')) {
    const [a = 0, b = a] = part.split('-').map((s) => Number(s.trim()));
    if (!(a >= 1) || !(b >= a) || b > MAX_LINE) return false;
    for (let n = a; n <= b; n++) found.push(n);
  }
  for (const n of found) into.add(n);
  return true;
}

/**
 * Reads the meta of every fenced code block that has one into `data.codeMeta`; options not understood, and
 * marked lines past the end of the code, are warnings at the fence's line (the block still renders).
 */
export function readCodeMeta(nodes: readonly Code[], file: string, lines: readonly string[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const node of nodes) {
    if (!node.meta) continue;
    const { meta, unsupported } = parseCodeMeta(node.meta);
    const line = node.position?.start.line ?? 1;
    const lineText = lines[line - 1] ?? '';
    // where the meta starts on the fence's line (it follows the language), for each problem's column
    const metaAt = lineText.lastIndexOf(node.meta);
    const at = (offset: number) => ({ file, line, column: (metaAt >= 0 ? metaAt + offset : (node.position?.start.column ?? 1) - 1) + 1, lineText });
    for (const u of unsupported) {
      diagnostics.push({
        code: codes.CODE_META_UNSUPPORTED,
        severity: 'warning',
        message: `code block option \`${u.text}\` is not supported, so it is ignored`,
        hint: 'a fence takes `title="file.js"`, marked lines like `{2,4-6}` and `showLineNumbers` (or `showLineNumbers=10`)',
        location: at(u.offset),
      });
    }
    const count = node.value === '' ? 0 : node.value.split('\n').length;
    const past = meta.highlight?.filter((n) => n > count) ?? [];
    if (past.length > 0) {
      const shown = past.length === 1 ? `line ${past[0]}` : `lines ${past[0]}-${past[past.length - 1]}`;
      diagnostics.push({
        code: codes.CODE_META_LINE_RANGE,
        severity: 'warning',
        message: `code block marks ${shown}, but it has ${count} line${count === 1 ? '' : 's'}`,
        hint: 'marked lines count from 1 at the first line of code',
        location: at(Math.max(0, node.meta.indexOf('{'))),
      });
    }
    if (meta.title !== undefined || meta.highlight !== undefined || meta.lineNumbers !== undefined) {
      node.data = { ...node.data, codeMeta: meta } as Code['data'];
    }
  }
  return diagnostics;
}
