import { normalizeIdentifier as normalizeLabel } from 'micromark-util-normalize-identifier';

/** The `identifier` mdast gives a reference label: micromark's normalized label, lowercased (as mdast-util-from-markdown does). */
export function normalizeIdentifier(label: string): string {
  return normalizeLabel(label).toLowerCase();
}

export { normalizeLabel };
