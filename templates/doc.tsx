import { Layout } from './layout';
import type { TemplateProps } from './types';

/** A documentation page: the article compiled from Markdown, inside the layout. */
export default function DocTemplate(props: TemplateProps) {
  const { page } = props;
  return (
    <Layout {...props}>
      <article className="article">
        <h1>{page.title}</h1>
        {page.description ? <p className="lede">{page.description}</p> : null}
        <div className="article-body" dangerouslySetInnerHTML={{ __html: page.html }} />
      </article>
    </Layout>
  );
}
