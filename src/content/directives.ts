// `:::note` … `:::` and the other Docusaurus / VitePress / Starlight admonitions become the aside a GitHub alert
// (`> [!NOTE]`, alerts.ts) becomes; `:::tabs` becomes a group of labelled panels that the browser runtime turns
// into tabs (src/client/tabs.ts). Both are rewritten in place into block quotes carrying `data.hName`, so the HTML
// stage (and remark-rehype in the oracle tests) lays them out as it lays out a block quote. Other directive names
// are left alone: see SUPPORTED_CONTAINER_DIRECTIVES.
import type { BlockContent, Blockquote, Code, DefinitionContent, Paragraph, PhrasingContent, RootContent } from 'mdast';
import type { ContainerDirective, LeafDirective } from 'mdast-util-directive';
import { toString } from 'mdast-util-to-string';
import type { CodeMeta } from './code-meta.js';

/** Admonition names, each with the kind of aside (its class) and the label it shows when it has no title. */
const ADMONITIONS: Readonly<Record<string, { kind: string; label: string }>> = {
  note: { kind: 'note', label: 'Note' },
  info: { kind: 'info', label: 'Info' },
  tip: { kind: 'tip', label: 'Tip' },
  important: { kind: 'important', label: 'Important' },
  warning: { kind: 'warning', label: 'Warning' },
  // Docusaurus' and Starlight's `caution` is their yellow warning (GitHub's red CAUTION is `danger` there)
  caution: { kind: 'warning', label: 'Caution' },
  danger: { kind: 'danger', label: 'Danger' },
};

/** The `:::name` containers docsgen renders; any other name is left as remark-directive parsed it. */
export const SUPPORTED_CONTAINER_DIRECTIVES: ReadonlySet<string> = new Set([...Object.keys(ADMONITIONS), 'tabs']);

/** The `::name` leaf directives docsgen renders, and the container each belongs in. */
export const SUPPORTED_LEAF_DIRECTIVES: ReadonlyMap<string, string> = new Map([['tab', 'tabs']]);

/** What a fence's language is called on a tab when the fence has no title. */
const LANGUAGE_NAMES: Readonly<Record<string, string>> = {
  js: 'JavaScript', javascript: 'JavaScript', jsx: 'JSX', ts: 'TypeScript', typescript: 'TypeScript', tsx: 'TSX',
  py: 'Python', python: 'Python', cs: 'C#', csharp: 'C#', 'c#': 'C#', vb: 'Visual Basic', java: 'Java',
  kt: 'Kotlin', kotlin: 'Kotlin', swift: 'Swift', sh: 'Shell', bash: 'Bash', shell: 'Shell', zsh: 'Shell',
  powershell: 'PowerShell', ps1: 'PowerShell', json: 'JSON', yaml: 'YAML', yml: 'YAML', html: 'HTML', css: 'CSS',
  xml: 'XML', sql: 'SQL', go: 'Go', rust: 'Rust', rs: 'Rust', ruby: 'Ruby', rb: 'Ruby', php: 'PHP', dart: 'Dart',
  cpp: 'C++', 'c++': 'C++', c: 'C', r: 'R', scala: 'Scala', groovy: 'Groovy', gradle: 'Gradle', text: 'Text',
};

/**
 * Rewrites the supported container directives in document order (outer ones first, so a note inside a tab is
 * still found). Fences moved into a tab keep their meta; a fence's title becomes its tab's label instead of a
 * caption above the code.
 */
export function transformDirectives(containers: readonly ContainerDirective[]): void {
  for (const node of containers) {
    const admonition = ADMONITIONS[node.name];
    if (admonition) toAside(node, admonition.kind, admonition.label);
    else if (node.name === 'tabs') toTabs(node);
  }
}

type Block = BlockContent | DefinitionContent;

/** A label paragraph remark-directive made from `[…]` after the name, taken out of the children. */
function takeLabel(node: ContainerDirective): Paragraph | null {
  const first = node.children[0];
  if (first?.type !== 'paragraph' || !(first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel) return null;
  node.children.shift();
  return first;
}

/** Makes `node` a block quote the HTML stage writes as `tag` with `properties`. */
function becomeBlock(node: ContainerDirective, tag: string, properties: Record<string, unknown>, children: Block[]): Blockquote {
  const out = node as unknown as Blockquote & { name?: string; attributes?: unknown };
  delete out.name;
  delete out.attributes;
  out.type = 'blockquote';
  out.children = children;
  out.data = { hName: tag, hProperties: properties as never };
  return out;
}

function toAside(node: ContainerDirective, kind: string, fallback: string): void {
  const title = takeLabel(node);
  const children: PhrasingContent[] = title && title.children.length > 0 ? title.children : [{ type: 'text', value: fallback }];
  const label: Paragraph = { type: 'paragraph', children, data: { hProperties: { className: ['note-label'] } } };
  if (title?.position) label.position = title.position;
  becomeBlock(node, 'aside', { className: ['note', `note-${kind}`], role: 'note' }, [label, ...(node.children as Block[])]);
}

interface Panel {
  label: PhrasingContent[];
  children: Block[];
}

function toTabs(node: ContainerDirective): void {
  const title = takeLabel(node);
  const children = node.children as RootContent[];
  const byMarker = children.some((c) => c.type === 'leafDirective' && c.name === 'tab');
  const panels: Panel[] = [];
  const lead: Block[] = [];
  for (const child of children) {
    const current = panels[panels.length - 1];
    if (byMarker && child.type === 'leafDirective' && child.name === 'tab') {
      panels.push({ label: (child as LeafDirective).children, children: [] });
    } else if (!byMarker && child.type === 'code') {
      panels.push({ label: [{ type: 'text', value: fenceLabel(child, panels.length + 1) }], children: [child] });
    } else if (current) current.children.push(child as Block);
    else lead.push(child as Block);
  }
  // what comes before the first tab belongs to it (there is nowhere else to show it)
  if (panels[0]) panels[0].children.unshift(...lead);
  else panels.push({ label: [{ type: 'text', value: 'Tab 1' }], children: lead });
  const blocks: Block[] = [];
  if (title && title.children.length > 0) blocks.push({ ...title, data: { hProperties: { className: ['tabs-label'] } } });
  panels.forEach((panel, i) => {
    const text = toString({ type: 'paragraph', children: panel.label }).trim() || `Tab ${i + 1}`;
    const label: Paragraph = { type: 'paragraph', children: panel.label.length > 0 ? panel.label : [{ type: 'text', value: text }], data: { hProperties: { className: ['tab-label'] } } };
    const quote: Blockquote = { type: 'blockquote', children: [label, ...panel.children], data: { hName: 'div', hProperties: { className: ['tab-panel'], dataTab: text } } };
    blocks.push(quote);
  });
  becomeBlock(node, 'div', { className: ['tabs'] }, blocks);
}

/** A fenced block's tab label: its title (then not shown again above the code), else its language's name. */
function fenceLabel(code: Code, n: number): string {
  const meta = (code.data as { codeMeta?: CodeMeta } | undefined)?.codeMeta;
  if (meta?.title !== undefined) {
    const title = meta.title;
    delete meta.title;
    if (meta.highlight === undefined && meta.lineNumbers === undefined) delete (code.data as { codeMeta?: CodeMeta }).codeMeta;
    return title;
  }
  const lang = code.lang?.toLowerCase();
  if (!lang) return `Tab ${n}`;
  return LANGUAGE_NAMES[lang] ?? code.lang!;
}
