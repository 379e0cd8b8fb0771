/** Diagnostic codes of the sw stage (DG7xxx). Never reuse a code for another meaning. */
export const swCodes = {} as const;
