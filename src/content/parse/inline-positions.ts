import type { MarkdownIt, ParserInline, StateInline, Token } from 'markdown-it';
import { noteDeepInline } from './nesting.js';
import { positioned } from './positioned-token.js';

/**
 * Makes markdown-it's inline parser record where each token starts in its inline content (`srcStart`), and
 * where a link or image ends (`srcEnd`, needed to tell `[a](b)` from `[a][b]`). markdown-it keeps no inline
 * positions, and check-links reports the line:column of every link, so we track them as the parser runs:
 * a state subclass stamps each pushed token with the position of the rule that pushed it, and a copy of
 * markdown-it's (tiny) tokenize loop knows where each run of plain text began.
 */
export function trackInlinePositions(md: MarkdownIt): void {
  const Base = md.inline.State;
  class PositionedState extends Base {
    /** Offset in `src` where the text now in `pending` began. */
    pendingStart = 0;
    /** Start of the rule now running: tokens it pushes start here (delimiter runs add their index). */
    ruleStart = 0;

    override pushPending(): Token {
      const token = positioned(super.pushPending());
      token.srcStart = this.pendingStart;
      token.srcEnd = this.pendingStart + token.content.length;
      return token;
    }

    override push(type: string, tag: string, nesting: -1 | 0 | 1): Token {
      const token = positioned(super.push(type, tag, nesting));
      const prev = positioned(this.tokens[this.tokens.length - 2] ?? token);
      // Emphasis and strikethrough push one text token per delimiter run piece, all before advancing `pos`.
      if (type === 'text' && prev !== token && prev.type === 'text' && prev.srcStart !== undefined && prev.srcStart >= this.ruleStart && prev.srcEnd === undefined) {
        token.srcStart = prev.srcStart + prev.content.length;
      } else {
        token.srcStart = this.pos;
      }
      return token;
    }
  }
  md.inline.State = PositionedState;

  // Same loop as ParserInline#tokenize (markdown-it 14), plus the bookkeeping above.
  md.inline.tokenize = function tokenize(this: ParserInline, state: StateInline): void {
    const s = state as PositionedState;
    const rules = this.ruler.getRules('');
    const end = s.posMax;
    // maxNesting is a runtime option @types/markdown-it does not declare
    const maxNesting = (s.md.options as { maxNesting?: number }).maxNesting ?? 100;
    while (s.pos < end) {
      const prevPos = s.pos;
      const hadPending = s.pending !== '';
      const before = s.tokens.length;
      const outerRuleStart = s.ruleStart;
      s.ruleStart = prevPos;
      let ok = false;
      if (s.level < maxNesting) {
        for (const rule of rules) {
          ok = rule(s, false);
          if (ok) {
            if (prevPos >= s.pos) throw new Error("inline rule didn't increment state.pos");
            break;
          }
        }
      } else noteDeepInline(s);
      s.ruleStart = outerRuleStart;
      if (ok) {
        if (!hadPending && s.pending !== '') s.pendingStart = prevPos;
        for (let i = before; i < s.tokens.length; i++) {
          const t = positioned(s.tokens[i] as Token);
          if ((t.type === 'link_open' || t.type === 'image' || t.type === 'code_inline') && t.srcEnd === undefined) t.srcEnd = s.pos;
        }
        if (s.pos >= end) break;
        continue;
      }
      if (!hadPending) s.pendingStart = prevPos;
      s.pending += s.src[s.pos++];
    }
    if (s.pending) s.pushPending();
  };

  // markdown-it's fragments_join glues unmatched delimiters back onto neighbouring text by appending to the
  // later token; keep the start of the first non-empty piece instead.
  md.inline.ruler2.at('fragments_join', (state: StateInline) => {
    const tokens = state.tokens;
    let level = 0;
    let last = 0;
    for (let curr = 0; curr < tokens.length; curr++) {
      const token = positioned(tokens[curr] as Token);
      if (token.nesting < 0) level--;
      token.level = level;
      if (token.nesting > 0) level++;
      const next = positioned(tokens[curr + 1] ?? token);
      if (token.type === 'text' && next !== token && next.type === 'text') {
        if (token.content !== '') next.srcStart = token.srcStart;
        next.content = token.content + next.content;
      } else {
        if (curr !== last) tokens[last] = token;
        last++;
      }
    }
    tokens.length = last;
    return true; // ruler2 ignores results; @types/markdown-it asks for one
  });
}
