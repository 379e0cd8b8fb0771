import { MAX_YAML_ALIASES, readYaml } from '../util/read-yaml.js';
import { z } from 'zod';
import { issuePosition } from '../util/yaml-positions.js';
import { codes } from '../diagnostics/index.js';
import type { Diagnostic } from '../diagnostics/index.js';
import { isIsoDate } from './iso-date.js';
import { MATCH_PATH_SYNTAX } from '../util/match-path.js';
import { readSimpleYaml } from './simple-yaml.js';
import { closest } from '../util/did-you-mean.js';

/**
 * Frontmatter every page may carry. `title` may come from the page's first h1 and `description` from its first
 * paragraph instead (see page-title.ts). Other keys (those of Docusaurus, VitePress, …) are kept for the templates
 * (`page.frontmatter`) and reported as warnings (errors with `--strict`): a typo must not silently do nothing.
 */
export const frontmatterSchema = z
  .object({
    title: z.string().trim().min(1, 'a page needs a non-empty title').optional(),
    description: z.string().trim().min(1, 'a description is one sentence (or leave the key out)').optional(),
    order: z.number().finite().optional(),
    template: z.string().regex(/^[a-z][a-z0-9-]*$/, 'a template name like "doc"').optional(),
    draft: z.boolean().optional(),
    // `false` keeps a published page out of the site search (see docs/search.md)
    search: z.boolean().optional(),
    navTitle: z.string().trim().min(1).optional(),
    // "Last updated" as the writer states it; without it, the date of the last commit of the file (git-dates.ts)
    lastUpdated: z.string().refine(isIsoDate, 'a date like 2025-01-31 (or an ISO 8601 date-time like 2025-01-31T09:30:00Z)').optional(),
    // the page also answers for every path this pattern matches (after exact pages, before the 404 page)
    matchPath: z.string().regex(MATCH_PATH_SYNTAX, 'a path pattern like "/reference/*" or "/users/:id"').optional(),
  })
  .passthrough();

/** A page's frontmatter as written: the known keys validated, any other key kept as it is. */
export type Frontmatter = z.output<typeof frontmatterSchema>;

/** The keys docsgen reads, in the order the messages list them. */
export const KNOWN_KEYS = Object.keys(frontmatterSchema.shape) as readonly string[];

/** Options of parseFrontmatter. */
export interface FrontmatterOptions {
  /** Unknown keys are errors instead of warnings (`--strict`). */
  strict?: boolean;
}

export interface SplitResult {
  /** The YAML between the fences, or null when the file has no frontmatter. */
  yaml: string | null;
  /** 1-based line of the first YAML line. */
  yamlLine: number;
}

/** Finds the `---` fenced YAML block at the very start of a Markdown file (after a byte order mark, if any). */
export function splitFrontmatter(text: string): SplitResult {
  const m = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?\r?\n)?---[ \t]*(\r?\n|$)/.exec(text);
  if (!m) return { yaml: null, yamlLine: 1 };
  return { yaml: m[1] ?? '', yamlLine: 2 };
}

/**
 * Parses and validates a page's frontmatter; problems come back with the file's own line numbers. A page
 * without frontmatter has none (`{}`): its title comes from its first h1. Frontmatter of the usual plain shape
 * with only known keys is read by a fast parser (see simple-yaml.ts); anything else, and any page whose data
 * the schema rejects, by `yaml`, which knows where each problem is. A property test holds the two paths to the
 * same answers.
 */
export function parseFrontmatter(text: string, file: string, options: FrontmatterOptions = {}): { data: Frontmatter | null; diagnostics: Diagnostic[] } {
  const { yaml } = splitFrontmatter(text);
  if (yaml === null) return { data: {}, diagnostics: [] };
  const simple = readSimpleYaml(yaml);
  if (simple !== null) {
    const parsed = frontmatterSchema.safeParse(simple);
    // copied for the same reason as below
    if (parsed.success && unknownKeys(parsed.data).length === 0) return { data: JSON.parse(JSON.stringify(parsed.data)) as Frontmatter, diagnostics: [] };
  }
  return parseFrontmatterExactly(text, file, options);
}

/** parseFrontmatter with `yaml` alone: slower, but every problem comes with its place. */
export function parseFrontmatterExactly(text: string, file: string, options: FrontmatterOptions = {}): { data: Frontmatter | null; diagnostics: Diagnostic[] } {
  const { yaml, yamlLine } = splitFrontmatter(text);
  if (yaml === null) return { data: {}, diagnostics: [] };
  // the file's lines only when a problem is reported
  const at = (line: number, column: number) => ({ file, line, column, lineText: text.split(/\r?\n/)[line - 1] ?? '' });
  const read = readYaml(yaml, { uniqueKeys: true });
  const { lineCounter } = read;
  const malformed = (message: string, offset: number, hint = 'fix the YAML between the `---` lines (quote values that contain `:` or `#`)') => {
    const pos = lineCounter.linePos(offset);
    return {
      data: null,
      diagnostics: [{ code: codes.FRONTMATTER_YAML, severity: 'error' as const, message: `malformed frontmatter: ${message}`, hint, location: at(pos.line + yamlLine - 1, pos.col) }],
    };
  };
  if ('problem' in read) {
    const p = read.problem;
    if (p.kind === 'syntax') return malformed(p.message, p.offset);
    if (p.kind === 'too-deep') return malformed(`it nests ${p.depth ? `${p.depth} levels deep, ` : ''}too deep to be read`, p.offset, 'frontmatter holds a few flat keys: flatten the value');
    if (p.kind === 'unresolved') return malformed(`the alias \`${p.alias}\` names no anchor before it`, p.offset, `define \`&${p.alias.slice(1)}\` first, or quote the value if the \`*\` is meant literally`);
    return malformed(`the aliases expand to more than ${MAX_YAML_ALIASES} copies (at \`${p.alias}\`)`, p.offset, 'write the values out instead of repeating anchors');
  }
  const { doc, value } = read;
  const place = (path: readonly PropertyKey[]) => {
    const pos = issuePosition(doc, lineCounter, path);
    return at(pos.line + yamlLine - 1, pos.column);
  };
  const isMapping = value !== null && typeof value === 'object' && !Array.isArray(value);
  const unknown = (isMapping ? unknownKeys(value as Record<string, unknown>) : []).map((key) => unknownKey(key, place([key]), options));
  const parsed = frontmatterSchema.safeParse(value ?? {});
  if (!parsed.success) {
    return {
      data: null,
      diagnostics: [
        ...parsed.error.issues.map((issue) => {
          const key = issue.path.join('.');
          return {
            code: codes.FRONTMATTER_SCHEMA,
            severity: 'error' as const,
            message: `invalid frontmatter${key ? ` \`${key}\`` : ''}: ${issue.message}`,
            hint: `the keys docsgen reads: ${KNOWN_KEYS.join(', ')}`,
            location: place(issue.path),
          };
        }),
        ...unknown,
      ],
    };
  }
  // copied: the YAML values are slices of the page's text, and the frontmatter outlives it (nav, plan, cache);
  // kept as slices, every page's whole text would stay in memory for the whole build
  return { data: JSON.parse(JSON.stringify(parsed.data)) as Frontmatter, diagnostics: unknown };
}

function unknownKeys(data: Record<string, unknown>): string[] {
  return Object.keys(data).filter((k) => !KNOWN_KEYS.includes(k));
}

// Keys of other generators that mean what one of docsgen's means (a hint, never a silent mapping).
const COUSINS: Readonly<Record<string, string>> = {
  sidebar_position: 'order',
  sidebar_label: 'navTitle',
  pagination_label: 'navTitle',
  last_update: 'lastUpdated',
  layout: 'template',
  unlisted: 'draft',
};

function unknownKey(key: string, location: Diagnostic['location'], options: FrontmatterOptions): Diagnostic {
  const near = Object.hasOwn(COUSINS, key) ? COUSINS[key]! : closest(key, KNOWN_KEYS);
  return {
    code: codes.FRONTMATTER_UNKNOWN_KEY,
    severity: options.strict ? 'error' : 'warning',
    message: `frontmatter key \`${key}\` is not one docsgen reads; templates get it as \`page.frontmatter.${key}\``,
    hint: near ? `did you mean \`${near}\`? The keys docsgen reads: ${KNOWN_KEYS.join(', ')}` : `the keys docsgen reads: ${KNOWN_KEYS.join(', ')}`,
    location,
  };
}
