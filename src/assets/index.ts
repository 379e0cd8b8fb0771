// Public face of the assets stage: the component library's files a site can request, placed in its output.
export { placeComponentAssets, iconId, t9nLocales, type ComponentAssetsOptions, type ComponentAssetsResult } from './component-assets.js';
