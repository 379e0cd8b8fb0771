/** Diagnostic codes of the redirects stage (DG4xxx). Never reuse a code for another meaning. */
export const redirectCodes = {
  /** A redirects file is not valid YAML. */
  YAML_SYNTAX: 'DG4001',
  /** An entry does not match the schema ({from, to, status?, note?}). */
  SCHEMA: 'DG4002',
  /** The same source (decoded, case- and trailing-slash-insensitive) appears twice with the same target. */
  DUPLICATE_SOURCE: 'DG4003',
  /** The same source appears twice with different targets or statuses. */
  CONFLICTING_TARGETS: 'DG4004',
  /** A target is itself a redirect source (A → B → C). */
  CHAIN: 'DG4005',
  /** Following targets comes back to the source. */
  LOOP: 'DG4006',
  /** A source is the path of an existing page, so the page would never be reachable. */
  SHADOWS_PAGE: 'DG4007',
  /** An internal target is not a page of the built site. */
  MISSING_TARGET: 'DG4008',
  /** A source or target is not a valid URL path, or holds what would change its meaning on a server once decoded. */
  UNSAFE_CHARACTER: 'DG4009',
  /** An absolute target points to a host not on the allowlist (an open redirect). */
  HOST_NOT_ALLOWED: 'DG4010',
  /** The list exceeds a hosting platform's documented limit (a warning unless `deployTarget` names that host). */
  HOST_LIMIT: 'DG4011',
  /** A source or internal target is not under the site's path prefix. */
  OUTSIDE_PREFIX: 'DG4012',
  /** A pattern is malformed (splat not last, unknown placeholder in the target, too many placeholders). */
  INVALID_PATTERN: 'DG4013',
  /** The redirects folder or one of its files cannot be read. */
  UNREADABLE: 'DG4014',
  /** A redirect uses a temporary status (302, 307): a warning, every redirect is meant to be permanent. */
  TEMPORARY_STATUS: 'DG4015',
  /** An export would write over an existing file (an html stub over a page). */
  OVERWRITES_FILE: 'DG4016',
} as const;

/** Name of a redirects code. */
export type RedirectCodeName = keyof typeof redirectCodes;
