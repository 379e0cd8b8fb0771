/**
 * The catalogue of diagnostic codes, by stage. Codes never change meaning once published;
 * test/diagnostics/codes.test.ts checks they are unique. Ranges:
 * DG1xxx config and CLI usage, DG2xxx content, DG3xxx render/templates/output,
 * DG4xxx redirects, DG5xxx links, DG6xxx images, DG7xxx service worker and manifest, DG8xxx serve/dev.
 */
export const codes = {
  // DG1xxx: configuration and usage
  CONFIG_INVALID: 'DG1001',
  CONFIG_UNREADABLE: 'DG1002',
  USAGE: 'DG1003',
  ROOT_MISSING: 'DG1004',

  // DG2xxx: content
  FRONTMATTER_YAML: 'DG2001',
  FRONTMATTER_SCHEMA: 'DG2002',
  MARKDOWN_COMPILE: 'DG2003',
  UNKNOWN_VARIABLE: 'DG2004',
  DUPLICATE_PAGE_PATH: 'DG2005',
  PATH_OUTSIDE_PROJECT: 'DG2006',
  UNKNOWN_TEMPLATE: 'DG2007',
  NO_CONTENT: 'DG2008',
  UNSAFE_HTML: 'DG2009',
  UNSAFE_URL: 'DG2010',
  /** A page's file or folder name has a character no URL can carry (`%`, `#`, `?`, `\`, control characters). */
  UNSAFE_PAGE_NAME: 'DG2020',
  /** A symbolic link in content/ that loops or leads nowhere. */
  SYMLINK_BROKEN: 'DG2021',
  /** Markdown under an extension docsgen does not build (`.markdown`, `.mdx`, …): a warning. */
  NOT_A_PAGE: 'DG2022',
  /** A folder of content/ that cannot be read. */
  CONTENT_UNREADABLE: 'DG2023',
  /** A Markdown page is larger than MAX_PAGE_BYTES (src/config/defaults.ts). */
  PAGE_TOO_LARGE: 'DG2040',
  // DG2030-DG2039: reading and parsing a page's text
  /** A local image URL with a percent-escape that is not UTF-8 (`%E0.png`, `100%.png`). */
  URL_MALFORMED_ESCAPE: 'DG2030',
  /** Markdown nested deeper than the parser's documented limit (NESTING_LIMIT). */
  MARKDOWN_TOO_DEEP: 'DG2031',
  /** A page whose bytes are not UTF-8. */
  PAGE_NOT_UTF8: 'DG2032',
  /** A code fence's meta holds an option docsgen does not know (a warning; the block renders without it). */
  CODE_META_UNSUPPORTED: 'DG2050',
  /** A code fence marks lines past the end of its code (a warning). */
  CODE_META_LINE_RANGE: 'DG2051',
  // DG2100-DG2149: what writers of other generators' Markdown meet (issue 27: titles, keys, ids, `{{ }}`, the unsupported)
  /** A frontmatter key docsgen does not read (a warning, an error with `--strict`); templates still get it. */
  FRONTMATTER_UNKNOWN_KEY: 'DG2100',
  /** A page with neither a frontmatter `title` nor an h1. */
  PAGE_NO_TITLE: 'DG2101',
  /** A page's leading h1 repeats its frontmatter `title` (a warning): the title is shown once. */
  TITLE_TWICE: 'DG2102',
  /** `--strict`: a page without `description`, which falls back to its first paragraph (a warning). */
  DESCRIPTION_FROM_TEXT: 'DG2103',
  /** Two headings of one page with the same id (an explicit `{#id}` among them). */
  HEADING_ID_DUPLICATE: 'DG2104',
  /** A `:::name` container docsgen does not render: it shows as text (a warning). */
  DIRECTIVE_UNSUPPORTED: 'DG2105',
  /** A `$$` math block on a site without a math plugin: it shows as text (a warning). */
  MATH_UNSUPPORTED: 'DG2106',

  // (issue 27) Markdown plugins: DG1110-DG1119 their config entries, DG2200-DG2229 what they do to a page
  /** A plugin of `markdown.remarkPlugins` / `rehypePlugins` is not installed where the site can load it. */
  PLUGIN_NOT_FOUND: 'DG1110',
  /** A plugin's module failed to load, or exports no plugin function. */
  PLUGIN_LOAD: 'DG1111',
  /** A plugin refused its options (it threw when attached to the pipeline). */
  PLUGIN_OPTIONS: 'DG1112',
  /** A plugin threw while transforming a page (or failed it with `file.fail()`). */
  PLUGIN_FAILED: 'DG2200',
  /** A plugin reported a problem with the page (`file.message()`): a warning. */
  PLUGIN_WARNING: 'DG2201',
  /** A plugin reported a note about the page (`file.info()`). */
  PLUGIN_INFO: 'DG2202',

  // DG3xxx: templates and output
  TEMPLATE_COMPILE: 'DG3001',
  TEMPLATE_RENDER: 'DG3002',
  OUTPUT_UNWRITABLE: 'DG3003',
  CLIENT_BUNDLE: 'DG3004',
  /** Two sources would write one output file (or two that differ only in case or Unicode normalization). */
  OUTPUT_COLLISION: 'DG3010',
  /** A page would be written where docsgen writes a file of its own (404.html, sw.js, page-data/, static/, …). */
  RESERVED_OUTPUT_PATH: 'DG3011',
  /** docsgen itself failed (a bug), or the process ended before the command finished: exit code 70. */
  INTERNAL_ERROR: 'DG3020',
  /** Template code threw while rendering pages: one problem per place that threw, with the pages it failed. */
  TEMPLATE_THREW: 'DG3030',
} as const;

export type CodeName = keyof typeof codes;
