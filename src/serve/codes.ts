/** Diagnostic codes of the serve stage (DG8xxx). Never reuse a code for another meaning. */
export const serveCodes = {} as const;
