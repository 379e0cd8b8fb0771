// The config the last build validated, kept so the next build neither parses YAML nor validates with zod (nor
// loads either package, ~20 ms of a no-change build) while the config's bytes are the same.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { PROJECT, type ConfigMemo, type ValidatedConfig } from '../config/index.js';
import { writeAtomic } from '../util/write-atomic.js';
import { engineId } from './engine.js';

const FILE = 'config.json';

/** The memo in the project's cache folder: one entry, for this docsgen (its engine id) and the key loadProject gives. */
export function configMemo(root: string): ConfigMemo {
  const file = path.join(path.resolve(root), PROJECT.cache, FILE);
  return {
    get(key) {
      try {
        const kept = JSON.parse(readFileSync(file, 'utf8')) as { engine?: unknown; key?: unknown; validated?: ValidatedConfig };
        return kept.engine === engineId() && kept.key === key ? kept.validated : undefined;
      } catch {
        return undefined; // none yet, or unreadable: the config is validated again
      }
    },
    async set(key, validated) {
      const text = JSON.stringify({ engine: engineId(), key, validated });
      // a config JSON does not carry as it is (none today) is validated again every time rather than changed
      if (!isDeepStrictEqual((JSON.parse(text) as { validated: unknown }).validated, validated)) return;
      await writeAtomic(file, Buffer.from(text)).catch(() => undefined); // a read-only cache folder only costs the time
    },
  };
}
