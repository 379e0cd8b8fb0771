/** Diagnostic codes of the init stage (DG1200-DG1219). Never reuse a code for another meaning. */
export const initCodes = {
  /** The folder to create the site in already holds files (and --force was not given). */
  INIT_NOT_EMPTY: 'DG1200',
  /** The path to create the site in is a file, not a folder. */
  INIT_NOT_A_FOLDER: 'DG1201',
  /** A file of the new site could not be written (permissions, a full disk). */
  INIT_WRITE_FAILED: 'DG1202',
} as const;
