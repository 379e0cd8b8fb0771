import { z } from 'zod';
import { defaults } from '../config/index.js';

/** One entry of a `redirects/*.yaml` list. */
export const redirectEntrySchema = z
  .object({
    from: z.string({ required_error: '`from` is required' }).min(1, '`from` must not be empty'),
    to: z.string({ required_error: '`to` is required' }).min(1, '`to` must not be empty'),
    status: z
      .union([z.literal(301), z.literal(302), z.literal(307), z.literal(308)], {
        errorMap: () => ({ message: '`status` must be one of 301, 302, 307, 308' }),
      })
      .default(defaults.REDIRECT_DEFAULT_STATUS),
    note: z.string().optional(),
  })
  .strict();

/** A parsed entry. */
export type RedirectEntry = z.output<typeof redirectEntrySchema>;
