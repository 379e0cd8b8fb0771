import { ArticleHeader } from './article-header';
import { Layout } from './layout';
import { PageFooter } from './page-footer';
import type { TemplateProps } from './types';

/** A documentation page: the article compiled from Markdown, inside the layout. */
export default function DocTemplate(props: TemplateProps) {
  const { page } = props;
  return (
    <Layout {...props}>
      <article className="article">
        <ArticleHeader page={page} />
        <PageFooter page={page} />
      </article>
    </Layout>
  );
}

/** Partial hydration: this page stays the server's HTML in the browser; only its islands come alive (templates/README.md). */
export const hydration = 'islands';
