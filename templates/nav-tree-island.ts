import { defineIsland, isPartialHydration } from 'docsgen/runtime';
import { lazyGroups } from './lazy-groups';

/**
 * The `nav-tree` island (partial hydration): a closed group's pages are not in the server HTML; opening it adds
 * them (lazy-groups.ts). Under the React app NavEntry does this itself.
 */
export const navTree = defineIsland('nav-tree', (tree, _props, signal) => {
  if (!isPartialHydration()) return;
  lazyGroups(tree, signal);
});
