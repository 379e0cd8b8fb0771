import { ArticleHeader } from './article-header';
import { Layout } from './layout';
import type { TemplateProps } from './types';

/** The start page: a welcome article and every top-level section. */
export default function HomeTemplate(props: TemplateProps) {
  const { page, nav } = props;
  return (
    <Layout {...props}>
      <article className="article home">
        <ArticleHeader page={page} />
        <section aria-labelledby="sections">
          <h2 id="sections">Explore the documentation</h2>
          <ul className="cards">
            {nav.map((n) => (
              <li key={n.url} className="card">
                <a href={n.url}>{n.title}</a>
              </li>
            ))}
          </ul>
        </section>
      </article>
    </Layout>
  );
}

/** Partial hydration: this page stays the server's HTML in the browser; only its islands come alive (templates/README.md). */
export const hydration = 'islands';
