import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, runDocsgen } from '../helpers/cli.js';

const fixture = 'fixtures/links/every-url-attribute';

// Issue 19, item 8: only a, img, source srcset, script and link were read; an image map's areas, frames, form
// targets, objects, embeds and media (poster, src, tracks) went unchecked.
describe('check-links reads every URL a browser loads or navigates to', () => {
  it('reports a missing target in area, iframe, form, button, input, object, embed, video, audio, source and track', async () => {
    const r = await runDocsgen(['check-links', `${fixture}/public`, '--json']);
    expect(r.exitCode).toBe(1);
    const expected = JSON.parse(await readFile(path.join(repoRoot, fixture, 'expected.json'), 'utf8'));
    // an input that is not an image button loads no src, and a blockquote's cite is never fetched
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: false, pages: 2, links: 17, problems: expected });
    expect(expected.map((p: { href: string; kind: string }) => `${p.kind} ${p.href}`)).toEqual([
      'missing-page /no-area/',
      'missing-page /no-frame/',
      'missing-page /no-form/',
      'missing-page /no-button/',
      'missing-page /no-input/',
      'missing-asset /media/no-button.png',
      'missing-asset /media/no-too.png',
      'missing-asset /media/no-object.svg',
      'missing-asset /media/no-embed.swf',
      'missing-asset /media/no-video.mp4',
      'missing-asset /media/no-poster.png',
      'missing-asset /media/no-source.webm',
      'missing-asset /media/no-track.vtt',
      'missing-asset /media/no-audio.ogg',
    ]);
  });
});
