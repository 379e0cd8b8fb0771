import type { Definition, Image, Link, LinkReference, Nodes, Parents, RootContent } from 'mdast';
import { codes } from '../diagnostics/index.js';
import type { Diagnostic } from '../diagnostics/index.js';
import { isPublishableImage, isPublishableLink, schemeOf } from '../util/url-policy.js';
import type { NodeIndex } from './walk.js';

const LINK_HINT = 'only http, https, mailto, tel and relative links are published; link to a page of the site or to an https URL instead';
const IMAGE_HINT = 'only http, https and relative image sources are published; keep the image in content/ and link it relatively';

/** The nodes that stay links and images after refuseUnsafeUrls, in document order, and what it reported. */
export interface PublishableNodes {
  definitions: Definition[];
  links: (Link | LinkReference)[];
  images: Image[];
  diagnostics: Diagnostic[];
}

/**
 * Refuses every URL a page may not publish (see url-policy.ts), after variables are substituted: each link,
 * image and definition with another scheme is one error at its Markdown position, and is taken out of the tree
 * (a link becomes its text, an image its alt text; a reference to a refused definition its text), so neither
 * the HTML nor the page-data ever holds it. remark keeps such URLs in the mdast, so this is docsgen's own step.
 */
export function refuseUnsafeUrls(root: Parents, nodes: NodeIndex, file: string, lines: readonly string[]): PublishableNodes {
  const diagnostics: Diagnostic[] = [];
  const refused = new Set<Nodes>();
  const report = (node: Nodes, message: string, hint: string) => {
    const start = node.position?.start ?? { line: 1, column: 1 };
    diagnostics.push({
      code: codes.UNSAFE_URL,
      severity: 'error',
      message,
      hint,
      location: { file, line: start.line, column: start.column, lineText: lines[start.line - 1] ?? '' },
    });
  };

  // a reference is refused when any definition of its label is: the one HTML uses is the first, but every one is reported
  const refusedLabels = new Set<string>();
  const notImageLabels = new Set<string>();
  const definitions: Definition[] = [];
  for (const def of nodes.definitions) {
    const label = def.identifier.toUpperCase();
    if (!isPublishableLink(def.url)) {
      report(def, `the link definition [${def.label ?? def.identifier}] \`${shown(def.url)}\` is not published: ${refusal('links', def.url)}`, LINK_HINT);
      refusedLabels.add(label);
      def.url = '';
      continue;
    }
    if (!isPublishableImage(def.url)) notImageLabels.add(label);
    definitions.push(def);
  }

  const links: (Link | LinkReference)[] = [];
  for (const node of nodes.links) {
    if (node.type === 'link' ? !isPublishableLink(node.url) : refusedLabels.has(node.identifier.toUpperCase())) {
      if (node.type === 'link') report(node, `the link \`${shown(node.url)}\` is not published: ${refusal('links', node.url)}`, LINK_HINT);
      refused.add(node);
    } else links.push(node);
  }

  const images: Image[] = [];
  for (const node of nodes.images) {
    if (isPublishableImage(node.url)) images.push(node);
    else {
      report(node, `the image \`${shown(node.url)}\` is not published: ${refusal('images', node.url)}`, IMAGE_HINT);
      refused.add(node);
    }
  }
  for (const node of nodes.imageReferences) {
    const label = node.identifier.toUpperCase();
    if (refusedLabels.has(label)) refused.add(node);
    else if (notImageLabels.has(label)) {
      const def = nodes.definitions.find((d) => d.identifier.toUpperCase() === label && !isPublishableImage(d.url));
      const url = def?.url ?? '';
      report(node, `the image [${node.label ?? node.identifier}] is not published: its definition is \`${shown(url)}\`, and ${refusal('images', url)}`, IMAGE_HINT);
      refused.add(node);
    }
  }

  if (refused.size > 0) unwrap(root, refused);
  // definitions were looked at first; problems are listed in the file's order
  diagnostics.sort((a, b) => a.location!.line - b.location!.line || a.location!.column - b.location!.column);
  return { definitions, links, images, diagnostics };
}

/** Replaces each refused node in the tree by what a reader still sees of it: a link's text, an image's alt. */
function unwrap(parent: Parents, refused: ReadonlySet<Nodes>): void {
  const children = parent.children as RootContent[];
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    if (refused.has(child)) {
      const kept: RootContent[] =
        child.type === 'link' || child.type === 'linkReference'
          ? child.children
          : 'alt' in child && child.alt
            ? [{ type: 'text', value: child.alt, ...(child.position ? { position: child.position } : {}) }]
            : [];
      children.splice(i, 1, ...kept);
      // a refused link's text may hold a refused image
      i--;
    } else if ('children' in child) unwrap(child, refused);
  }
}

/** Why a URL is refused: its scheme, as a browser reads it. */
function refusal(kind: 'links' | 'images', url: string): string {
  return `${kind} may not use the scheme \`${schemeOf(url)}:\``;
}

/** A URL as a message shows it: short, with control characters visible. */
function shown(url: string): string {
  const escaped = url.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return escaped.length > 60 ? `${escaped.slice(0, 57)}...` : escaped;
}
