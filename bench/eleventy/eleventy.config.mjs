// Eleventy 3 config for the bench: markdown-it (Eleventy's default) renders the same Markdown files docsgen builds,
// wrapped in a minimal HTML shell (_includes/base.njk) with title, nav of section pages and footer.

import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

// the sample site's documentation variables (the corpus's docsgen.config.yaml holds the same), so Liquid
// substitutes what docsgen substitutes
const { variables: VARIABLES } = parse(readFileSync(new URL('../../docsgen.config.yaml', import.meta.url), 'utf8'));

/** Configures Eleventy for the bench corpus (input/output come from the command line). */
export default function configure(eleventyConfig) {
  for (const [name, value] of Object.entries(VARIABLES)) eleventyConfig.addGlobalData(name, value);
  eleventyConfig.addGlobalData('layout', 'base.njk');
  // png in the template formats makes Eleventy copy the figures, as docsgen copies (and optimizes) them.
  eleventyConfig.setTemplateFormats(['md', 'png']);
  // Top-level section pages (content/<section>/index.md), in frontmatter order, for the nav list.
  eleventyConfig.addCollection('sections', (api) =>
    api
      .getAll()
      .filter((item) => /^\/[^/]+\/index$/.test(item.filePathStem))
      .sort((a, b) => (a.data.order ?? 0) - (b.data.order ?? 0) || a.data.title.localeCompare(b.data.title)),
  );
}
