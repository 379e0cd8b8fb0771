import type { Blockquote, Code, Definition, Heading, Html, Image, ImageReference, InlineCode, Link, LinkReference, Nodes, Root, Text } from 'mdast';

/** A node whose text or URL may hold `{{ variables }}`. */
export type ValueNode = Text | InlineCode | Code | Link | Image | Definition;

/** The nodes our transforms work on, each list in document order (preorder). */
export interface NodeIndex {
  values: ValueNode[];
  html: Html[];
  blockquotes: Blockquote[];
  headings: Heading[];
  definitions: Definition[];
  /** Links and link references, in one list: their order is the order of a page's link sources. */
  links: (Link | LinkReference)[];
  images: Image[];
  imageReferences: ImageReference[];
}

/**
 * One walk of the tree for all the transforms between parsing and HTML, instead of one each: the walks
 * were a tenth of a page's Markdown time. Valid as long as no transform adds a node another one looks for
 * (the only one that adds nodes, transformAlerts, adds a label paragraph with plain text, after the variables).
 */
export function indexNodes(tree: Root): NodeIndex {
  const index: NodeIndex = { values: [], html: [], blockquotes: [], headings: [], definitions: [], links: [], images: [], imageReferences: [] };
  visit(tree, index);
  return index;
}

function visit(node: Nodes, index: NodeIndex): void {
  switch (node.type) {
    case 'text':
    case 'inlineCode':
    case 'code':
      index.values.push(node);
      return;
    case 'html':
      index.html.push(node);
      return;
    case 'image':
      index.values.push(node);
      index.images.push(node);
      return;
    case 'imageReference':
      index.imageReferences.push(node);
      return;
    case 'definition':
      index.values.push(node);
      index.definitions.push(node);
      return;
    case 'link':
      index.values.push(node);
      index.links.push(node);
      break;
    case 'linkReference':
      index.links.push(node);
      break;
    case 'heading':
      index.headings.push(node);
      break;
    case 'blockquote':
      index.blockquotes.push(node);
      break;
  }
  const children = (node as { children?: Nodes[] }).children;
  if (children === undefined) return;
  for (let i = 0; i < children.length; i++) visit(children[i]!, index);
}
