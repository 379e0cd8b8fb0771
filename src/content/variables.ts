import { codes } from '../diagnostics/index.js';
import type { Diagnostic } from '../diagnostics/index.js';
import type { Text } from 'mdast';
import type { ValueNode } from './walk.js';

const VARIABLE = /\{\{\s*([A-Za-z_][\w.]*)\s*\}\}/g;

/**
 * Substitutes documentation variables (`{{ sdk_version }}`) in text, inline code, code blocks, link and
 * image URLs and alt text (`nodes`: see NodeIndex.values). Works on the tree, not the source, so every other position stays the file's own.
 * In prose an unknown name is an error at its exact line and column, and `\{{` writes `{{` as it is. In code
 * (inline or blocks) only known names are replaced: any other `{{ … }}` is Vue, Angular, Handlebars, Jinja or
 * GitHub Actions syntax the sample shows, and stays exactly as written.
 */
export function substituteVariables(nodes: readonly ValueNode[], variables: Readonly<Record<string, string>>, file: string, lines: readonly string[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const known = Object.keys(variables).sort();
  for (const node of nodes) {
    if (node.type === 'inlineCode' || node.type === 'code') {
      node.value = substitute(node.value, variables, () => {});
    } else if (node.type === 'text') {
      if (!node.value.includes('{{')) continue;
      const start = node.position?.start;
      const escaped = escapedBraces(node, lines);
      node.value = substitute(
        node.value,
        variables,
        (name, offset) => {
          const { line, column } = locate(node.value, offset, start?.line ?? 1, start?.column ?? 1);
          diagnostics.push(unknownVariable(name, known, file, line, column, lines));
        },
        escaped,
      );
    } else if (node.type === 'link' || node.type === 'image' || node.type === 'definition') {
      const start = node.position?.start ?? { line: 1, column: 1 };
      node.url = substitute(node.url, variables, (name) => diagnostics.push(unknownVariable(name, known, file, start.line, start.column, lines)));
      if (node.type === 'image' && node.alt) {
        node.alt = substitute(node.alt, variables, (name) => diagnostics.push(unknownVariable(name, known, file, start.line, start.column, lines)));
      }
    }
  }
  return diagnostics;
}

/**
 * Replaces `{{ name }}` in one string; calls `onUnknown` for names that are not defined. `escaped(offset)`
 * says the `{{` at that offset was written `\{{` (left as it is, and not reported).
 */
export function substitute(
  value: string,
  variables: Readonly<Record<string, string>>,
  onUnknown: (name: string, offset: number) => void,
  escaped?: (offset: number) => boolean,
): string {
  if (!value.includes('{{')) return value;
  return value.replace(VARIABLE, (whole, name: string, offset: number) => {
    if (escaped?.(offset)) return whole;
    const v = variables[name];
    if (v !== undefined) return v;
    onUnknown(name, offset);
    return whole;
  });
}

/**
 * Which `{` of a text node's value were escaped in the source (`\{`): the value lost the backslashes, so its
 * braces are matched one to one with the source's, between the node's start and end. Undefined when the two
 * do not pair up (a brace written as a character reference), so nothing counts as escaped.
 */
function escapedBraces(node: Text, lines: readonly string[]): ((offset: number) => boolean) | undefined {
  const { start, end } = node.position ?? {};
  if (!start || !end || !lines.slice(start.line - 1, end.line).some((l) => l.includes('\\{'))) return undefined;
  const flags: boolean[] = [];
  for (let l = start.line; l <= end.line; l++) {
    const text = lines[l - 1] ?? '';
    const from = l === start.line ? start.column - 1 : 0;
    const to = l === end.line ? end.column - 1 : text.length;
    for (let i = from; i < to; i++) {
      if (text[i] === '\\' && i + 1 < to && /[!-/:-@[-`{-~]/.test(text[i + 1]!)) {
        if (text[i + 1] === '{') flags.push(true);
        i++;
      } else if (text[i] === '{') flags.push(false);
    }
  }
  const value = node.value;
  const braces: number[] = [];
  for (let i = value.indexOf('{'); i !== -1; i = value.indexOf('{', i + 1)) braces.push(i);
  if (braces.length !== flags.length) return undefined;
  return (offset) => {
    const k = braces.indexOf(offset);
    return k !== -1 && (flags[k] === true || flags[k + 1] === true);
  };
}

// Line and column of an offset inside a node's value; exact for text on one line and for code blocks,
// close enough (the node's start line) for text whose source had escapes.
function locate(value: string, offset: number, firstLine: number, firstColumn: number): { line: number; column: number } {
  const before = value.slice(0, offset);
  const newlines = before.split('\n').length - 1;
  if (newlines === 0) return { line: firstLine, column: firstColumn + offset };
  return { line: firstLine + newlines, column: offset - before.lastIndexOf('\n') };
}

/** The diagnostic for an unknown variable, with a did-you-mean hint. */
export function unknownVariable(name: string, known: string[], file: string, line: number, column: number, lines: readonly string[]): Diagnostic {
  const near = known.find((k) => k.startsWith(name.slice(0, 4)) || name.startsWith(k.slice(0, 4)));
  return {
    code: codes.UNKNOWN_VARIABLE,
    severity: 'error',
    message: `unknown documentation variable \`{{ ${name} }}\``,
    hint: near
      ? `did you mean \`{{ ${near} }}\`? Variables: ${known.join(', ')}; \`\\{{\` shows the braces as they are`
      : 'define it under `variables:` in docsgen.config.yaml, or write `\\{{` to show the braces as they are',
    location: { file, line, column, lineText: lines[line - 1] ?? '' },
  };
}
