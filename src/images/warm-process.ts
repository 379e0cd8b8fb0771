// The child process of warmImageCacheAside (warm.ts): jobs already filtered in, the number of images encoded out.
import sharp from 'sharp';
import { encodeIntoCache, type WarmImagesOptions, type WarmJob } from './warm.js';

// one image at a time on one libvips thread: the warm-up has the core the build's start-up leaves idle, not more
sharp.concurrency(1);

// the build went away (it was interrupted): the cache is only ever written atomically, so stop here
process.on('disconnect', () => process.exit(0));
process.once('message', (message) => {
  const { jobs, opts } = message as { jobs: WarmJob[]; opts: WarmImagesOptions };
  void encodeIntoCache(jobs, opts).then((n) => process.send?.(n, undefined, {}, () => process.exit(0)));
});
