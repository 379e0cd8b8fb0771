// The extractor before it drove htmlparser2's tokenizer itself: htmlparser2's Parser with entity decoding, as
// the oracle of the tokenizer plumbing (names, values, entities, offsets, raw text). What the tags add up to is
// the same PageCollector in both (test only).
import { Parser } from 'htmlparser2';
import { PageCollector, type ExtractedPage } from '../../src/links/page-collector.js';

export function extractPageWithParser(html: string): ExtractedPage {
  const page = new PageCollector();
  const parser: Parser = new Parser(
    {
      onopentagname(name) {
        page.openTag(name);
      },
      onattribute(name, value) {
        page.attribute(name, value, parser.startIndex);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return page.page();
}
