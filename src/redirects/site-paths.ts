import fg from 'fast-glob';

/**
 * The served paths of a built web root: `/documentation/a/` for every `documentation/a/index.html`, and the
 * path of every file (`/documentation/a/index.html`, `/documentation/guide.pdf`), for target and shadowing checks.
 */
export async function collectServedPaths(webRoot: string): Promise<Set<string>> {
  const files = await fg('**/*', { cwd: webRoot, onlyFiles: true, dot: false });
  const paths = new Set<string>();
  for (const f of files) {
    paths.add('/' + f);
    if (f === 'index.html') paths.add('/');
    else if (f.endsWith('/index.html')) paths.add('/' + f.slice(0, -'index.html'.length));
  }
  return paths;
}
