// What a published SVG may hold: the elements and attributes of static SVG (shapes, text, paint servers,
// filters, clipping, masking, declarative animation), by their exact XML names. Everything else is dropped by
// sanitize-svg.ts; what runs code or loads from elsewhere is named in its report.

/** Elements kept, with their attributes (each also gets the common ones below). */
const ELEMENTS: Record<string, string> = {
  svg: 'x y width height viewBox preserveAspectRatio version baseProfile zoomAndPan',
  g: '',
  defs: '',
  desc: '',
  title: '',
  symbol: 'x y width height viewBox preserveAspectRatio refX refY',
  use: 'x y width height href',
  image: 'x y width height preserveAspectRatio href',
  switch: '',
  path: 'd pathLength',
  rect: 'x y width height rx ry pathLength',
  circle: 'cx cy r pathLength',
  ellipse: 'cx cy rx ry pathLength',
  line: 'x1 y1 x2 y2 pathLength',
  polyline: 'points pathLength',
  polygon: 'points pathLength',
  text: 'x y dx dy rotate textLength lengthAdjust',
  tspan: 'x y dx dy rotate textLength lengthAdjust',
  textPath: 'href startOffset method spacing side path textLength lengthAdjust',
  a: 'href',
  marker: 'viewBox preserveAspectRatio refX refY markerUnits markerWidth markerHeight orient',
  clipPath: 'clipPathUnits',
  mask: 'x y width height maskUnits maskContentUnits',
  pattern: 'x y width height viewBox preserveAspectRatio patternUnits patternContentUnits patternTransform href',
  linearGradient: 'x1 y1 x2 y2 gradientUnits gradientTransform spreadMethod href',
  radialGradient: 'cx cy r fx fy fr gradientUnits gradientTransform spreadMethod href',
  stop: 'offset',
  style: 'media title',
  view: 'viewBox preserveAspectRatio zoomAndPan',
  filter: 'x y width height filterUnits primitiveUnits href',
  feBlend: 'in in2 mode',
  feColorMatrix: 'in type values',
  feComponentTransfer: 'in',
  feComposite: 'in in2 operator k1 k2 k3 k4',
  feConvolveMatrix: 'in order kernelMatrix divisor bias targetX targetY edgeMode kernelUnitLength preserveAlpha',
  feDiffuseLighting: 'in surfaceScale diffuseConstant kernelUnitLength',
  feDisplacementMap: 'in in2 scale xChannelSelector yChannelSelector',
  feDistantLight: 'azimuth elevation',
  feDropShadow: 'in dx dy stdDeviation',
  feFlood: '',
  feFuncA: 'type tableValues slope intercept amplitude exponent offset',
  feFuncB: 'type tableValues slope intercept amplitude exponent offset',
  feFuncG: 'type tableValues slope intercept amplitude exponent offset',
  feFuncR: 'type tableValues slope intercept amplitude exponent offset',
  feGaussianBlur: 'in stdDeviation edgeMode',
  feImage: 'preserveAspectRatio href',
  feMerge: '',
  feMergeNode: 'in',
  feMorphology: 'in operator radius',
  feOffset: 'in dx dy',
  fePointLight: 'x y z',
  feSpecularLighting: 'in surfaceScale specularConstant specularExponent kernelUnitLength',
  feSpotLight: 'x y z pointsAtX pointsAtY pointsAtZ specularExponent limitingConeAngle',
  feTile: 'in',
  feTurbulence: 'baseFrequency numOctaves seed stitchTiles type',
  animate: animationAttributes(),
  animateMotion: `${animationAttributes()} path keyPoints rotate origin`,
  animateTransform: `${animationAttributes()} type`,
  set: animationAttributes(),
  mpath: 'href',
};

/** The timing and value attributes every animation element takes. */
function animationAttributes(): string {
  return 'href attributeName attributeType begin dur end min max restart repeatCount repeatDur calcMode values keyTimes keySplines from to by additive accumulate';
}

/** Presentation attributes (CSS properties as attributes), allowed on every kept element and animatable. */
const PRESENTATION =
  'alignment-baseline baseline-shift clip clip-path clip-rule color color-interpolation color-interpolation-filters color-rendering ' +
  'direction display dominant-baseline fill fill-opacity fill-rule filter flood-color flood-opacity font font-family font-size ' +
  'font-size-adjust font-stretch font-style font-variant font-weight glyph-orientation-horizontal glyph-orientation-vertical ' +
  'image-rendering isolation letter-spacing lighting-color marker marker-start marker-mid marker-end mask mask-type mix-blend-mode ' +
  'opacity overflow paint-order pointer-events shape-rendering stop-color stop-opacity stroke stroke-dasharray stroke-dashoffset ' +
  'stroke-linecap stroke-linejoin stroke-miterlimit stroke-opacity stroke-width text-anchor text-decoration text-rendering ' +
  'transform transform-origin transform-box unicode-bidi vector-effect visibility word-spacing writing-mode';

/** Attributes every kept element may carry besides the presentation ones. */
const COMMON = 'id class style lang tabindex role systemLanguage xml:space xml:lang';

const split = (s: string) => s.split(/\s+/).filter(Boolean);

/** Kept element name → its allowed attribute names (common and presentation ones included). */
export const SVG_ELEMENTS: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  Object.entries(ELEMENTS).map(([name, attrs]) => [name, new Set([...split(attrs), ...split(COMMON), ...split(PRESENTATION)])]),
);

/**
 * Attributes an animation element may change (`attributeName`): geometry and presentation, never a link,
 * a style, an id or a handler (`<set attributeName="href" to="javascript:…">` would make a link run script).
 */
export const ANIMATABLE: ReadonlySet<string> = new Set([
  ...split(PRESENTATION),
  ...split('x y x1 y1 x2 y2 cx cy r rx ry fx fy fr width height d points pathLength viewBox preserveAspectRatio dx dy rotate'),
  ...split('offset startOffset stdDeviation baseFrequency numOctaves seed scale radius k1 k2 k3 k4 values in in2 result'),
  ...split('gradientTransform patternTransform refX refY markerWidth markerHeight orient surfaceScale azimuth elevation'),
]);

/** Elements that run code, embed a document or handle events: removed with what they hold, and reported. */
export const ACTIVE_ELEMENTS: ReadonlySet<string> = new Set(['script', 'foreignObject', 'handler', 'listener', 'iframe', 'embed', 'object', 'frame', 'frameset', 'portal', 'applet', 'meta', 'base', 'link']);

/** Elements whose `href` may point only inside the file (`#id`). */
export const FRAGMENT_ONLY_HREF: ReadonlySet<string> = new Set([
  'use', 'textPath', 'pattern', 'linearGradient', 'radialGradient', 'filter', 'animate', 'animateMotion', 'animateTransform', 'set', 'mpath',
]);

/** Elements that show a picture from their `href`: `#id`, an http(s) URL or an inline PNG, JPEG, GIF or WebP. */
export const IMAGE_HREF: ReadonlySet<string> = new Set(['image', 'feImage']);

/** The SVG namespace; the output is always in it. */
export const SVG_NS = 'http://www.w3.org/2000/svg';
/** The XLink namespace of `xlink:href`. */
export const XLINK_NS = 'http://www.w3.org/1999/xlink';
