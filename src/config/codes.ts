/** Diagnostic codes of the config stage (DG1005-DG1019; DG1001-DG1004 are in diagnostics/codes.ts). Never reused. */
export const configCodes = {
  /** `docsgen.config.yaml` holds a string, a list or a number instead of a mapping of keys. */
  NOT_A_MAPPING: 'DG1005',
  /** A YAML alias expands too far (an alias bomb) or names no anchor. */
  YAML_ALIAS: 'DG1006',
  /** A URL of the config has a scheme outside the allowlist, or is not the absolute URL the key needs. */
  UNSAFE_URL: 'DG1007',
  /** A host of `proxyAllowedHosts` is loopback, link-local, private or a metadata host (an SSRF vector). */
  PRIVATE_HOST: 'DG1008',
  /** A host of an allowlist is not a plain host name (a wildcard, a URL, a port, a non-canonical IP). */
  HOST_FORM: 'DG1009',
  /** `defaultLocale` is not one of `locales`. */
  LOCALE_NOT_LISTED: 'DG1010',
  /** The YAML nests deeper than it can be read (the parser's recursion would overflow the stack). */
  YAML_TOO_DEEP: 'DG1011',
  /** (DG1020-DG1024: page furniture) `editUrl` has no `{path}`, or has it where a page's path would change the host. */
  EDIT_URL_PATTERN: 'DG1020',
  /** (DG1300-DG1304: theming keys) `logo` or `socialImage` is neither a file path inside `public/` nor an https URL. */
  ASSET_FORM: 'DG1300',
  /** A header or footer link to another site has no `title`. */
  LINK_TITLE_MISSING: 'DG1303',
  /** A color of `colors` is not a hex color. */
  COLOR_FORM: 'DG1304',
} as const;
