import type { Diagnostic } from '../diagnostics/index.js';
import { linkCodes } from './codes.js';
import type { LinkProblem, LinkProblemKind } from './types.js';
import type { SkippedEntry } from './site-files.js';
import { decodeFragment } from './resolve-href.js';

/** The code of each problem kind; one code per kind, never reused. */
export const kindCodes: Record<LinkProblemKind, string> = {
  'missing-page': linkCodes.LINK_MISSING_PAGE,
  'missing-anchor': linkCodes.LINK_MISSING_ANCHOR,
  'missing-asset': linkCodes.LINK_MISSING_ASSET,
  'case-mismatch': linkCodes.LINK_CASE_MISMATCH,
  redirected: linkCodes.LINK_REDIRECTED,
  'no-trailing-slash': linkCodes.LINK_NO_TRAILING_SLASH,
  'external-broken': linkCodes.LINK_EXTERNAL_BROKEN,
  'external-private': linkCodes.LINK_EXTERNAL_PRIVATE,
  'invalid-url': linkCodes.LINK_INVALID_URL,
};

/** Severity of each kind: warnings work today but cost a redirect; errors are broken for readers. */
export const kindSeverity: Record<LinkProblemKind, 'error' | 'warning'> = {
  'missing-page': 'error',
  'missing-anchor': 'error',
  'missing-asset': 'error',
  'case-mismatch': 'error',
  redirected: 'warning',
  'no-trailing-slash': 'warning',
  'external-broken': 'error',
  // not known to be broken: not asked
  'external-private': 'warning',
  'invalid-url': 'error',
};

/**
 * Turns a problem into the one diagnostic shape: placed at the Markdown source when the build recorded it,
 * else at the attribute in the HTML file (`htmlFile`, relative to the working folder).
 */
export function describeProblem(p: LinkProblem, htmlFile: string): Diagnostic {
  const { message, hint } = wording(p);
  const location = p.source
    ? { file: p.source.file, line: p.source.line, column: p.source.column }
    : { file: htmlFile, line: p.html?.line ?? 1, column: p.html?.column ?? 1 };
  return { code: kindCodes[p.kind], severity: p.severity, message, hint, location };
}

/** The warning for a symlink that is not followed or a folder that cannot be listed. */
export function describeSkipped(s: SkippedEntry, file: string): Diagnostic {
  const location = { file, line: 1, column: 1 };
  if (s.reason === 'outside') {
    return {
      code: linkCodes.LINKS_SYMLINK_OUTSIDE,
      severity: 'warning',
      message: `symlink ${s.path} points out of the checked folder (to ${s.detail}); it is not followed`,
      hint: 'copy the files into the folder instead: links through the symlink are reported as broken',
      location,
    };
  }
  if (s.reason === 'loop') {
    return {
      code: linkCodes.LINKS_SYMLINK_LOOP,
      severity: 'warning',
      message: `symlink ${s.path} leads back to a folder it is in (to ${s.detail}), a loop; it is not followed`,
      hint: 'remove the symlink, or point it at a folder that does not contain it',
      location,
    };
  }
  return { code: linkCodes.LINKS_FOLDER_UNREADABLE, severity: 'warning', message: `cannot list the folder ${s.path}: ${s.detail}`, hint: 'its files were not checked; fix its permissions', location };
}

function wording(p: LinkProblem): { message: string; hint: string } {
  const href = `\`${p.href}\``;
  const on = p.source ? ` (on ${p.page})` : '';
  switch (p.kind) {
    case 'missing-page':
      if (p.detail === 'through-skipped-symlink') {
        return { message: `link ${href} points to a page that does not exist in the checked folder${on}`, hint: throughSymlink(p.via) };
      }
      if (p.detail === 'redirect-to-missing') {
        return { message: `link ${href} is redirected to \`${p.target}\`, which does not exist${on}`, hint: 'link to a page that exists, and fix the redirect' };
      }
      if (p.suggestion) {
        return { message: `link ${href} points to a page that does not exist${on}`, hint: `did you mean \`${p.suggestion}\`?` };
      }
      return {
        message: `link ${href} points to a page that does not exist${on}`,
        hint: p.detail === 'outside-prefix' ? 'the link leaves the path the site is served at; fix the path' : 'fix the path or remove the link',
      };
    case 'missing-asset':
      if (p.detail === 'through-skipped-symlink') {
        return { message: `${href} points to a file that does not exist in the checked folder${on}`, hint: throughSymlink(p.via) };
      }
      if (p.detail === 'redirect-to-missing') {
        return { message: `${href} is redirected to \`${p.target}\`, which does not exist${on}`, hint: 'point it at a file that exists' };
      }
      return { message: `${href} points to a file that does not exist${on}`, hint: 'add the file or fix the path' };
    case 'missing-anchor':
      return {
        message: `link ${href}: no element on ${p.detail === p.page ? 'this page' : p.detail ?? 'the page'} has the id or name \`${decodeFragment(p.href.slice(p.href.indexOf('#') + 1))}\`${on}`,
        hint: p.target ? `did you mean \`${p.target}\`?` : 'fix the fragment, or add the id to the heading or element',
      };
    case 'case-mismatch':
      return { message: `link ${href} differs in letter case from \`${p.target}\`; it breaks on a case-sensitive server${on}`, hint: `use \`${p.target}\`` };
    case 'redirected':
      return { message: `link ${href} points to a redirect${on}`, hint: `update it to \`${p.target}\`` };
    case 'no-trailing-slash':
      return { message: `link ${href} has no trailing slash; the server answers with a 301 redirect${on}`, hint: `use \`${p.target}\`` };
    case 'external-broken':
      return { message: `external link ${href} is broken: ${p.detail ?? 'no answer'}${on}`, hint: 'fix or remove the link, or check it in a browser' };
    case 'external-private':
      return {
        message: `external link ${href} was not checked: ${p.detail ?? 'its address is not public'}${on}`,
        hint: 'link checks do not reach loopback, private or link-local addresses; pass --allow-private to check them',
      };
    case 'invalid-url':
      return { message: `${href} is not a valid URL${on}`, hint: 'fix the link' };
  }
}

function throughSymlink(link: string | undefined): string {
  return `it is reached only through the symlink \`${link}\`, which is not followed (see the warning about it); copy the files into the folder`;
}
