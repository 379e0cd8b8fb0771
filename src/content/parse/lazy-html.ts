import type { MarkdownIt, StateBlock } from 'markdown-it';
import { HTML_OPEN_CLOSE_TAG_RE } from 'markdown-it/lib/common/html_re.mjs';
import { containers, QUOTE, trackContainers } from './container-frames.js';

type BlockRule = (state: StateBlock, startLine: number, endLine: number, silent: boolean) => boolean;

// a line that is one open or closing tag and blanks: CommonMark's HTML block kind 7
const TAG_LINE = new RegExp(`${HTML_OPEN_CLOSE_TAG_RE.source}\\s*$`);

/**
 * micromark lets a kind-7 HTML block (a lone open or closing tag, which cannot interrupt a paragraph) start on a
 * lazy line: after a paragraph in a block quote or list item, a line such as `<span>` that does not continue the
 * container ends the paragraph (dropping a hard break before it) and is an HTML block in that container. The block
 * runs on over the lines that continue the container, up to a blank line; a lazy line after it ends the container
 * (markdown-it's tokenizer stops there by itself). markdown-it keeps such a line in the paragraph as inline HTML.
 */
export function useMicromarkLazyHtml(md: MarkdownIt): void {
  trackContainers(md);
  const rules = (md.block.ruler as unknown as { __rules__: { name: string; alt: string[]; fn: BlockRule }[] }).__rules__;
  const paragraph = rules.find((r) => r.name === 'paragraph');
  const htmlBlock = rules.find((r) => r.name === 'html_block')?.fn;
  if (!paragraph || !htmlBlock) return;
  const rule = paragraph.fn;
  md.block.ruler.at('paragraph', (state: StateBlock, startLine: number, endLine: number, silent: boolean) => {
    const before = state.tokens.length;
    if (!rule(state, startLine, endLine, silent)) return false;
    const end = state.line;
    let lazy = -1;
    for (let line = startLine + 1; line < end; line++) {
      // lazy: the line does not continue the container (a block quote marks such lines with -1)
      if ((state.sCount[line] ?? 0) >= state.blkIndent) continue;
      const start = (state.bMarks[line] ?? 0) + (state.tShift[line] ?? 0);
      if (state.src.charCodeAt(start) !== 0x3c) continue;
      const text = state.src.slice(start, state.eMarks[line]);
      // kinds 1-6 end the container on their own (markdown-it and micromark agree)
      if (TAG_LINE.test(text) && !htmlBlock(state, line, endLine, true)) {
        lazy = line;
        break;
      }
    }
    if (lazy === -1) return true;
    state.tokens.length = before;
    rule(state, startLine, lazy, silent);
    let next = lazy + 1;
    while (next < endLine && !state.isEmpty(next) && (state.sCount[next] ?? 0) >= state.blkIndent) next++;
    // the value keeps the line's indentation but what the containers that continue on it take
    const first = afterPrefixes(state, lazy);
    const token = state.push('html_block', '', 0);
    token.map = [lazy, next];
    token.content = `${first}\n${next > lazy + 1 ? state.getLines(lazy + 1, next, state.blkIndent, true) : ''}`;
    state.line = next;
    return true;
  }, { alt: paragraph.alt });
}

/** A lazy line after the prefixes of the containers that continue on it (`>` and list item indentation). */
function afterPrefixes(state: StateBlock, line: number): string {
  const end = state.eMarks[line] ?? 0;
  const text = state.src.slice(state.src.lastIndexOf('\n', end - 1) + 1, end);
  let at = 0;
  let scope = 0; // where the innermost block quote's content starts
  for (const frame of containers(state)) {
    if (frame === QUOTE) {
      let spaces = at;
      while (spaces - at < 4 && (text[spaces] === ' ' || text[spaces] === '\t')) spaces++;
      if (text[spaces] !== '>') break;
      at = spaces + 1;
      if (text[at] === ' ' || text[at] === '\t') at++;
      scope = at;
    } else if (frame > 0) {
      let spaces = at;
      while (spaces < scope + frame && text[spaces] === ' ') spaces++;
      if (spaces < scope + frame) break;
      at = spaces;
    }
  }
  return text.slice(at);
}
