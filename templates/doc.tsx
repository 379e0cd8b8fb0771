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
