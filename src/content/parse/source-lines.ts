import type { Root } from 'mdast';

/** A 1-based line:column point with its offset, as in mdast positions. */
export type Point = NonNullable<Root['position']>['start'];

/**
 * Line starts of one source text, to turn offsets into 1-based line:column points. Offsets are into the
 * parser's normalized source (CRLF → LF), so columns are the file's own; only `offset` differs on CRLF files.
 */
export class SourceLines {
  readonly text: string;
  readonly starts: number[];

  constructor(text: string) {
    this.text = text;
    this.starts = [0];
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }

  /** The text of 0-based line `line`, without its line ending. */
  line(line: number): string {
    const start = this.starts[line] ?? this.text.length;
    const next = this.starts[line + 1];
    return this.text.slice(start, next === undefined ? this.text.length : next - 1);
  }

  /** Offset of the start of 0-based line `line`. */
  lineStart(line: number): number {
    return this.starts[line] ?? this.text.length;
  }

  /** The point of an offset. */
  point(offset: number): Point {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.starts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (this.starts[lo] as number) + 1, offset };
  }

  /** The point just after the last non-blank character of 0-based line `line`. */
  lineEndPoint(line: number): Point {
    const text = this.line(line);
    return this.point(this.lineStart(line) + text.trimEnd().length);
  }
}
