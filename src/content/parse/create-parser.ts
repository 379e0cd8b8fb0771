import markdownIt, { type MarkdownIt } from 'markdown-it';
import { useAutolinkLiterals } from './autolink-literals.js';
import { trackBlockPositions } from './block-positions.js';
import { trackInlinePositions } from './inline-positions.js';
import { limitNesting } from './nesting.js';
import { keepReferenceTokens } from './reference-tokens.js';
import { useGfmStrikethrough } from './strikethrough.js';
import { useDirectives } from './directives.js';
import { useMicromarkPairs } from './delimiter-pairs.js';
import { useFootnotes } from './footnotes.js';
import { useGfmTableRows } from './table-rows.js';
import { useMicromarkReferenceEnds } from './reference-follow.js';
import { useMicromarkLineEnds } from './line-ends.js';
import { useMicromarkListInterrupt } from './list-interrupt.js';
import { useMicromarkLazyHtml } from './lazy-html.js';
import { useHtmlSpecials, useMicromarkEmailAutolinks } from './html-specials.js';
import { useMicromarkLazyLines } from './lazy-lines.js';
import { useNoLinkAroundLinkedImage } from './nested-links.js';
import { useFastTextRule } from './text-run.js';
import { useMicromarkDestinations } from './link-destination.js';

/**
 * markdown-it configured to see what remark-parse + remark-gfm see: raw HTML is tokenized (so it can be
 * reported and dropped, never rendered), GFM tables, strikethrough and autolink literals are on, and URLs
 * stay exactly as written (mdast keeps the decoded destination; encoding happens when HTML is made); autolink
 * literals follow remark-gfm's tokenizer (autolink-literals.ts) and transform (autolink-transform.ts).
 * Reference definitions and escapes are kept as tokens because mdast has nodes for them. Nesting is limited
 * (see nesting.ts), not silently cut off as markdown-it does by default.
 */
export function createParser(): MarkdownIt {
  const md = markdownIt('default', { html: true, linkify: false, typographer: false });
  md.normalizeLink = (url: string) => url;
  md.normalizeLinkText = (text: string) => text;
  // remark keeps every destination (javascript: included); unsafe-urls.ts refuses those after parsing.
  md.validateLink = () => true;
  // parseMarkdown normalizes line endings and NULs itself, before the frontmatter is blanked; markdown-it's
  // `normalize` would rebuild the whole text again (its pattern matches every \n, not only \r).
  md.core.ruler.disable(['text_join', 'normalize']);
  useFastTextRule(md);
  useMicromarkDestinations(md);
  keepReferenceTokens(md);
  useGfmTableRows(md);
  useGfmStrikethrough(md);
  useMicromarkLineEnds(md);
  useHtmlSpecials(md);
  useMicromarkEmailAutolinks(md);
  useMicromarkLazyLines(md);
  useMicromarkPairs(md);
  useMicromarkListInterrupt(md);
  useMicromarkLazyHtml(md);
  // before the position tracking, which wraps every block rule there is when it runs
  useFootnotes(md);
  useDirectives(md);
  trackBlockPositions(md);
  trackInlinePositions(md);
  // inside the literal rule's wrapper of link and image, which counts a `[` that starts no link
  useNoLinkAroundLinkedImage(md);
  useMicromarkReferenceEnds(md);
  useAutolinkLiterals(md);
  limitNesting(md);
  return md;
}
