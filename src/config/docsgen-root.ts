import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The installed docsgen package folder (holds lib/, node_modules/ and the bundled sample templates/). */
export const docsgenRoot = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** Where templates and the runtime resolve react, react-dom and the Calcite packages from. */
export const docsgenNodeModules = path.join(docsgenRoot, 'node_modules');
