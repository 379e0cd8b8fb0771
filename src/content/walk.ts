import type { Nodes, Root } from 'mdast';

/**
 * Calls `fn` for every node of `type` in document order (preorder), as unist-util-visit does, children read
 * after `fn` returns so nodes it adds are visited too. A plain loop: unist-util-visit builds a closure and an
 * ancestor array per node, which cost about 2 ms per page over our six passes.
 */
export function eachNode<T extends Nodes['type']>(tree: Root, type: T, fn: (node: Extract<Nodes, { type: T }>) => void): void {
  walk(tree, (node) => {
    if (node.type === type) fn(node as Extract<Nodes, { type: T }>);
  });
}

/** Calls `fn` for every node of the tree, root included, in document order. */
export function walk(node: Nodes, fn: (node: Nodes) => void): void {
  fn(node);
  const children = (node as { children?: Nodes[] }).children;
  if (children === undefined) return;
  for (let i = 0; i < children.length; i++) walk(children[i]!, fn);
}
