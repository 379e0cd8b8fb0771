// The mdast nodes of the syntax markdown-it itself does not know (footnotes.ts, directives.ts), made from the
// tokens those rules leave, in the shapes mdast-util-gfm-footnote and mdast-util-directive give.
import type { MarkdownIt, Token } from 'markdown-it';
import type { Paragraph, Parent } from 'mdast';
// (type only: the containerDirective and leafDirective node types it adds to mdast)
import type {} from 'mdast-util-directive';
import type { DirectiveHead } from './directives.js';
import { normalizeIdentifier } from './identifier.js';
import type { Point } from './source-lines.js';

/** The parent node a footnote definition, directive or directive label token opens. */
export function extensionNode(md: MarkdownIt, token: Token, start: Point, end: Point): Parent {
  const position = { start, end };
  switch (token.type) {
    case 'footnote_definition_open': {
      // as mdast-util-gfm-footnote: the identifier from the label as written, the label with escapes resolved
      const raw = (token.meta as { label: string }).label;
      return { type: 'footnoteDefinition', identifier: normalizeIdentifier(raw), label: md.utils.unescapeAll(raw), children: [], position } as Parent;
    }
    case 'directive_label_open': {
      const label: Paragraph = { type: 'paragraph', data: { directiveLabel: true }, children: [], position };
      return label;
    }
    default: {
      const head = token.meta as DirectiveHead;
      const type = token.type === 'leaf_directive_open' ? 'leafDirective' : 'containerDirective';
      return { type, name: head.name, attributes: { ...head.attributes }, children: [], position } as Parent;
    }
  }
}
