// A code block's fence meta in its HTML (see code-meta.ts): a title above the code, marked lines and line numbers.
// A block with any of them is a `<figure class="code-block">` (its title the `<figcaption>`); marked or numbered
// lines are one `<span class="line" data-line="N">` each (`highlighted` added to marked ones), line numbers drawn
// by CSS from `data-line`, so copying the code copies the code alone. A block without meta stays the plain
// `<pre><code>` remark-rehype gives (the parser oracle holds it to that).
import type { Element, ElementContent } from 'hast';
import type { CodeMeta } from './code-meta.js';
import { escapeText } from './html-escape.js';

const CLOSE = '</span>';

/**
 * Cuts highlighted code (highlight.js's spans, as highlight.ts writes them) into its lines, each with its tags
 * balanced: a token spanning lines (a block comment, a template string) is closed at each line's end and opened
 * again at the next line's start, so every line is a well-formed piece of HTML with the classes it had.
 */
export function splitHtmlLines(html: string): string[] {
  const lines: string[] = [];
  const open: string[] = [];
  let line = '';
  let i = 0;
  while (i < html.length) {
    const c = html.charCodeAt(i);
    if (c === 60 /* < */) {
      if (html.startsWith(CLOSE, i)) {
        open.pop();
        line += CLOSE;
        i += CLOSE.length;
      } else {
        // an opening tag: its attribute is double-quoted, and a quote inside is escaped, so `">` ends it
        const end = html.indexOf('">', i) + 2;
        const tag = html.slice(i, end);
        open.push(tag);
        line += tag;
        i = end;
      }
    } else if (c === 10 /* \n */) {
      lines.push(line + CLOSE.repeat(open.length));
      line = open.join('');
      i++;
    } else {
      let j = i + 1;
      while (j < html.length && html.charCodeAt(j) !== 60 && html.charCodeAt(j) !== 10) j++;
      line += html.slice(i, j);
      i = j;
    }
  }
  lines.push(line);
  return lines;
}

/**
 * The block for a `<pre><code>` (already highlighted) whose fence asked for `meta`: lines split and marked when
 * lines are marked or numbered, the whole wrapped in a figure with the title as its caption.
 */
export function decorateCodeBlock(pre: Element, code: Element, meta: CodeMeta): Element {
  if (meta.highlight !== undefined || meta.lineNumbers !== undefined) {
    const head = code.children[0];
    // highlighted: one raw node of HTML; not (plain text, an unknown language): its text
    const html = head?.type === 'raw' && code.children.length === 1 ? head.value : escapeText(code.children.map((c) => (c.type === 'text' ? c.value : '')).join(''));
    // the code ends with a line feed (remark-rehype adds it), after which there is no line (only the closing tags
    // of a token still open at the end, such as an unclosed comment); empty code has none
    const lines = html === '' ? [] : splitHtmlLines(html);
    if (lines.length > 1 && !/(^|>)[^<]/.test(lines[lines.length - 1]!)) lines.pop();
    const marked = new Set(meta.highlight ?? []);
    const first = meta.lineNumbers ?? 1;
    let out = '';
    for (let i = 0; i < lines.length; i++) {
      const className = marked.has(i + 1) ? 'line highlighted' : 'line';
      out += `<span class="${className}" data-line="${first + i}">${lines[i]}</span>\n`;
    }
    code.children = [{ type: 'raw', value: out }];
    const own = Array.isArray(pre.properties.className) ? pre.properties.className : [];
    pre.properties.className = [...own, 'code-lines', ...(meta.lineNumbers !== undefined ? ['line-numbers'] : [])];
  }
  const children: ElementContent[] = [];
  if (meta.title !== undefined) {
    children.push({ type: 'element', tagName: 'figcaption', properties: { className: ['code-title'] }, children: [{ type: 'text', value: meta.title }] });
  }
  children.push(pre);
  return { type: 'element', tagName: 'figure', properties: { className: ['code-block'] }, children };
}
