import type { PageContext } from './types';

/** The page's title and lede above the article body, shared by the doc, section and home templates. */
export function ArticleHeader({ page }: { page: PageContext }) {
  return (
    <>
      <h1>{page.title}</h1>
      {page.description ? <p className="lede">{page.description}</p> : null}
      <div className="article-body" dangerouslySetInnerHTML={{ __html: page.html }} />
    </>
  );
}
