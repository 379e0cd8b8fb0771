/** Diagnostic codes of the images stage (DG6xxx). Never reuse a code for another meaning. */
export const imageCodes = {} as const;
