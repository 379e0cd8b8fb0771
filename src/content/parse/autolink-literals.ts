import type { MarkdownIt, StateCore, Token } from 'markdown-it';
import { positioned } from './positioned-token.js';

/**
 * GFM autolink literals (`www.example.com`, `https://…`, `someone@example.com`) found by linkify-it, limited
 * to what GFM links: linkify-it also links bare domains (`example.com`), `//host` and `ftp:`, which GitHub
 * and remark-gfm leave as text. Replaces markdown-it's own linkify core rule so the new tokens keep
 * positions. `http(s)://` links met while tokenizing are made by markdown-it's inline linkify rule.
 */
export function useAutolinkLiterals(md: MarkdownIt): void {
  md.core.ruler.at('linkify', (state: StateCore) => {
    for (const block of state.tokens) {
      if (block.type !== 'inline' || !block.children || !mayHoldLiteral(block.content) || !md.linkify.test(block.content)) continue;
      block.children = linkifyChildren(md, state, block.children);
    }
  });
}

/**
 * Every link GFM makes from plain text contains `www.`, `://` or `@`: a cheap test that spares linkify-it's
 * fuzzy-link regular expression (the costliest step of parsing a page) on the many blocks without any.
 */
function mayHoldLiteral(text: string): boolean {
  return text.includes('@') || text.includes('://') || /www\./i.test(text);
}

function gfmLike(link: { schema: string; text: string }): boolean {
  if (link.schema === '') return /^www\./i.test(link.text);
  return link.schema === 'http:' || link.schema === 'https:' || link.schema === 'mailto:';
}

function linkifyChildren(md: MarkdownIt, state: StateCore, tokens: Token[]): Token[] {
  const out: Token[] = [];
  let linkDepth = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = positioned(tokens[i]!);
    if (token.type === 'link_open') linkDepth++;
    if (token.type === 'link_close') linkDepth--;
    if (linkDepth > 0 || token.type !== 'text' || !mayHoldLiteral(token.content) || !md.linkify.test(token.content)) {
      out.push(token);
      continue;
    }
    let links = (md.linkify.match(token.content) ?? []).filter(gfmLike);
    // As markdown-it: a link right after an escape or entity is not a literal (`\www.a.com`).
    if (links[0]?.index === 0 && tokens[i - 1]?.type === 'text_special') links = links.slice(1);
    if (links.length === 0) {
      out.push(token);
      continue;
    }
    const base = token.srcStart ?? 0;
    let last = 0;
    const piece = (type: string, tag: string, nesting: -1 | 0 | 1, at: number) => {
      const t = positioned(new state.Token(type, tag, nesting));
      t.level = token.level;
      t.srcStart = base + at;
      out.push(t);
      return t;
    };
    for (const link of links) {
      if (link.index > last) piece('text', '', 0, last).content = token.content.slice(last, link.index);
      const open = piece('link_open', 'a', 1, link.index);
      open.attrs = [['href', link.url]];
      open.markup = 'linkify';
      open.info = 'auto';
      const text = piece('text', '', 0, link.index);
      text.content = link.text;
      text.level = token.level + 1;
      const close = piece('link_close', 'a', -1, link.lastIndex);
      close.markup = 'linkify';
      close.info = 'auto';
      last = link.lastIndex;
    }
    if (last < token.content.length) piece('text', '', 0, last).content = token.content.slice(last);
  }
  return out;
}
