import fg from 'fast-glob';

/**
 * The served paths of a built web root: `/documentation/a/` for every `documentation/a/index.html`, and the
 * path of every file (`/documentation/a/index.html`, `/documentation/guide.pdf`), for target and shadowing checks.
 * `listed`: the web root's files (relative, `/`-separated) when the caller has just listed them.
 */
export async function collectServedPaths(webRoot: string, listed?: readonly string[]): Promise<Set<string>> {
  // a listing the caller already made (dot files included) saves walking the tree again; dot files are not served
  const files = listed ? listed.filter((f) => !/(^|\/)\./.test(f)) : await fg('**/*', { cwd: webRoot, onlyFiles: true, dot: false });
  const paths = new Set<string>();
  for (const f of files) {
    paths.add('/' + f);
    if (f === 'index.html') paths.add('/');
    else if (f.endsWith('/index.html')) paths.add('/' + f.slice(0, -'index.html'.length));
  }
  return paths;
}
