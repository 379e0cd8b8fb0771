import type { MarkdownIt, StateBlock } from 'markdown-it';

type Tokenize = (state: StateBlock, startLine: number, endLine: number) => void;

/** A frame for a block quote; any other frame is the columns a container's content is indented by (0: none). */
export const QUOTE = -1;
const FRAMES = Symbol('containers');
const TRACKED = Symbol('containers tracked');
type FrameState = StateBlock & { [FRAMES]?: number[] };

/**
 * Records, while markdown-it tokenizes, the containers whose content is being read (outermost first), for rules
 * that need a line's container prefixes (lazy lines). Registered once per parser, whichever rule asks first.
 */
export function trackContainers(md: MarkdownIt): void {
  const marked = md as MarkdownIt & { [TRACKED]?: true };
  if (marked[TRACKED]) return;
  marked[TRACKED] = true;
  const tokenize = md.block.tokenize.bind(md.block) as Tokenize;
  md.block.tokenize = (state: FrameState, startLine: number, endLine: number) => {
    const frames = (state[FRAMES] ??= []);
    frames.push(state.parentType === 'blockquote' ? QUOTE : state.blkIndent);
    // no `finally`: an error ends the whole parse, and the frames with it
    tokenize(state, startLine, endLine);
    frames.pop();
  };
}

/** The containers open where the state is reading, outermost first (empty before trackContainers). */
export function containers(state: StateBlock): readonly number[] {
  return (state as FrameState)[FRAMES] ?? [];
}
