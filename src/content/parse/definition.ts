import type { MarkdownIt, Token } from 'markdown-it';
import type { Definition } from 'mdast';
import { normalizeIdentifier } from './identifier.js';
import { positioned } from './positioned-token.js';
import type { SourceLines } from './source-lines.js';

/**
 * The mdast `definition` for one `[label]: url "title"` markdown-it recognised (it keeps only the line range
 * and the normalized label, so the label, URL and title are read again from the source with markdown-it's
 * own helpers). Continuation lines lose their container prefix (`>`, indentation).
 */
export function parseDefinition(md: MarkdownIt, token: Token, source: SourceLines): Definition | null {
  const map = token.map;
  if (!map) return null;
  const startOffset = positioned(token).srcStart ?? source.lineStart(map[0]);
  const first = source.text.slice(startOffset, source.lineStart(map[0]) + source.line(map[0]).length);
  const rest: string[] = [];
  for (let l = map[0] + 1; l < map[1]; l++) rest.push(source.line(l).replace(/^[ \t>]*/, ''));
  const text = [first, ...rest].join('\n');
  let pos = 1;
  while (pos < text.length && text[pos] !== ']') pos += text[pos] === '\\' ? 2 : 1;
  const label = text.slice(1, pos);
  pos += 2; // `]:`
  while (pos < text.length && /\s/.test(text[pos] as string)) pos++;
  const dest = md.helpers.parseLinkDestination(text, pos, text.length);
  if (!dest.ok) return null;
  pos = dest.pos;
  const titleStart = pos;
  while (pos < text.length && /\s/.test(text[pos] as string)) pos++;
  const title = titleStart !== pos ? md.helpers.parseLinkTitle(text, pos, text.length) : null;
  const lastLine = map[1] - 1;
  return {
    type: 'definition',
    identifier: normalizeIdentifier(label),
    // as mdast-util-from-markdown: the identifier from the label as written, the label with escapes and entities decoded
    label: label.includes('\\') || label.includes('&') ? md.utils.unescapeAll(label) : label,
    url: dest.str,
    title: title?.ok && text.slice(title.pos).trim() === '' ? title.str : null,
    position: { start: source.point(startOffset), end: source.point(source.lineStart(lastLine) + source.line(lastLine).length) },
  };
}
