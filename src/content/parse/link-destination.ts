import type { MarkdownIt } from 'markdown-it';

type Destination = ReturnType<MarkdownIt['helpers']['parseLinkDestination']>;

/**
 * A link destination as CommonMark (and micromark) reads one: a backslash escapes ASCII punctuation only, so
 * before a space, a line ending or another control character it is itself, and that character ends the
 * destination. markdown-it's helper skips any character after a `\`, so `![a](\` + line feed + `b)` was an
 * image; remark reads no resource there (nor in `<…>`, where no line ending may be). Used for inline links, images and definitions alike.
 */
export function useMicromarkDestinations(md: MarkdownIt): void {
  const parse = md.helpers.parseLinkDestination;
  md.helpers.parseLinkDestination = (str: string, start: number, max: number): Destination => {
    const result = parse(str, start, max);
    if (!result.ok) return result;
    const angle = str.charCodeAt(start) === 0x3c;
    // a scan of the destination alone (a search past it could cross a whole page for every link)
    for (let i = start; i < result.pos - 1; i++) {
      if (str.charCodeAt(i) !== 0x5c) continue;
      const next = str.charCodeAt(i + 1);
      // `<…>` holds no line ending, escaped or not
      if (angle && next === 0x0a) return { ...result, ok: false, pos: 0, str: '' };
      // the destination ends after the `\`: read again up to there (its parentheses must still balance)
      if (!angle && (next <= 0x20 || next === 0x7f)) return parse(str, start, i + 1);
      i++;
    }
    return result;
  };
}
