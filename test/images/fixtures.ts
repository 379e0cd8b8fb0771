// The image fixtures and settings the image tests share, and the jobs optimizeImages is given for them.
import path from 'node:path';
import { describeImage, type ImageJob } from '../../src/images/index.js';
import { repoRoot } from '../helpers/cli.js';

export const basic = path.join(repoRoot, 'fixtures/images/basic-site/content/images');
export const corrupt = path.join(repoRoot, 'fixtures/images/corrupt-image/content/images');
export const settings = { maxWidth: 995, quality: 50 };

/** One job per named file of `dir`, as the build makes them, referenced from content/index.md line 3. */
export async function jobsFor(dir: string, names: string[]): Promise<ImageJob[]> {
  return Promise.all(
    names.map(async (name) => {
      const d = await describeImage(path.join(dir, name), { pathPrefix: '/documentation', ...settings });
      return { source: path.join(dir, name), output: d.output, references: [{ file: 'content/index.md', line: 3, column: 1 }] };
    }),
  );
}
