/** Diagnostic codes of the images stage (DG6xxx). Never reuse a code for another meaning. */
export const imageCodes = {
  /** An image referenced by content (or given to optimize-images) does not exist or cannot be read. */
  IMAGE_MISSING: 'DG6001',
  /** The file has an image extension but its bytes do not decode (truncated, corrupt, not an image). */
  IMAGE_CORRUPT: 'DG6002',
  /** A real image in a format the pipeline does not publish (only PNG, JPEG, GIF and SVG are kept as is). */
  IMAGE_UNSUPPORTED: 'DG6003',
  /** The optimized image could not be written to the output or the cache folder. */
  IMAGE_WRITE_FAILED: 'DG6004',
  /** optimize-images found no image to process in its input folder (a warning). */
  IMAGE_NONE_FOUND: 'DG6005',
  /**
   * An SVG held scripts, event handlers, script or external links, embedded documents or external styles: they
   * were left out of the published copy (a warning; SVGs are always published sanitized).
   */
  SVG_ACTIVE_CONTENT: 'DG6010',
} as const;
