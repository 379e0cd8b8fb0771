// A theming key a user must fix is one diagnostic at its line of docsgen.config.yaml: a malformed color or
// asset, an external link without a title (config errors, exit 2), a logo missing from public/ or a header
// link to no page (build errors, exit 1).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, runDocsgen } from '../helpers/cli.js';

const cases = [
  { name: 'a color that is not hex', yaml: 'siteName: X\ncolors:\n  brand: rebeccapurple\n', exit: 2, line: 'docsgen.config.yaml:3:3  error  DG1304  invalid config at `colors.brand`' },
  { name: 'a logo path leaving public/', yaml: 'siteName: X\nlogo:\n  light: ../secret.svg\n', exit: 2, line: 'docsgen.config.yaml:3:3  error  DG1300  invalid config at `logo.light`: `../secret.svg` is neither a file in public/ nor an https URL' },
  { name: 'an external link without a title', yaml: 'siteName: X\nfooter:\n  links:\n    - /guide/\n    - https://example.com/\n', exit: 2, line: 'docsgen.config.yaml:5:7  error  DG1303  invalid config at `footer.links.1`: the link to `https://example.com/` has no title' },
  { name: 'a logo not in public/', yaml: 'siteName: X\nlogo:\n  light: logo.svg\n  dark: missing.svg\n', exit: 1, line: 'docsgen.config.yaml:4:3  error  DG1301  `logo.dark` names public/missing.svg, which does not exist' },
  { name: 'a header link to no page', yaml: 'siteName: X\nheader:\n  links: [/guide/, /nowhere/]\n', exit: 1, line: 'docsgen.config.yaml:3:20  error  DG1302  `header.links` links to /nowhere/, and no page has that path' },
];

describe('theming problems in docsgen.config.yaml', () => {
  for (const c of cases) {
    it(`reports ${c.name} at its line`, async () => {
      const site = await copyFixture('site-files/branded-site');
      await writeFile(path.join(site, 'docsgen.config.yaml'), c.yaml);
      const res = await runDocsgen(['build', '--root', site]);
      expect(res.stderr).toContain(c.line);
      expect(res.exitCode).toBe(c.exit);
    });
  }
});
