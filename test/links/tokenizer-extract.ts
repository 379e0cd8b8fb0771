// The extractor before issue 29: htmlparser2's Tokenizer driven directly (no Parser), entities decoded only in the
// attribute values kept. Test only: the oracle of the hand-written scanner in src/links/extract-page.ts, which must
// find exactly what this finds (refs, roles, offsets, anchors, base) on any input, hostile or ordinary.
import { decodeHTMLAttribute } from 'entities';
import { Tokenizer } from 'htmlparser2';
import { PageCollector, refAttributesOf, type ExtractedPage } from '../../src/links/page-collector.js';

/**
 * Extracts the URLs of REF_ATTRS (a[href], img[src|srcset], iframe[src], form[action], ...), the anchors and `<base href>`
 * with htmlparser2's tokenizer, driven directly: the Parser on top of it keeps a stack of open elements,
 * implied closes and a value for every attribute, none of which the checker needs (about a fifth of its
 * time). Only the values of attributes that matter are put together; the rest are skipped as they stream by.
 * Tag and attribute names are lower-cased, as the Parser does. The tokenizer decodes no entities: decoding every
 * one in the text (highlighted code is full of them) was a third of its time, and only the attribute values we
 * keep need it, which `entities` (the tokenizer's own decoder) does the same way.
 */
export function extractPageWithTokenizer(html: string): ExtractedPage {
  const page = new PageCollector();
  let refAttrs: ReadonlySet<string> | null = null;
  // the attribute now streaming: its name, where it starts, and its value when it is one to keep
  let name = '';
  let offset = 0;
  let keep = false;
  let value = '';
  const none = (): void => undefined;
  const tokenizer = new Tokenizer(
    { xmlMode: false, decodeEntities: false },
    {
      onopentagname(start, end) {
        const tag = html.slice(start, end).toLowerCase();
        refAttrs = refAttributesOf(tag);
        page.openTag(tag);
      },
      onattribname(start, end) {
        name = html.slice(start, end).toLowerCase();
        offset = start;
        keep = name === 'id' || (refAttrs !== null && refAttrs.has(name));
        value = '';
      },
      onattribdata(start, end) {
        if (keep) value += html.slice(start, end);
      },
      onattribentity: none,
      onattribend() {
        if (keep) page.attribute(name, value.includes('&') ? decodeHTMLAttribute(value) : value, offset);
      },
      // a closing tag names no element whose attributes follow: `</p>` and `</br>` open nothing here
      onclosetag() {
        refAttrs = null;
        page.openTag('');
      },
      oncdata: none,
      oncomment: none,
      ondeclaration: none,
      onend: none,
      onopentagend: none,
      onprocessinginstruction: none,
      onselfclosingtag: none,
      ontext: none,
      ontextentity: none,
    },
  );
  tokenizer.write(html);
  tokenizer.end();
  return page.page();
}

