// Nothing a writer puts on a page disappears without a word: what docsgen does not render is a warning at its
// line, saying what to do instead.
import type { Html, Nodes, Paragraph, Root } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import { codes, type Diagnostic } from '../diagnostics/index.js';
import { SUPPORTED_CONTAINER_DIRECTIVES } from './directives.js';

/** Warns of raw HTML (dropped: content is data, never code), naming the tag; a closing tag is not reported again. */
export function reportRawHtml(nodes: readonly Html[], file: string, lines: readonly string[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const node of nodes) {
    const value = node.value.trim();
    if (/^<!--[\s\S]*-->$/.test(value) || /^<\/[A-Za-z][\w.:-]*\s*>$/.test(value)) continue;
    const tag = /^<([A-Za-z][\w.:-]*)/.exec(value)?.[1];
    const start = node.position?.start ?? { line: 1, column: 1 };
    // a block's text goes with it: say which, so the writer knows what the reader misses
    const lost = value.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
    out.push({
      code: codes.UNSAFE_HTML,
      severity: 'warning',
      message: `raw HTML${tag ? ` \`<${tag}>\`` : ''} in Markdown is not rendered${lost ? `, nor the text in it: "${lost.length > 60 ? `${lost.slice(0, 57)}…` : lost}"` : ''}`,
      hint: lost ? 'write it in Markdown instead (content is data, never code)' : htmlHint(tag),
      location: { file, line: start.line, column: start.column, lineText: lines[start.line - 1] ?? '' },
    });
  }
  return out;
}

function htmlHint(tag: string | undefined): string {
  switch (tag?.toLowerCase()) {
    case 'br':
      return 'end the line with a backslash `\\` for a line break';
    case 'img':
      return 'use `![alt text](path.png)`: Markdown images get their size, lazy loading and optimisation';
    case 'a':
      return 'use `[text](url)`';
    case 'script':
    case 'style':
      return 'content is data, never code: scripts and styles belong in the templates';
    case 'details':
    case 'summary':
    case 'div':
    case 'span':
      return 'write it in Markdown: the text between the tags still shows, without them';
  }
  if (tag && /^[A-Z]|[.-]/.test(tag)) return 'components (MDX, Vue) do not run in Markdown: put them in a template, or write their content in Markdown';
  return 'use Markdown syntax instead (content is data, never code)';
}

/** Warns of `:::name` containers the parser read but docsgen does not render (they show as a plain block). */
export function reportUnknownContainers(containers: readonly ContainerDirective[], file: string, lines: readonly string[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const node of containers) {
    if (SUPPORTED_CONTAINER_DIRECTIVES.has(node.name)) continue;
    const start = node.position?.start ?? { line: 1, column: 1 };
    const fence = /^:{3,}/.exec((lines[start.line - 1] ?? '').slice(start.column - 1))?.[0] ?? ':::';
    out.push(unknownContainer(`${fence}${node.name}`, file, start.line, start.column, lines, 'its content shows as a plain block'));
  }
  return out;
}

function unknownContainer(written: string, file: string, line: number, column: number, lines: readonly string[], shown: string): Diagnostic {
  return {
    code: codes.DIRECTIVE_UNSUPPORTED,
    severity: 'warning',
    message: `the \`${written}\` container is not one docsgen renders: ${shown}`,
    hint: 'use `:::note`, `:::tip`, `:::info`, `:::caution`, `:::danger` or `:::tabs`, or a `> [!NOTE]` alert; see docs/writing-content.md',
    location: { file, line, column, lineText: lines[line - 1] ?? '' },
  };
}

// a `:::name` line, as Docusaurus, VitePress and remark-directive write a container's opening
const CONTAINER = /^(:{3,})[ \t]*([A-Za-z][\w-]*)/;

/**
 * Warns of `:::name` containers and `$$` math blocks left as text: the paragraphs whose lines open with them
 * (what the front end rendered is no longer text, so only what it could not render is reported). Cheap when
 * the page has neither (`text` is searched first).
 */
export function reportUnrendered(tree: Root, text: string, file: string, lines: readonly string[]): Diagnostic[] {
  const directives = text.includes(':::');
  const math = text.includes('$$');
  if (!directives && !math) return [];
  const out: Diagnostic[] = [];
  const stack: Nodes[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'paragraph') {
      check(node, directives, math, file, lines, out);
      continue;
    }
    const children = (node as { children?: Nodes[] }).children;
    if (children) for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return out;
}

function check(paragraph: Paragraph, directives: boolean, math: boolean, file: string, lines: readonly string[], out: Diagnostic[]): void {
  const first = paragraph.children[0];
  if (math && first?.type === 'text' && first.value.startsWith('$$')) {
    const start = first.position?.start ?? paragraph.position?.start ?? { line: 1, column: 1 };
    out.push({
      code: codes.MATH_UNSUPPORTED,
      severity: 'warning',
      message: 'a `$$` math block is shown as plain text: this site has no math plugin',
      hint: 'add remark-math and rehype-katex to `markdown.remarkPlugins` and `markdown.rehypePlugins`, see docs/writing-content.md',
      location: { file, line: start.line, column: start.column, lineText: lines[start.line - 1] ?? '' },
    });
  }
  if (!directives) return;
  // a line opens a container only where it starts: at the paragraph's start or after a line break in its text
  paragraph.children.forEach((child, k) => {
    if (child.type !== 'text' || !child.position) return;
    const parts = child.value.split('\n');
    parts.forEach((part, i) => {
      if (i === 0 && k !== 0) return;
      const m = CONTAINER.exec(part);
      if (!m) return;
      const line = child.position!.start.line + i;
      const column = i === 0 ? child.position!.start.column : Math.max(1, (lines[line - 1] ?? '').indexOf(m[1]!) + 1);
      out.push(unknownContainer(`${m[1]}${m[2]}`, file, line, column, lines, 'its lines show as text'));
    });
  });
}
