import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The installed docsgen package folder (holds lib/, templates/ and, in a checkout, node_modules/). */
export const docsgenRoot = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));

const requireFromRoot = createRequire(path.join(docsgenRoot, 'package.json'));

/**
 * Where templates and the runtime resolve react, react-dom and the Calcite packages from, nearest first: Node's
 * own lookup from docsgen's folder, so an install whose packages npm hoisted beside docsgen works like a checkout.
 */
export const docsgenNodePaths: string[] = (requireFromRoot.resolve.paths('react') ?? []).filter((d) => existsSync(d));

/** The nearest of docsgenNodePaths. */
export const docsgenNodeModules = docsgenNodePaths[0] ?? path.join(docsgenRoot, 'node_modules');

/** The component library's `assets/` folder (icons, translations), wherever the package manager put it. */
export function calciteAssetsDir(): string {
  return path.join(path.dirname(requireFromRoot.resolve('@esri/calcite-components/package.json')), 'dist/calcite/assets');
}
