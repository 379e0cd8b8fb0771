import type { Token } from 'markdown-it';

/**
 * A markdown-it token with the source offsets markdown-it itself does not keep. Block tokens get `srcStart`
 * (offset into the page source); inline tokens get `srcStart`/`srcEnd` as offsets into their inline token's
 * content, mapped to the page source later.
 */
export type PositionedToken = Token & { srcStart?: number; srcEnd?: number };

/** The token with its position fields visible to TypeScript. */
export const positioned = (token: Token): PositionedToken => token as PositionedToken;
