import type { ServerResponse } from 'node:http';

// nginx's reason phrases (ngx_http_header_filter_module.c) and the titles of its own error pages
const REASONS: Record<number, string> = {
  301: 'Moved Permanently',
  302: 'Found',
  304: 'Not Modified',
  307: 'Temporary Redirect',
  308: 'Permanent Redirect',
  400: 'Bad Request',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Not Allowed',
  412: 'Precondition Failed',
  414: 'Request-URI Too Large',
  416: 'Requested Range Not Satisfiable',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  504: 'Gateway Time-out',
  505: 'HTTP Version Not Supported',
};

/** `404 Not Found`: a status with nginx's reason phrase. */
export function statusLine(status: number): string {
  return `${status} ${REASONS[status] ?? ''}`.trim();
}

/** The small HTML body nginx writes for a status it has no error_page for (same title and heading). */
export function statusPage(status: number): string {
  const title = statusLine(status);
  return `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>docsgen serve</center>\r\n</body>\r\n</html>\r\n`;
}

/** Ends a response with an HTML body (nothing for HEAD), its length, and the given extra headers. */
export function sendHtml(res: ServerResponse, method: string | undefined, status: number, body: string | Buffer, headers: Record<string, string> = {}): void {
  const buf = typeof body === 'string' ? Buffer.from(body) : body;
  res.writeHead(status, { 'Content-Type': 'text/html', 'Content-Length': String(buf.length), ...headers });
  res.end(method === 'HEAD' ? undefined : buf);
}

/** A redirect as nginx's `return 301 <url>` sends it (relative Location: `absolute_redirect off`). */
export function sendRedirect(res: ServerResponse, method: string | undefined, status: number, location: string): void {
  sendHtml(res, method, status, statusPage(status), { Location: location });
}
