// Code highlighting at build time: highlight.js with lowlight's `common` set of 37 grammars, written straight to
// HTML. lowlight (what rehype-highlight uses) builds a hast node per token for the serializer to walk again:
// 0.128 against 0.087 ms a warm code block here, and highlighting was a tenth of a render thread. The markup is
// lowlight's exactly (its class names, its sublanguage spans, hast-util-to-html's escaping):
// test/content/highlight.test.ts and the parser oracle hold the two to the same bytes (the oracle's unified
// stage still highlights with lowlight).
import { createRequire } from 'node:module';
import type { HLJSApi, LanguageFn } from 'highlight.js';
import { escapeAttribute, escapeText } from './html-escape.js';

// highlight.js is CommonJS, so it is required, not imported: an `import` runs Node's CommonJS export lexer over
// core and every grammar, and that loop gets hot enough for V8 to optimize it twice in each thread, about 100 ms
// of background compiling a render thread for a few milliseconds of lexing.
const require = createRequire(import.meta.url);

/**
 * lowlight's `common` set (lowlight 3.3.0, in its order, which decides whose alias wins): the grammars
 * rehype-highlight knows without configuration. test/content/highlight.test.ts holds this list to lowlight's.
 */
export const COMMON_GRAMMARS = [
  'arduino', 'bash', 'c', 'cpp', 'csharp', 'css', 'diff', 'go', 'graphql', 'ini', 'java', 'javascript', 'json',
  'kotlin', 'less', 'lua', 'makefile', 'markdown', 'objectivec', 'perl', 'php', 'php-template', 'plaintext',
  'python', 'python-repl', 'r', 'ruby', 'rust', 'scss', 'shell', 'sql', 'swift', 'typescript', 'vbnet', 'wasm',
  'xml', 'yaml',
] as const;

const hljs = (require('highlight.js/lib/core') as HLJSApi).newInstance();
for (const name of COMMON_GRAMMARS) hljs.registerLanguage(name, require(`highlight.js/lib/languages/${name}`) as LanguageFn);

const PREFIX = 'hljs-';
/** The opening tag of each scope, made once: grammars have a few dozen scopes and code blocks thousands of tokens. */
const OPEN_TAGS = new Map<string, string>();

/**
 * A highlight.js emitter that writes the HTML lowlight's hast would serialize to: a scope `a.b.c` is
 * `<span class="hljs-a b_ c__">`, a sublanguage's tokens are wrapped in `<span class="<language>">`.
 */
class HtmlEmitter {
  html = '';
  /** Scopes open: highlight.js leaves those still open at the end of the code for finalize() to close. */
  private depth = 0;
  addText(value: string): void {
    this.html += escapeText(value);
  }
  startScope(scope: string): void {
    this.openNode(scope);
  }
  endScope(): void {
    this.closeNode();
  }
  openNode(scope: string): void {
    let open = OPEN_TAGS.get(scope);
    if (open === undefined) {
      const parts = String(scope).split('.');
      let className = PREFIX + parts[0];
      for (let i = 1; i < parts.length; i++) className += ` ${parts[i]}${'_'.repeat(i)}`;
      open = `<span class="${escapeAttribute(className)}">`;
      OPEN_TAGS.set(scope, open);
    }
    this.html += open;
    this.depth++;
  }
  closeNode(): void {
    if (this.depth === 0) return;
    this.html += '</span>';
    this.depth--;
  }
  __addSublanguage(other: HtmlEmitter, name: string | undefined): void {
    this.html += name ? `<span class="${escapeAttribute(name)}">${other.html}</span>` : other.html;
  }
  finalize(): void {
    while (this.depth > 0) this.closeNode();
  }
  toHTML(): string {
    return this.html;
  }
}

hljs.configure({ __emitter: HtmlEmitter as never, classPrefix: PREFIX });

/** Whether a fence's language (a name or an alias) has a grammar. */
export function isHighlighted(language: string): boolean {
  return hljs.getLanguage(language) !== undefined;
}

/** The highlighted HTML of `code` in a registered language (ignoring illegal syntax, as lowlight does). */
export function highlightHtml(language: string, code: string): string {
  const result = hljs.highlight(code, { language, ignoreIllegals: true }) as unknown as { _emitter: HtmlEmitter; errorRaised?: Error };
  if (result.errorRaised) throw new Error('Could not highlight with `Highlight.js`', { cause: result.errorRaised });
  return result._emitter.html;
}
