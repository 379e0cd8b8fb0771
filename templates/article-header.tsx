import { useMemo } from 'react';
import { codeCopy } from './code-copy';
import type { PageContext } from './types';

/**
 * The page's title and lede above the article body, shared by the doc, section and home templates. Its code
 * blocks get copy buttons (the `code-copy` island); the live region after the body says "Copied" to screen readers.
 */
export function ArticleHeader({ page }: { page: PageContext }) {
  // one object while the HTML is the same: React 19 sets innerHTML again whenever this prop is a new object, which
  // would take away the copy buttons at the next render
  const html = useMemo(() => ({ __html: page.html }), [page.html]);
  return (
    <>
      <h1>{page.title}</h1>
      {/* a description taken from the first paragraph (no frontmatter one) would show that paragraph twice */}
      {page.description && page.frontmatter?.description !== undefined ? <p className="lede">{page.description}</p> : null}
      <div className="article-body" {...codeCopy.attrs()} dangerouslySetInnerHTML={html} />
      <div className="visually-hidden" role="status" aria-live="polite" data-copy-status="" />
    </>
  );
}
