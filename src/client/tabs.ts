// `:::tabs` groups (src/content/directives.ts) as WAI-ARIA tabs. The article HTML has every panel visible, each with
// its label above it, so a page read without JavaScript (or printed, or indexed for search) shows every language;
// here each group gets a tablist, only the chosen panel shows, and the choice is remembered for every group with
// the same labels, on this page and on later ones. Groups are found again whenever the article changes (hydration,
// client-side navigation), so no template has to call anything.

const STORAGE_KEY = 'docsgen:tabs';
const READY = 'data-tabs-ready';
let groups = 0;

/** The remembered choice of each label set (labels sorted, joined by line feeds). */
function stored(): Record<string, string> {
  try {
    const value = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as unknown;
    return value && typeof value === 'object' ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

function remember(key: string, label: string): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ ...stored(), [key]: label }));
  } catch {
    // storage full or refused (private mode): the choice holds for this page only
  }
}

function panelsOf(group: Element): HTMLElement[] {
  return Array.from(group.children).filter((c): c is HTMLElement => c instanceof HTMLElement && c.classList.contains('tab-panel'));
}

function tabsOf(group: Element): HTMLButtonElement[] {
  return Array.from(group.querySelectorAll<HTMLButtonElement>(':scope > [role="tablist"] > [role="tab"]'));
}

/** The key of a group's label set: groups with the same labels share a choice. */
function keyOf(group: Element): string {
  return group.getAttribute('data-tabs-key') ?? '';
}

/** Shows the tab at `index` of `group` (roving tabindex: only the selected tab is in the tab order). */
function select(group: Element, index: number): void {
  const tabs = tabsOf(group);
  panelsOf(group).forEach((panel, i) => {
    const on = i === index;
    panel.hidden = !on;
    const tab = tabs[i];
    if (!tab) return;
    tab.setAttribute('aria-selected', String(on));
    tab.tabIndex = on ? 0 : -1;
  });
}

/** Shows `label` in every enhanced group of the page with the label set `key`. */
function selectEverywhere(root: ParentNode, key: string, label: string): void {
  for (const group of Array.from(root.querySelectorAll(`.tabs[${READY}]`))) {
    if (keyOf(group) !== key) continue;
    const index = panelsOf(group).findIndex((p) => p.dataset.tab === label);
    if (index !== -1) select(group, index);
  }
}

/** Turns one group's panels into tabs. */
function enhance(group: HTMLElement): void {
  const panels = panelsOf(group);
  if (panels.length === 0) return;
  const labels = panels.map((p, i) => p.dataset.tab || `Tab ${i + 1}`);
  const key = [...labels].sort().join('\n');
  const n = ++groups;
  const list = document.createElement('div');
  list.setAttribute('role', 'tablist');
  list.className = 'tab-list';
  const caption = group.querySelector<HTMLElement>(':scope > .tabs-label');
  if (caption) {
    caption.id ||= `tabs-${n}-label`;
    list.setAttribute('aria-labelledby', caption.id);
  } else {
    list.setAttribute('aria-label', 'Examples');
  }
  panels.forEach((panel, i) => {
    const tab = document.createElement('button');
    tab.type = 'button';
    tab.id = `tabs-${n}-tab-${i + 1}`;
    tab.className = 'tab';
    tab.setAttribute('role', 'tab');
    // the label's own markup (code, emphasis), not only its text
    const label = panel.querySelector<HTMLElement>(':scope > .tab-label');
    if (label) tab.innerHTML = label.innerHTML;
    else tab.textContent = labels[i]!;
    panel.id ||= `tabs-${n}-panel-${i + 1}`;
    tab.setAttribute('aria-controls', panel.id);
    panel.setAttribute('role', 'tabpanel');
    panel.setAttribute('aria-labelledby', tab.id);
    panel.tabIndex = 0;
    list.append(tab);
  });
  group.setAttribute('data-tabs-key', key);
  panels[0]!.before(list);
  const choice = stored()[key];
  select(group, Math.max(0, choice === undefined ? 0 : labels.indexOf(choice)));
  group.setAttribute(READY, '');
}

function onClick(event: MouseEvent): void {
  const tab = (event.target as Element | null)?.closest?.('.tabs[data-tabs-ready] > [role="tablist"] > [role="tab"]');
  if (!tab) return;
  choose(tab as HTMLButtonElement);
}

function onKeyDown(event: KeyboardEvent): void {
  const tab = (event.target as Element | null)?.closest?.('.tabs[data-tabs-ready] > [role="tablist"] > [role="tab"]') as HTMLButtonElement | null;
  if (!tab || event.altKey || event.ctrlKey || event.metaKey) return;
  const tabs = tabsOf(tab.closest('.tabs')!);
  const at = tabs.indexOf(tab);
  const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
  if (next === undefined) return;
  event.preventDefault();
  const target = tabs[(next + tabs.length) % tabs.length]!;
  target.focus();
  choose(target);
}

/** Selects a tab the reader chose, in its group and every group with the same labels, and remembers it. */
function choose(tab: HTMLButtonElement): void {
  const group = tab.closest('.tabs');
  if (!group) return;
  const index = tabsOf(group).indexOf(tab);
  const label = panelsOf(group)[index]?.dataset.tab;
  if (label === undefined) return;
  const key = keyOf(group);
  remember(key, label);
  selectEverywhere(document, key, label);
}

/** Enhances the tab groups under `root`, now and whenever its content changes. */
export function watchTabs(root: HTMLElement): void {
  const scan = () => {
    for (const group of Array.from(root.querySelectorAll<HTMLElement>(`.tabs:not([${READY}])`))) enhance(group);
  };
  scan();
  document.addEventListener('click', onClick);
  document.addEventListener('keydown', onKeyDown);
  // React replaces the article's HTML on navigation: its new groups are not enhanced yet
  new MutationObserver(scan).observe(root, { childList: true, subtree: true });
}
