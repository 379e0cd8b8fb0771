// What the fence meta (title, marked lines, line numbers: src/content/code-blocks.ts) may change in an article's
// HTML, and nothing else: remark-rehype knows no meta, so the parser oracle compares docsgen's HTML with the meta
// rendering off, and this holds the real output to that one. Written with htmlparser2, independently of the code
// under test: the article read as text runs, each with the elements around it (tag and attributes), after taking
// away only what the decorations add: the `figure.code-block` around a block, its `figcaption.code-title`, the
// `span.line` around each line and the class of the `<pre>`. Line feeds count as text outside any element (a
// token spanning lines is cut at them), so highlighting must be the same on every other character.
import { Parser } from 'htmlparser2';

/** An article's text runs, each with its elements, decorations of code blocks taken away. */
export function withoutCodeDecorations(html: string): Array<[elements: string, text: string]> {
  const runs: Array<[string, string]> = [];
  const stack: string[] = [];
  let caption = 0;
  const add = (path: string, text: string) => {
    const last = runs[runs.length - 1];
    if (last && last[0] === path) last[1] += text;
    else runs.push([path, text]);
  };
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        const cls = attrs.class ?? '';
        if (caption > 0 || (name === 'figcaption' && cls === 'code-title')) {
          caption++;
          return;
        }
        const decoration = (name === 'figure' && cls === 'code-block') || (name === 'span' && /^line( highlighted)?$/.test(cls) && /^\d+$/.test(attrs['data-line'] ?? ''));
        const described = name === 'pre' ? 'pre' : name + Object.entries(attrs).map(([k, v]) => ` ${k}="${v}"`).join('');
        stack.push(decoration ? '' : described);
      },
      ontext(text) {
        if (caption > 0) return;
        const path = stack.filter(Boolean).join(' > ');
        for (const [i, part] of text.split('\n').entries()) {
          if (i > 0) add('', '\n');
          if (part) add(path, part);
        }
      },
      onclosetag() {
        if (caption > 0) caption--;
        else stack.pop();
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return runs;
}
