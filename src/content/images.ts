import path from 'node:path';
import type { Image } from 'mdast';
import { codes } from '../diagnostics/index.js';
import type { Diagnostic } from '../diagnostics/index.js';
// the module itself, not the stage's index: a render thread needs no encoder, cache or warm-up code
import { describeImage, type ContentHashOf } from '../images/index.js';
import { ImageError } from '../images/index.js';
import { isRealPathInside, realPathOrSelf } from './list-pages.js';
import { isExternalHref } from './paths.js';
import { decodeUrlPath, malformedEscape } from './url-escapes.js';

/** An image a page references, to be optimized into the web root. */
export interface PageImage {
  source: string;
  output: string;
  url: string;
  line: number;
  column: number;
}

export interface ImageContext {
  file: string;
  displayFile: string;
  /** Project root, so messages name files relative to it. */
  root: string;
  contentDir: string;
  pathPrefix: string;
  maxWidth: number;
  /** The first image loads eagerly with high priority (a page's largest paint), the others lazily. */
  eagerFirst?: boolean;
  lines: readonly string[];
  /** See DescribeImageOptions.contentHashOf. */
  contentHashOf?: ContentHashOf;
}

/**
 * Resolves every Markdown image to its optimized URL with the output width and height (no layout shift),
 * `loading="lazy"` and `decoding="async"` (seed section 9; but see ImageContext.eagerFirst). Missing, corrupt
 * or outside-the-project images are reported at the line that references them.
 */
export async function resolveImages(nodes: readonly Image[], ctx: ImageContext): Promise<{ images: PageImage[]; diagnostics: Diagnostic[] }> {
  // Filled by node index, so the lists come out in document order whichever description finishes first.
  const found: (PageImage | undefined)[] = [];
  const problems: (Diagnostic | undefined)[] = [];
  await Promise.all(
    nodes.map(async (node, index) => {
      const start = node.position?.start ?? { line: 1, column: 1 };
      const location = { file: ctx.displayFile, line: start.line, column: start.column, lineText: ctx.lines[start.line - 1] ?? '' };
      const loading = index === 0 && ctx.eagerFirst ? { loading: 'eager', fetchPriority: 'high', decoding: 'async' } : { loading: 'lazy', decoding: 'async' };
      if (isExternalHref(node.url) || node.url === '') {
        node.data = { hProperties: { ...loading } };
        return;
      }
      const rel = decodeUrlPath(node.url);
      if (rel === null) {
        problems[index] = {
          code: codes.URL_MALFORMED_ESCAPE,
          severity: 'error',
          message: `image \`${node.url}\` has a malformed percent-escape (\`${malformedEscape(node.url) ?? '%'}\`), so no file can be found for it`,
          hint: 'write a `%` as `%25`, and a character as itself or as the escapes of its UTF-8 bytes, like `%C3%A9` for é',
          location,
        };
        return;
      }
      const source = rel.startsWith('/') ? path.join(ctx.contentDir, rel) : path.resolve(path.dirname(ctx.file), rel);
      if (!source.startsWith(ctx.contentDir + path.sep)) {
        problems[index] = {
          code: codes.PATH_OUTSIDE_PROJECT,
          severity: 'error',
          message: `image \`${node.url}\` points outside the content folder`,
          hint: 'keep images inside content/, next to the pages that use them',
          location,
        };
        return;
      }
      // inside by its path, outside by its real path: reached through a symbolic link, never read or published
      if (!isRealPathInside(source, realBases(ctx.root, ctx.contentDir))) {
        problems[index] = {
          code: codes.PATH_OUTSIDE_PROJECT,
          severity: 'error',
          message: `image \`${node.url}\` leads outside the project through a symbolic link`,
          hint: 'copy the image into content/, or remove the link',
          location,
        };
        return;
      }
      try {
        const d = await describeImage(source, { pathPrefix: ctx.pathPrefix, maxWidth: ctx.maxWidth, root: ctx.root, ...(ctx.contentHashOf ? { contentHashOf: ctx.contentHashOf } : {}) });
        found[index] = { source, output: d.output, url: d.url, line: start.line, column: start.column };
        node.url = d.url;
        node.data = { hProperties: { width: d.width, height: d.height, ...loading, className: ['doc-image'] } };
      } catch (err) {
        if (!(err instanceof ImageError)) throw err;
        problems[index] = err.toDiagnostic(location);
      }
    }),
  );
  const images = found.filter((i): i is PageImage => i !== undefined);
  const diagnostics = problems.filter((d): d is Diagnostic => d !== undefined);
  return { images, diagnostics };
}

// the real paths of the project and content folders, resolved once per thread (they do not move during a build)
const bases = new Map<string, string[]>();
function realBases(root: string, contentDir: string): string[] {
  const key = `${root}\0${contentDir}`;
  let found = bases.get(key);
  if (!found) bases.set(key, (found = [realPathOrSelf(root), realPathOrSelf(contentDir)]));
  return found;
}
