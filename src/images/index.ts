// Public face of the images stage: describe an image for a page, optimize the referenced images.
export { describeImage, staticOutputPath, type ImageDescription, type DescribeImageOptions, type ContentHashOf } from './describe.js';
export { ImageError } from './image-error.js';
export { optimizeImages, type ImageJob, type ImagePlace, type OptimizeImagesOptions, type OptimizeImagesStats } from './optimize.js';
export { warmImageCache, warmImageCacheAside, type WarmImagesOptions, type WarmJob } from './warm.js';
export { imageCodes } from './codes.js';
export { publishImages, type PublishImagesOptions } from './publish.js';
export { DEFAULT_IMAGE_SETTINGS, IMAGE_EXTENSIONS, PUBLISHED_FORMATS, type ImageSettings } from './settings.js';
export { decodeSvgBytes, MAX_SVG_CHARS, sanitizeSvg, type RemovedConstruct } from './sanitize-svg.js';
