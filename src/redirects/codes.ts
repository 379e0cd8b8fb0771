/** Diagnostic codes of the redirects stage (DG4xxx). Never reuse a code for another meaning. */
export const redirectCodes = {} as const;
