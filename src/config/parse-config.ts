// The part of loading a project that reads YAML and validates with zod: imported only when the config is not the
// one the last build validated (load.ts), so a build that finds nothing changed loads neither package.
import { isMap, isScalar, isSeq, LineCounter, type Document, type Node } from 'yaml';
import type { ZodIssue } from 'zod';
import { codes } from '../diagnostics/index.js';
import { DiagnosticError, type Diagnostic } from '../diagnostics/index.js';
import { configCodes } from './codes.js';
import { PROJECT } from './defaults.js';
import { siteConfigKeys, siteConfigSchema, type SiteConfig } from './schema.js';
import { issuePosition } from '../util/yaml-positions.js';
import { MAX_YAML_ALIASES, readYaml, type YamlProblem } from '../util/read-yaml.js';

/**
 * The validated site config of `text` (the config file's, null when there is none), `packageName` naming an
 * unnamed site, `overrides` on top. Throws DiagnosticError (exit 2) at file:line of the bad key.
 */
export function parseConfig(text: string | null, packageName: string | null, overrides: Partial<SiteConfig>): { config: SiteConfig; raw: unknown } {
  let raw: unknown = {};
  let doc: Document | null = null;
  let lineCounter = new LineCounter();
  const at = (offset: number) => {
    const pos = lineCounter.linePos(offset);
    return { file: PROJECT.configFile, line: pos.line, column: pos.col };
  };
  if (text !== null) {
    const read = readYaml(text);
    ({ doc, lineCounter } = read);
    const contents = doc?.contents as Node | null | undefined;
    if (contents && !isMap(contents) && !(isScalar(contents) && contents.value === null) && !('problem' in read && read.problem.kind === 'syntax')) {
      throw configError({
        code: configCodes.NOT_A_MAPPING,
        message: `${PROJECT.configFile} must be a mapping of keys (\`siteName: My docs\`), but it holds ${describeNode(contents)}`,
        hint: 'write one `key: value` per line; the README section "Site config" lists the keys',
        location: at(contents.range?.[0] ?? 0),
      });
    }
    if ('problem' in read) throw configError(describeYamlProblem(read.problem, at));
    raw = read.value ?? {};
  }
  const parsed = siteConfigSchema.safeParse({ ...(packageName ? { siteName: packageName } : {}), ...(raw as object), ...overrides });
  if (!parsed.success) throw configError(describeIssue(parsed.error.issues[0]!, doc, lineCounter));
  return { config: parsed.data, raw };
}

/** A config problem as the error that stops every command, exit 2. */
function configError(d: Omit<Diagnostic, 'severity'>): DiagnosticError {
  return new DiagnosticError({ severity: 'error', ...d }, 2);
}

/** The diagnostic of a schema issue, at the key (or list entry) a user must edit. */
function describeIssue(issue: ZodIssue, doc: Document | null, lineCounter: LineCounter): Omit<Diagnostic, 'severity'> {
  const params = (issue.code === 'custom' ? issue.params : undefined) as { code?: string; hint?: string; orAt?: (string | number)[] } | undefined;
  let where: (string | number)[] = issue.path;
  let message = issue.message;
  let hint = params?.hint ?? 'see the README section "Site config" for the accepted keys';
  if (issue.code === 'unrecognized_keys') {
    const keys = siteConfigKeys;
    const key = issue.keys[0]!;
    where = [...issue.path, key];
    message = `unknown key \`${key}\``;
    const near = keys.find((k) => k.toLowerCase() === key.toLowerCase().replace(/[-_]/g, ''));
    hint = near ? `did you mean \`${near}\`?` : `the keys are: ${keys.join(', ')}`;
  }
  if (params?.orAt && doc && !doc.hasIn(where)) where = params.orAt;
  const pos = doc ? issuePosition(doc, lineCounter, where) : { line: 1, column: 1 };
  return {
    code: params?.code ?? codes.CONFIG_INVALID,
    message: `invalid config${issue.path.length ? ` at \`${issue.path.join('.')}\`` : ''}: ${message}`,
    hint,
    location: { file: PROJECT.configFile, ...pos },
  };
}

/** The diagnostic of a YAML text that cannot become a value: bad syntax, an alias bomb, nesting too deep. */
function describeYamlProblem(problem: YamlProblem, at: (offset: number) => Diagnostic['location']): Omit<Diagnostic, 'severity'> {
  const location = at(problem.offset);
  switch (problem.kind) {
    case 'syntax':
      return { code: codes.CONFIG_INVALID, message: `invalid YAML: ${problem.message}`, hint: 'fix the YAML syntax', location };
    case 'unresolved':
      return { code: configCodes.YAML_ALIAS, message: `the YAML alias \`${problem.alias}\` names no anchor before it`, hint: `define \`&${problem.alias.slice(1)}\` before using \`${problem.alias}\`, or quote the value if the \`*\` is meant literally`, location };
    case 'excessive':
      return { code: configCodes.YAML_ALIAS, message: `the YAML aliases expand to more than ${MAX_YAML_ALIASES} copies (at \`${problem.alias}\`), which is how an alias bomb starts`, hint: 'write the values out instead of repeating anchors with `*alias`', location };
    case 'too-deep':
      return { code: configCodes.YAML_TOO_DEEP, message: `the YAML nests ${problem.depth ? `${problem.depth} levels deep, ` : ''}too deep to be read`, hint: 'a config nests a few levels at most; flatten the value', location };
  }
}

/** What a YAML node holds, for "must be a mapping, but it holds …". */
function describeNode(node: Node): string {
  if (isSeq(node)) return 'a list';
  if (isScalar(node)) return typeof node.value === 'string' ? 'a string' : typeof node.value === 'number' ? 'a number' : `\`${String(node.value)}\``;
  return 'an alias';
}
