/** Diagnostic codes of the search stage (DG8200–DG8219). Never reuse a code for another meaning. */
export const searchCodes = {
  /** Search is on, but no page is in the index (every page is a draft, a status page or `search: false`). */
  SEARCH_INDEX_EMPTY: 'DG8200',
} as const;
