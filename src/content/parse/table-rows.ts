import type { MarkdownIt, StateBlock, Token } from 'markdown-it';

type BlockRule = (state: StateBlock, startLine: number, endLine: number, silent: boolean) => boolean;

// A line that opens a block quote or a list item: a container, which CommonMark (and remark) read before a table.
// `|`, `-`, `:`: what a table's delimiter row may start with
const DELIMITER_START = new Set([0x7c, 0x2d, 0x3a]);
const CONTAINER = /^(?:>|[-*+](?:[ \t]|$)|\d{1,9}[.)](?:[ \t]|$))/;

/**
 * GFM tables as remark-gfm reads them: a line that starts a block quote or list item is that container, not a
 * table's header row (markdown-it tries tables first), nor is a line over a row of dashes alone (a heading), and a body row keeps the cells it has (markdown-it pads
 * it to the header's width with empty cells; remark-rehype pads only the HTML), and a header row needs no pipe
 * when the delimiter row has one (`a\n|---|`, `a\n:--`).
 */
export function useGfmTableRows(md: MarkdownIt): void {
  const rules = (md.block.ruler as unknown as { __rules__: { name: string; alt: string[]; fn: BlockRule }[] }).__rules__;
  const rule = rules.find((r) => r.name === 'table');
  if (!rule) throw new Error('markdown-it has no `table` block rule');
  const table = rule.fn;
  md.block.ruler.at(
    'table',
    (state: StateBlock, startLine: number, endLine: number, silent: boolean) => {
      // markdown-it's own first test (the line below starts with `|`, `-` or `:`), before any slicing: paragraphs
      // try this rule at each of their lines
      if (startLine + 2 > endLine) return false;
      const at = (state.bMarks[startLine + 1] ?? 0) + (state.tShift[startLine + 1] ?? 0);
      const first = state.src.charCodeAt(at);
      if (!DELIMITER_START.has(first)) return false;
      // markdown-it's next test, before any slicing: `- ` starts a list item (most lines in lists come here)
      const second = state.src.charCodeAt(at + 1);
      if (first === 0x2d && (second === 0x20 || second === 0x09)) return false;
      if (CONTAINER.test(lineText(state, startLine))) return false;
      // a delimiter row of dashes alone is a setext underline: the line above is a heading
      if (startLine + 1 < endLine && /^-+[ \t]*$/.test(lineText(state, startLine + 1))) return false;
      const before = state.tokens.length;
      const ok = headerWithoutPipe(state, startLine) ? withTrailingPipe(state, startLine, () => table(state, startLine, endLine, silent)) : table(state, startLine, endLine, silent);
      if (ok && !silent) matchRowCells(state, before);
      return ok;
    },
    { alt: rule.alt },
  );
}

/** A header row with no pipe over a delimiter row with a pipe or colon: a one-column table to micromark, not to markdown-it. */
function headerWithoutPipe(state: StateBlock, startLine: number): boolean {
  const delimiter = lineText(state, startLine + 1);
  return /^[-|: \t]+$/.test(delimiter) && /[|:]/.test(delimiter) && !lineText(state, startLine).includes('|');
}

/** Runs the table rule with the header's line ending read as a pipe (same length, so every offset holds). */
function withTrailingPipe(state: StateBlock, startLine: number, rule: () => boolean): boolean {
  const src = state.src;
  const end = state.eMarks[startLine] ?? 0;
  state.src = `${src.slice(0, end)}|${src.slice(end + 1)}`;
  state.eMarks[startLine] = end + 1;
  try {
    return rule();
  } finally {
    state.src = src;
    state.eMarks[startLine] = end;
  }
}

function lineText(state: StateBlock, line: number): string {
  return state.src.slice((state.bMarks[line] ?? 0) + (state.tShift[line] ?? 0), state.eMarks[line]);
}

/** Gives each row the cells its line has: padding cells dropped, cells past the header's width added. */
function matchRowCells(state: StateBlock, from: number): void {
  const out: Token[] = [];
  let columns: string[] = [];
  let row: [number, number] | null = null;
  let cell = 0;
  let skipping = false;
  for (const token of state.tokens.slice(from)) {
    if (token.type === 'tr_open') {
      row = token.map as [number, number] | null;
      columns = row ? splitRow(lineText(state, row[0])) : [];
      cell = 0;
    } else if ((token.type === 'td_open' || token.type === 'th_open') && ++cell > columns.length) skipping = true;
    // the cell's text as written: markdown-it drops the `\` of `\|` (and splits `\\|` wrongly); micromark keeps
    // it for the inline parser, where it escapes the pipe (a literal keeps it; code loses it: block-tree.ts)
    else if (token.type === 'inline' && cell > 0 && cell <= columns.length) token.content = (columns[cell - 1] as string).trim();
    else if (token.type === 'tr_close') for (const text of columns.slice(cell)) out.push(...extraCell(state, text, row));
    if (!skipping) out.push(token);
    if (token.type === 'td_close' || token.type === 'th_close') skipping = false;
  }
  state.tokens.splice(from, state.tokens.length - from, ...out);
}

function extraCell(state: StateBlock, text: string, line: [number, number] | null): Token[] {
  const open = new state.Token('td_open', 'td', 1);
  const inline = new state.Token('inline', '', 0);
  inline.content = text.trim();
  inline.children = [];
  const close = new state.Token('td_close', 'td', -1);
  for (const t of [open, inline, close]) {
    t.map = line ? [line[0], line[1]] : null;
    t.block = true;
  }
  return [open, inline, close];
}

/** One row's cells as micromark splits it: on pipes, `\\|` and `\\\\` being escapes, an empty first and last dropped; at least one. */
function splitRow(text: string): string[] {
  const columns: string[] = [];
  let last = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5c && (text.charCodeAt(i + 1) === 0x7c || text.charCodeAt(i + 1) === 0x5c)) i++;
    else if (c === 0x7c) {
      columns.push(text.slice(last, i));
      last = i + 1;
    }
  }
  columns.push(text.slice(last));
  if (columns[0] === '') columns.shift();
  if (columns[columns.length - 1]?.trim() === '') columns.pop();
  return columns.length === 0 ? [''] : columns;
}
