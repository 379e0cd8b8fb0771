import { Layout } from './layout';
import type { TemplateProps } from './types';

/** The start page: a welcome article and every top-level section. */
export default function HomeTemplate(props: TemplateProps) {
  const { page, nav } = props;
  return (
    <Layout {...props}>
      <article className="article home">
        <h1>{page.title}</h1>
        {page.description ? <p className="lede">{page.description}</p> : null}
        <div className="article-body" dangerouslySetInnerHTML={{ __html: page.html }} />
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
