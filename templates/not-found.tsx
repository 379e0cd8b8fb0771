import { CalciteNotice } from './calcite';
import { Layout } from './layout';
import type { TemplateProps } from './types';

/** The 404 page (served with status 404 by the server config and the preview server). */
export default function NotFoundTemplate(props: TemplateProps) {
  const { header } = props;
  return (
    <Layout {...props}>
      <article className="article error-page">
        <p className="error-code">404</p>
        <h1>Page not found</h1>
        <p className="lede">We could not find the page you asked for. It may have moved, or the address may be mistyped.</p>
        <p><a href={header.homeUrl}>Go to the documentation home</a></p>
        <CalciteNotice open kind="brand" icon="information" width="full">
          <div slot="title">Looking for an older page?</div>
          <div slot="message">Many pages moved when the sections were reorganized. Every current section is listed below.</div>
        </CalciteNotice>
        <section aria-labelledby="all-sections">
          <h2 id="all-sections">Sections</h2>
          <ul className="cards">
            {header.sections.map((s) => (
              <li key={s.url} className="card">
                <a href={s.url}>{s.title}</a>
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
