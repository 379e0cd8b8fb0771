import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../src/content/parse/index.js';
import { comparable, document } from './markdown-fuzz.js';
import { remarkParseMarkdown } from './remark-oracle.js';
import { assertReaching } from '../helpers/reach.js';

// Differential fuzzer (issue 26): for random documents built from realistic fragments (markdown-fuzz.ts), the
// markdown-it front end gives the tree remark-parse + remark-gfm + remark-frontmatter gives: every node, field
// and value, and the positions of links, images, definitions and headings.
//
// `npm test` runs 2,500 documents on the shared fixed seed (test/setup/fast-check.ts). A nightly-size run:
//   FC_SEED=random FC_RUNS=50000 npx vitest run test/content/parser-fuzz.property.test.ts
// A failure prints the seed and the shrunk document; add it as a named case in parser-fuzz-families.test.ts.
const RUNS = process.env.FC_RUNS ? {} : { numRuns: 2500 };

describe('differential fuzzing against remark', () => {
  it('gives remark’s tree for generated documents', () => {
    assertReaching(
      fc.property(document, (text) => {
        expect(comparable(parseMarkdown(text))).toEqual(comparable(remarkParseMarkdown(text)));
      }),
      { ...RUNS },
    );
  }, 600_000);
});
