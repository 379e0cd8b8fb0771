import type { MarkdownIt, Token } from 'markdown-it';
import type { Image, ImageReference, Link, LinkReference, Parent, PhrasingContent, Text } from 'mdast';
import { seesFootnote, type FootnoteEnv } from './footnotes.js';
import { normalizeIdentifier } from './identifier.js';
import { NESTING_LIMIT, NestingError, type NestingEnv } from './nesting.js';
import { positioned, type PositionedToken } from './positioned-token.js';
import type { Point, SourceLines } from './source-lines.js';

/** Where the lines of one inline token's content start: in the content and in the page source. */
export interface LineMap {
  contentStarts: number[];
  sourceStarts: number[];
}

type ReferenceType = LinkReference['referenceType'];

/**
 * Turns one inline token's children into mdast phrasing content under `parent` (nested `depth` deep).
 * Adjacent text, escapes, entities and soft line breaks become one `text` node, as in mdast; links made from
 * references become `linkReference` (the source after the label says which kind). Throws NestingError
 * where the content nests deeper than NESTING_LIMIT, or where markdown-it reached its own limit in it.
 */
export function convertInline(md: MarkdownIt, inline: Token, map: LineMap, source: SourceLines, parent: Parent, depth = 0, env: NestingEnv = {}): void {
  const content = inline.content;
  const point = (offset: number): Point => {
    let k = map.contentStarts.length - 1;
    while (k > 0 && (map.contentStarts[k] as number) > offset) k--;
    return source.point((map.sourceStarts[k] ?? 0) + offset - (map.contentStarts[k] ?? 0));
  };
  const nextLineStart = (offset: number): Point => source.point(source.lineStart(point(offset).line));
  if (env.deepInline && env.deepInline.tokens === inline.children) throw new NestingError(point(env.deepInline.offset));
  const stack: Parent[] = [parent];
  const openTokens: Token[] = [];
  let text: Text | null = null;
  let textEnd = 0;
  const top = () => stack[stack.length - 1] as Parent;
  const push = (node: PhrasingContent) => {
    text = null;
    (top().children as PhrasingContent[]).push(node);
  };
  const appendText = (value: string, start: number, end: number) => {
    if (text) {
      text.value += value;
    } else {
      text = { type: 'text', value, position: { start: point(start), end: point(start) } };
      (top().children as PhrasingContent[]).push(text);
    }
    textEnd = end;
    text.position!.end = point(textEnd);
  };
  const children = inline.children ?? [];
  for (const raw of children) {
    const token = positioned(raw);
    const at = token.srcStart ?? 0;
    switch (token.type) {
      case 'text':
        if (token.content === '') break;
        appendText(token.content, at, at + token.content.length);
        break;
      case 'text_special':
        appendText(token.content, at, at + token.markup.length);
        break;
      case 'softbreak':
        appendText('\n', at, at + 1);
        // as in mdast, a line ending ends where the next line starts, before its container prefix
        text!.position!.end = nextLineStart(at);
        break;
      case 'hardbreak': {
        // a break of trailing spaces starts at the first of them (markdown-it's token sits on the line feed)
        let start = at;
        if (content[at] === '\n') while (start > 0 && content[start - 1] === ' ') start--;
        push({ type: 'break', position: { start: point(start), end: nextLineStart(at) } });
        break;
      }
      case 'code_inline': {
        const end = token.srcEnd ?? at + token.content.length + 2 * token.markup.length;
        push({ type: 'inlineCode', value: codeValue(content.slice(at + token.markup.length, end - token.markup.length)), position: { start: point(at), end: point(end) } });
        break;
      }
      case 'html_inline':
        push({ type: 'html', value: token.content, position: { start: point(at), end: point(at + token.content.length) } });
        break;
      case 'em_open':
      case 'strong_open':
      case 's_open': {
        const type = token.type === 'em_open' ? 'emphasis' : token.type === 'strong_open' ? 'strong' : 'delete';
        // markdown-it makes `**`'s second delimiter character the strong_open token (the first is emptied)
        const start = point(token.type === 'strong_open' ? at - 1 : at);
        const node = { type, children: [], position: { start, end: start } } as PhrasingContent & Parent;
        push(node);
        stack.push(node);
        openTokens.push(token);
        if (depth + stack.length - 1 > NESTING_LIMIT) throw new NestingError(start);
        break;
      }
      case 'link_open': {
        const node = linkNode(md, token, children, content, point);
        push(node);
        stack.push(node);
        openTokens.push(token);
        if (depth + stack.length - 1 > NESTING_LIMIT) throw new NestingError(node.position!.start);
        break;
      }
      case 'em_close':
      case 'strong_close':
      case 's_close':
      case 'link_close': {
        const node = stack.pop() as Parent;
        openTokens.pop();
        text = null;
        if (token.type !== 'link_close') node.position!.end = point(at + token.markup.length);
        break;
      }
      case 'image':
        push(imageNode(md, token, content, point, parent.type === 'tableCell'));
        break;
      case 'footnote_ref': {
        // as mdast-util-gfm-footnote: the identifier from the label as written, the label with escapes resolved
        const raw = (token.meta as { label: string }).label;
        // a call outside the container directive its definition is in stays text, as in remark (see FootnoteEnv)
        const footnotes = env as FootnoteEnv;
        if (!seesFootnote(footnotes, raw, point(at).offset ?? 0, footnotes.inlineDepth ?? 0)) {
          appendText(token.markup, at, at + token.markup.length);
          break;
        }
        push({ type: 'footnoteReference', identifier: normalizeIdentifier(raw), label: md.utils.unescapeAll(raw), position: { start: point(at), end: point(at + token.markup.length) } });
        break;
      }
      default:
        break;
    }
  }
}

function linkNode(md: MarkdownIt, open: ReturnType<typeof positioned>, siblings: Token[], content: string, point: (o: number) => Point): Link | LinkReference {
  const href = attr(open, 'href') ?? '';
  let start = open.srcStart ?? 0;
  if (open.markup === 'linkify' || open.markup === 'autolink') {
    return { type: 'link', url: href, title: null, children: [], position: { start: point(start), end: point(open.srcEnd ?? start) } };
  }
  start -= 1; // srcStart is the first character of the label
  const close = positioned(findClose(open, siblings));
  const labelEnd = close.srcStart ?? start;
  const end = open.srcEnd ?? labelEnd + 1;
  const position = { start: point(start), end: point(end) };
  const after = content.slice(labelEnd + 1, end);
  if (after.startsWith('(')) {
    return { type: 'link', url: href, title: attr(open, 'title'), children: [], position };
  }
  const { referenceType, label } = reference(after, content.slice(start + 1, labelEnd));
  return { type: 'linkReference', identifier: normalizeIdentifier(label), label: decoded(md, label), referenceType, children: [], position };
}

function imageNode(md: MarkdownIt, token: ReturnType<typeof positioned>, content: string, point: (o: number) => Point, inCell: boolean): Image | ImageReference {
  const start = token.srcStart ?? 0;
  const labelEnd = start + 2 + token.content.length;
  const end = token.srcEnd ?? labelEnd + 1;
  const position = { start: point(start), end: point(end) };
  const alt = plainText(token.children ?? [], token.content, inCell);
  const after = content.slice(labelEnd + 1, end);
  if (after.startsWith('(')) {
    return { type: 'image', url: attr(token, 'src') ?? '', title: attr(token, 'title'), alt, position };
  }
  const { referenceType, label } = reference(after, token.content);
  return { type: 'imageReference', identifier: normalizeIdentifier(label), label: decoded(md, label), referenceType, alt, position };
}

/**
 * A code span's value as mdast keeps it: line endings kept (markdown-it makes them spaces), one space or line
 * ending stripped from each side only when both sides have one and the rest is not all blank.
 */
function codeValue(raw: string): string {
  const pad = (c: string | undefined) => c === ' ' || c === '\n';
  return raw.length > 2 && pad(raw[0]) && pad(raw[raw.length - 1]) && /[^ \n]/.test(raw) ? raw.slice(1, -1) : raw;
}

/** A reference's label as mdast-util-from-markdown keeps it: escapes and entities decoded (the identifier is from the label as written). */
function decoded(md: MarkdownIt, label: string): string {
  return label.includes('\\') || label.includes('&') ? md.utils.unescapeAll(label) : label;
}

function reference(after: string, text: string): { referenceType: ReferenceType; label: string } {
  if (after === '') return { referenceType: 'shortcut', label: text };
  if (after === '[]') return { referenceType: 'collapsed', label: text };
  return { referenceType: 'full', label: after.slice(1, -1) };
}

function findClose(open: Token, siblings: Token[]): Token {
  let depth = 0;
  for (let i = siblings.indexOf(open); i < siblings.length; i++) {
    const t = siblings[i] as Token;
    if (t.type === 'link_open') depth++;
    else if (t.type === 'link_close' && --depth === 0) return t;
  }
  return open;
}

// What mdast-util-to-string makes of an image's label (`content`, which its tokens' offsets point into): the text
// of every node, alt of nested images. In a table cell a code span's `\|` is a pipe (mdast-util-gfm-table), in
// the alt as in the inlineCode node block-tree.ts unescapes.
function plainText(tokens: PositionedToken[], content: string, inCell: boolean): string {
  let out = '';
  for (const t of tokens) {
    if (t.type === 'code_inline' && t.srcStart !== undefined && t.srcEnd !== undefined) {
      // the code span as its inlineCode node has it: line endings kept
      const value = codeValue(content.slice(t.srcStart + t.markup.length, t.srcEnd - t.markup.length));
      out += inCell ? value.replace(/\\\|/g, '|') : value;
    } else if (t.type === 'text' || t.type === 'text_special' || t.type === 'code_inline' || t.type === 'html_inline') out += t.content;
    else if (t.type === 'softbreak') out += '\n';
    else if (t.type === 'image') out += plainText(t.children ?? [], t.content, inCell);
  }
  return out;
}

function attr(token: Token, name: string): string | null {
  const v = token.attrGet(name);
  return v === null ? null : String(v);
}
