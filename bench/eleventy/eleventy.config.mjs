// Eleventy 3 config for the bench: markdown-it (Eleventy's default) renders the same Markdown files docsgen builds,
// wrapped in a minimal HTML shell (_includes/base.njk) with title, nav of section pages and footer.

/** Documentation variables, same values as VARIABLES in src/config/defaults.ts, so Liquid substitutes what docsgen substitutes. */
const VARIABLES = {
  arcgis_js_version: '4.33',
  calcite_version: '3.2.0',
  maplibre_version: '5.7.3',
  cesium_version: '1.132',
  leaflet_version: '1.9.4',
  openlayers_version: '10.6.0',
};

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
