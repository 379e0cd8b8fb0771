import { codes } from './codes.js';
import { configCodes } from '../config/codes.js';
import { redirectCodes } from '../redirects/codes.js';
import { linkCodes } from '../links/codes.js';
import { imageCodes } from '../images/codes.js';
import { swCodes } from '../sw/codes.js';
import { serveCodes } from '../serve/codes.js';
import { initCodes } from '../init/codes.js';
import { siteFileCodes } from '../site-files/codes.js';
import { searchCodes } from '../search/codes.js';
import { inboundCodes } from '../inbound/codes.js';

/** Every code of every stage, by stage, for the uniqueness test and the README's table. */
export const allCodes: Record<string, Record<string, string>> = {
  core: codes,
  config: configCodes,
  redirects: redirectCodes,
  links: linkCodes,
  images: imageCodes,
  sw: swCodes,
  serve: serveCodes,
  init: initCodes,
  siteFiles: siteFileCodes,
  search: searchCodes,
  inbound: inboundCodes,
};
