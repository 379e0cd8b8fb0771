/** Diagnostic codes of the links stage (DG5xxx). Never reuse a code for another meaning. */
export const linkCodes = {} as const;
