import { ArticleHeader } from './article-header';
import { Layout } from './layout';
import { PageFooter } from './page-footer';
import type { TemplateProps } from './types';

/** A section index: its own article, then a card list of the pages in the section. */
export default function SectionTemplate(props: TemplateProps) {
  const { page } = props;
  return (
    <Layout {...props}>
      <article className="article">
        <ArticleHeader page={page} />
        {page.children.length > 0 ? (
          <section className="section-children" aria-labelledby="in-this-section">
            <h2 id="in-this-section">In this section</h2>
            <ul className="cards">
              {page.children.map((c) => (
                <li key={c.url} className="card">
                  <a href={c.url}>{c.title}</a>
                  <p>{c.description}</p>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <PageFooter page={page} />
      </article>
    </Layout>
  );
}

/** Partial hydration: this page stays the server's HTML in the browser; only its islands come alive (templates/README.md). */
export const hydration = 'islands';
