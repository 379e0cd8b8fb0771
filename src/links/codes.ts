/** Diagnostic codes of the links stage (DG5xxx). Never reuse a code for another meaning. */
export const linkCodes = {
  // DG50xx: the run could not start (usage/config; exit 2)
  LINKS_DIR_MISSING: 'DG5001',
  LINKS_NO_PAGES: 'DG5002',
  LINKS_REDIRECTS_UNREADABLE: 'DG5003',
  LINKS_SOURCES_UNREADABLE: 'DG5004',
  LINKS_PAGE_UNREADABLE: 'DG5005',
  LINKS_CACHE_UNWRITABLE: 'DG5006',

  // DG51xx: one per problem kind
  LINK_MISSING_PAGE: 'DG5101',
  LINK_MISSING_ANCHOR: 'DG5102',
  LINK_MISSING_ASSET: 'DG5103',
  LINK_CASE_MISMATCH: 'DG5104',
  LINK_REDIRECTED: 'DG5105',
  LINK_NO_TRAILING_SLASH: 'DG5106',
  LINK_EXTERNAL_BROKEN: 'DG5107',
  LINK_INVALID_URL: 'DG5108',
} as const;
