import type { PageContext } from './types';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * "January 31, 2025" from an ISO 8601 date or date-time, as written (a git date is in UTC). Done by hand, not with
 * Intl, so the server's and the browser's renderings are the same bytes whatever their ICU data.
 */
export function formatDate(iso: string): string {
  const [year, month, day] = iso.slice(0, 10).split('-').map(Number);
  return `${MONTHS[(month ?? 1) - 1] ?? ''} ${day}, ${year}`;
}

/**
 * The end of an article: "Edit this page", "Last updated" and links to the previous and next pages in
 * navigation order. Each part shows only when the page has it; plain links, so it works without JavaScript.
 */
export function PageFooter({ page }: { page: PageContext }) {
  const { editUrl, lastUpdated, prev, next } = page;
  if (!editUrl && !lastUpdated && !prev && !next) return null;
  return (
    <footer className="page-footer">
      {editUrl || lastUpdated ? (
        <div className="page-meta">
          {editUrl ? <a className="edit-link" href={editUrl}>Edit this page</a> : null}
          {lastUpdated ? (
            <p className="last-updated">
              Last updated: <time dateTime={lastUpdated}>{formatDate(lastUpdated)}</time>
            </p>
          ) : null}
        </div>
      ) : null}
      {prev || next ? (
        <nav className="pagination" aria-label="Previous and next pages">
          {prev ? (
            <a className="pagination-link pagination-prev" href={prev.url} rel="prev">
              <span className="pagination-label">Previous</span>{' '}
              <span className="pagination-title">{prev.title}</span>
            </a>
          ) : null}
          {next ? (
            <a className="pagination-link pagination-next" href={next.url} rel="next">
              <span className="pagination-label">Next</span>{' '}
              <span className="pagination-title">{next.title}</span>
            </a>
          ) : null}
        </nav>
      ) : null}
    </footer>
  );
}
