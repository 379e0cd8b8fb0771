import type { Blockquote, Code, Definition, FootnoteDefinition, Heading, Html, Image, ImageReference, InlineCode, Link, LinkReference, Nodes, Root, Text } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';

/** A node whose text or URL may hold `{{ variables }}`. */
export type ValueNode = Text | InlineCode | Code | Link | Image | Definition;

/** The nodes our transforms work on, each list in document order (preorder). */
export interface NodeIndex {
  values: ValueNode[];
  html: Html[];
  blockquotes: Blockquote[];
  headings: Heading[];
  /** Fenced and indented code blocks. */
  codes: Code[];
  definitions: Definition[];
  /** Links and link references, in one list: their order is the order of a page's link sources. */
  links: (Link | LinkReference)[];
  images: Image[];
  imageReferences: ImageReference[];
  /** `:::name` containers (directives.ts), outer ones first. */
  containers: ContainerDirective[];
  footnoteDefinitions: FootnoteDefinition[];
}

/**
 * One walk of the tree for all the transforms between parsing and HTML, instead of one each: the walks
 * were a tenth of a page's Markdown time. Valid as long as no transform adds a node another one looks for
 * (transformAlerts and transformDirectives add label paragraphs of plain text or of phrasing already indexed, and
 * turn containers into block quotes, after the variables and the alerts).
 */
export function indexNodes(tree: Root): NodeIndex {
  const index: NodeIndex = { values: [], html: [], blockquotes: [], headings: [], codes: [], definitions: [], links: [], images: [], imageReferences: [], containers: [], footnoteDefinitions: [] };
  // a stack, not recursion: a tree is as deep as its Markdown nests, and this must not be what limits that
  const stack: Nodes[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!record(node, index)) continue;
    const children = (node as { children?: Nodes[] }).children;
    if (children === undefined) continue;
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return index;
}

/** Files the node in the index; false when nothing the transforms look for can be inside it. */
function record(node: Nodes, index: NodeIndex): boolean {
  switch (node.type) {
    case 'text':
    case 'inlineCode':
      index.values.push(node);
      return false;
    case 'code':
      index.values.push(node);
      index.codes.push(node);
      return false;
    case 'html':
      index.html.push(node);
      return false;
    case 'image':
      index.values.push(node);
      index.images.push(node);
      return false;
    case 'imageReference':
      index.imageReferences.push(node);
      return false;
    case 'definition':
      index.values.push(node);
      index.definitions.push(node);
      return false;
    case 'link':
      index.values.push(node);
      index.links.push(node);
      return true;
    case 'linkReference':
      index.links.push(node);
      return true;
    case 'heading':
      index.headings.push(node);
      return true;
    case 'blockquote':
      index.blockquotes.push(node);
      return true;
    case 'containerDirective':
      index.containers.push(node);
      return true;
    case 'footnoteDefinition':
      index.footnoteDefinitions.push(node);
      return true;
    default:
      return true;
  }
}
