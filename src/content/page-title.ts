import type { Heading, Nodes, Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { codes, type Diagnostic } from '../diagnostics/index.js';
import { takeExplicitId } from './headings.js';
import { substituteVariables } from './variables.js';
import type { ValueNode } from './walk.js';

// nodes that show nothing on the page: a title heading after them still opens the page
const INVISIBLE = new Set(['yaml', 'html', 'definition']);

/**
 * The h1 that titles the page: its leading h1 (nothing visible before it), or with `anywhere` its first
 * top-level h1 wherever it is (a page without a frontmatter `title`). Null when there is none.
 */
export function titleHeading(root: Root, anywhere: boolean): Heading | null {
  for (const node of root.children) {
    if (node.type === 'heading' && node.depth === 1) return node;
    if (!anywhere && !INVISIBLE.has(node.type)) return null;
  }
  return null;
}

/** A title heading's text, as the page shows it: `{#id}` taken off, documentation variables substituted. */
export function headingTitle(node: Heading, variables: Readonly<Record<string, string>>, lines: readonly string[]): string {
  takeExplicitId(node, lines);
  // unknown names are reported where the page is compiled
  substituteVariables(valueNodes(node), variables, '', lines);
  return collapse(toString(node));
}

/**
 * The description of a page that has none: the text of its first top-level paragraph, cut after the first
 * sentence that ends within 160 characters (else the first sentence, or 160 characters at a word and "…").
 */
export function descriptionFromText(root: Root, variables: Readonly<Record<string, string>>, lines: readonly string[]): string {
  const paragraph = root.children.find((n) => n.type === 'paragraph');
  if (!paragraph) return '';
  substituteVariables(valueNodes(paragraph), variables, '', lines);
  return cutAtSentence(collapse(toString(paragraph)));
}

/** `text` cut at a sentence end: as many whole sentences as fit in `max` characters (at least one sentence, when it is not much longer). */
export function cutAtSentence(text: string, max = 160): string {
  const ends = [...text.matchAll(/[.!?…](?=\s|$)/g)].map((m) => m.index + 1);
  let cut = 0;
  for (const end of ends) {
    if (end > max && cut > 0) break;
    cut = end;
    if (end > max) break;
  }
  if (cut > 0 && cut <= max * 1.5) return text.slice(0, cut);
  if (text.length <= max) return text;
  const space = text.lastIndexOf(' ', max);
  return `${text.slice(0, space > max / 2 ? space : max).replace(/[\s,;:]+$/, '')}…`;
}

/** The warning (with `--strict`) for a page whose description comes from its text. */
export function descriptionFallback(file: string): Diagnostic {
  return {
    code: codes.DESCRIPTION_FROM_TEXT,
    severity: 'warning',
    message: 'the page has no `description`: its first paragraph stands in for it (search results, link previews)',
    hint: 'add `description:` with one sentence to the frontmatter',
    location: { file, line: 1, column: 1 },
  };
}

/** The error for a page with no title at all. */
export function noTitle(file: string, lines: readonly string[], hasFrontmatter: boolean): Diagnostic {
  return {
    code: codes.PAGE_NO_TITLE,
    severity: 'error',
    message: hasFrontmatter ? 'frontmatter is missing `title`, and no `# heading` titles the page' : 'the page has no title: no frontmatter `title` and no `# heading`',
    hint: 'start the page with a `# Title` line, or add `title:` to the frontmatter',
    location: { file, line: hasFrontmatter ? 2 : 1, column: 1, lineText: lines[hasFrontmatter ? 1 : 0] ?? '' },
  };
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function valueNodes(node: Nodes): ValueNode[] {
  const out: ValueNode[] = [];
  const stack: Nodes[] = [node];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.type === 'text' || n.type === 'inlineCode') out.push(n);
    const children = (n as { children?: Nodes[] }).children;
    if (children) for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return out;
}
