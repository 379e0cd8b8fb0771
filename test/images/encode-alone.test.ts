import { describe, expect, it } from 'vitest';
import { encodeAlone } from '../../src/images/encode.js';

// libvips keeps one error buffer: with several images failing at once, one can fail with "Unknown error" instead
// of its own message (seen in CI: a truncated JPEG without "premature end of JPEG image"). encodeAlone tries such
// an image again with no other encode under way.

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('encodeAlone', () => {
  it('tries an image that lost its message again, alone, and reports the message it then gives', async () => {
    const events: string[] = [];
    let tries = 0;
    const truncated = async () => {
      tries++;
      events.push(`truncated ${tries} start`);
      await tick();
      events.push(`truncated ${tries} end`);
      throw new Error(tries === 1 ? 'VipsJpeg: Unknown error' : 'VipsJpeg: premature end of JPEG image');
    };
    const slow = (name: string, ms: number) => async () => {
      events.push(`${name} start`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      events.push(`${name} end`);
      return name;
    };
    const other = encodeAlone(slow('other', 40));
    const failing = encodeAlone(truncated);
    await tick();
    await tick();
    // started while the retry waits for the encoder: held back until the retry is done
    const later = encodeAlone(slow('later', 1));
    await expect(failing).rejects.toThrow('VipsJpeg: premature end of JPEG image');
    expect(await other).toBe('other');
    expect(await later).toBe('later');
    // the retry began only once `other` was done, and `later` only after the retry
    expect(events.indexOf('truncated 2 start')).toBeGreaterThan(events.indexOf('other end'));
    expect(events.indexOf('later start')).toBeGreaterThan(events.indexOf('truncated 2 end'));
  });

  it('keeps the first error when the image loses its message alone too, and retries nothing else', async () => {
    let tries = 0;
    await expect(
      encodeAlone(async () => {
        tries++;
        throw new Error('Unknown error');
      }),
    ).rejects.toThrow('Unknown error');
    expect(tries).toBe(2);
    let corrupt = 0;
    await expect(
      encodeAlone(async () => {
        corrupt++;
        throw new Error('VipsJpeg: premature end of JPEG image');
      }),
    ).rejects.toThrow('premature end');
    expect(corrupt).toBe(1);
    // an image that encodes when tried alone is published
    let flaky = 0;
    expect(
      await encodeAlone(async () => {
        if (++flaky === 1) throw new Error('VipsJpeg: Unknown error');
        return 'bytes';
      }),
    ).toBe('bytes');
  });
});
