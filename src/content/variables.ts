import { codes } from '../diagnostics/codes.js';
import type { Diagnostic } from '../diagnostics/types.js';
import type { ValueNode } from './walk.js';

const VARIABLE = /\{\{\s*([A-Za-z_][\w.]*)\s*\}\}/g;

/**
 * Substitutes documentation variables (`{{ sdk_version }}`) in text, inline code, code blocks, link and
 * image URLs and alt text (`nodes`: see NodeIndex.values). Works on the tree, not the source, so every other position stays the file's own.
 * An unknown name is an error at its exact line and column.
 */
export function substituteVariables(nodes: readonly ValueNode[], variables: Readonly<Record<string, string>>, file: string, lines: readonly string[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const known = Object.keys(variables).sort();
  for (const node of nodes) {
    if (node.type === 'text' || node.type === 'inlineCode' || node.type === 'code') {
      const start = node.position?.start;
      const firstLine = node.type === 'code' ? (start?.line ?? 1) + 1 : (start?.line ?? 1);
      node.value = substitute(node.value, variables, (name, offset) => {
        const { line, column } = locate(node.value, offset, firstLine, node.type === 'code' ? 1 : (start?.column ?? 1) + (node.type === 'inlineCode' ? 1 : 0));
        diagnostics.push(unknownVariable(name, known, file, line, column, lines));
      });
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

/** Replaces `{{ name }}` in one string; calls `onUnknown` for names that are not defined. */
export function substitute(value: string, variables: Readonly<Record<string, string>>, onUnknown: (name: string, offset: number) => void): string {
  if (!value.includes('{{')) return value;
  return value.replace(VARIABLE, (whole, name: string, offset: number) => {
    const v = variables[name];
    if (v !== undefined) return v;
    onUnknown(name, offset);
    return whole;
  });
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
    hint: near ? `did you mean \`{{ ${near} }}\`? Variables: ${known.join(', ')}` : 'define it under `variables:` in docsgen.config.yaml',
    location: { file, line, column, lineText: lines[line - 1] ?? '' },
  };
}
