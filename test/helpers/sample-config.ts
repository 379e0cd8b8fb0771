// The sample site's own config values (docsgen.config.yaml at the repository root): the seed's versions and
// allowlist live there, not in docsgen's defaults, so tests that need them read them from the same place.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

const sample = parse(readFileSync(new URL('../../docsgen.config.yaml', import.meta.url), 'utf8')) as {
  variables: Record<string, string>;
  allowedRedirectHosts: string[];
};

/** The sample site's documentation variables (`{{ arcgis_js_version }}`, …). */
export const SAMPLE_VARIABLES: Readonly<Record<string, string>> = sample.variables;
/** The sample site's redirect host allowlist. */
export const SAMPLE_REDIRECT_HOSTS: readonly string[] = sample.allowedRedirectHosts;
