import type { Definition, Link, LinkReference } from 'mdast';
import { rewriteHref, type RewriteContext } from './paths.js';

/** Where a rendered link came from, for `check-links` to name the Markdown line to fix. */
export interface LinkSource {
  href: string;
  line: number;
  column: number;
}

/**
 * Rewrites every link and link definition to its served URL and records, in document order, the final href
 * with the Markdown position it came from.
 */
export function rewriteLinks(definitionNodes: readonly Definition[], links: readonly (Link | LinkReference)[], ctx: RewriteContext): LinkSource[] {
  const definitions = new Map<string, Definition>();
  for (const node of definitionNodes) {
    node.url = rewriteHref(node.url, ctx);
    // the first definition of a label is the one a reference uses (CommonMark; treeToHtml)
    if (!definitions.has(node.identifier.toLowerCase())) definitions.set(node.identifier.toLowerCase(), node);
  }
  const sources: LinkSource[] = [];
  for (const node of links) {
    if (node.type === 'link') {
      node.url = rewriteHref(node.url, ctx);
      const start = node.position?.start;
      sources.push({ href: node.url, line: start?.line ?? 1, column: start?.column ?? 1 });
    } else if (node.type === 'linkReference') {
      const def = definitions.get(node.identifier.toLowerCase());
      const start = node.position?.start;
      if (def) sources.push({ href: def.url, line: start?.line ?? 1, column: start?.column ?? 1 });
    }
  }
  return sources;
}
