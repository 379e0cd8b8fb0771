import { CalciteNotice } from './calcite';
import { Layout } from './layout';
import type { TemplateProps } from './types';

/** The 500 page (served with status 500 when the server fails). */
export default function ServerErrorTemplate(props: TemplateProps) {
  const { header, footer } = props;
  return (
    <Layout {...props}>
      <article className="article error-page">
        <p className="error-code">500</p>
        <h1>Something went wrong</h1>
        <p className="lede">The server could not complete your request. Please try again in a moment.</p>
        <p><a href={header.homeUrl}>Go to the documentation home</a></p>
        {footer.forumUrl ? (
          <CalciteNotice open kind="danger" icon="exclamation-mark-triangle" width="full">
            <div slot="message">If the problem persists, tell us in the community forum.</div>
          </CalciteNotice>
        ) : null}
      </article>
    </Layout>
  );
}

/** Partial hydration: this page stays the server's HTML in the browser; only its islands come alive (templates/README.md). */
export const hydration = 'islands';
