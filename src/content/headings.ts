import GithubSlugger from 'github-slugger';
import type { Heading, Text } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { codes, type Diagnostic } from '../diagnostics/index.js';

/** One entry of a page's table of contents. */
export interface TocEntry {
  depth: number;
  id: string;
  text: string;
}

// `{#id}` at the end of a heading (Docusaurus, VitePress, Hugo, Pandoc); a backslash before `{` keeps it text
const EXPLICIT_ID = /[ \t]*\{#([^\s{}]+)\}[ \t]*$/;

/**
 * Takes a trailing `{#custom-id}` off a heading's text and returns the id (null when it has none). Its last
 * child must be text ending in it, and the source must not escape the brace (`\{#id}` stays text): the
 * `lines` of the file tell.
 */
export function takeExplicitId(node: Heading, lines: readonly string[]): string | null {
  const last = node.children[node.children.length - 1];
  if (last?.type !== 'text') return null;
  const m = EXPLICIT_ID.exec(last.value);
  if (!m) return null;
  const end = last.position?.end;
  if (end) {
    const source = (lines[end.line - 1] ?? '').slice(0, end.column - 1);
    const brace = source.lastIndexOf('{#');
    if (brace > 0 && source[brace - 1] === '\\') return null;
  }
  last.value = last.value.slice(0, m.index).replace(/[ \t]+$/, '');
  if (last.value === '') node.children.pop();
  else trimEnd(last);
  return m[1]!;
}

/** A heading's text without a trailing `{#id}`, the heading left as it is. */
export function plainHeadingText(node: Heading): string {
  return toString(node).replace(EXPLICIT_ID, '').replace(/\s+/g, ' ').trim();
}

// the text lost its tail: its end moves back as far (positions are what check-links reports)
function trimEnd(node: Text): void {
  const end = node.position?.end;
  const start = node.position?.start;
  if (!end || !start || start.line !== end.line) return;
  node.position = { start, end: { line: end.line, column: start.column + node.value.length, ...(start.offset !== undefined ? { offset: start.offset + node.value.length } : {}) } };
}

/**
 * Gives every heading an id: its explicit `{#id}`, else a GitHub-style one (the anchors writers already know),
 * never one an earlier heading has. Returns the h2/h3 table of contents, the first heading's text (used when a
 * page title is missing from the screen-reader announcement) and an error for each explicit id that repeats one
 * before it (at the second heading).
 */
export function assignHeadingIds(
  headings: readonly Heading[],
  file = '',
  lines: readonly string[] = [],
): { toc: TocEntry[]; firstHeading: string | null; diagnostics: Diagnostic[] } {
  const slugger = new GithubSlugger();
  const toc: TocEntry[] = [];
  const diagnostics: Diagnostic[] = [];
  // only needed once a page has an explicit id: the slugger alone never repeats its own ids
  let used: Set<string> | null = null;
  let firstHeading: string | null = null;
  for (const node of headings) {
    const explicit = takeExplicitId(node, lines);
    const text = toString(node).trim();
    let id: string;
    if (explicit !== null) {
      used ??= new Set(Object.keys(slugger.occurrences));
      if (used.has(explicit)) diagnostics.push(duplicateId(node, explicit, file, lines));
      used.add(explicit);
      id = explicit;
    } else {
      id = slugger.slug(text);
      while (used?.has(id)) id = slugger.slug(text);
      used?.add(id);
    }
    node.data = { ...node.data, hProperties: { ...(node.data?.hProperties ?? {}), id } };
    if (firstHeading === null) firstHeading = text;
    if (node.depth === 2 || node.depth === 3) toc.push({ depth: node.depth, id, text });
  }
  return { toc, firstHeading, diagnostics };
}

function duplicateId(node: Heading, id: string, file: string, lines: readonly string[]): Diagnostic {
  const start = node.position?.start ?? { line: 1, column: 1 };
  return {
    code: codes.HEADING_ID_DUPLICATE,
    severity: 'error',
    message: `the heading id \`${id}\` is already used by a heading above on this page`,
    hint: 'give this heading another `{#id}`: links to `#' + id + '` would reach only the first one',
    location: { file, line: start.line, column: start.column, lineText: lines[start.line - 1] ?? '' },
  };
}
