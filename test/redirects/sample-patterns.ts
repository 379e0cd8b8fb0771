// The sample site's four pattern rules, asked by hand-written requests with the answer written out from the
// documented behaviour (src/redirects/README.md, "Otherwise patterns"; SPEC): `:name` is one non-empty segment,
// `/*` is nothing or `/` and the rest, letters match in any case, the final slash is optional, the request's query
// follows the target. Written by hand so that the servers are held to the contract, not to docsgen's own matcher.

/** One request to a sample pattern source and the redirect it must get (null: none, the request is served). */
export interface PatternRow {
  request: string;
  location: string | null;
  why: string;
}

const SAMPLES = '/documentation/arcgis-pro-sdk/tutorials/'; // from /documentation/arcgis-pro-add-ins/samples/*
const GET_STARTED = '/documentation/mapping-and-location-services/get-started/'; // from .../core-concepts/tutorials/:tutorial/
const ROUTING = '/documentation/mapping-and-location-services/routing-and-directions/'; // from .../routing/travel-modes/:mode/
const TOOLS = '/documentation/portal-and-data-services/data-services/tutorials/'; // from .../data-hosting/tutorials/tools/*

/** Every sample pattern rule: matching requests in several spellings, and near misses that must not redirect. */
export const samplePatternTable: PatternRow[] = [
  { request: '/documentation/arcgis-pro-add-ins/samples/Editing/Attributes/', location: SAMPLES, why: 'splat: two segments' },
  { request: '/documentation/arcgis-pro-add-ins/samples/a', location: SAMPLES, why: 'splat: one segment, no slash' },
  { request: '/documentation/arcgis-pro-add-ins/samples/', location: SAMPLES, why: 'splat: nothing after the slash' },
  { request: '/documentation/arcgis-pro-add-ins/samples', location: SAMPLES, why: 'splat: nothing at all' },
  { request: '/DOCUMENTATION/ARCGIS-PRO-ADD-INS/SAMPLES/Map%20Tools/?utm_source=old&x=1', location: `${SAMPLES}?utm_source=old&x=1`, why: 'splat: any case, an escape, the query kept' },
  { request: '/documentation/arcgis-pro-add-ins/samplesx/', location: null, why: 'splat: the segment before it is whole' },
  { request: '/documentation/core-concepts/tutorials/Create-A-Map/', location: GET_STARTED, why: 'placeholder: one segment' },
  { request: '/documentation/core-concepts/tutorials/create-a-map', location: GET_STARTED, why: 'placeholder: without the final slash' },
  { request: '/Documentation/Core-Concepts/Tutorials/a%20b/?q=%20y', location: `${GET_STARTED}?q=%20y`, why: 'placeholder: mixed case, an escape, the query kept' },
  { request: '/documentation/core-concepts/tutorials/a/b/', location: null, why: 'placeholder: never two segments' },
  { request: '/documentation/core-concepts/tutorials/', location: null, why: 'placeholder: never an empty segment' },
  { request: '/documentation/MAPPING-APIS-AND-SERVICES/routing/travel-modes/Walking-Time/?a=1', location: `${ROUTING}?a=1`, why: 'placeholder: upper-case path, the query kept' },
  { request: '/documentation/mapping-apis-and-services/routing/travel-modes/walking/extra/', location: null, why: 'placeholder: one segment only' },
  { request: '/documentation/mapping-apis-and-services/data-hosting/tutorials/tools/append/', location: TOOLS, why: 'splat: one segment' },
  { request: '/documentation/mapping-apis-and-services/data-hosting/tutorials/tools?x=1', location: `${TOOLS}?x=1`, why: 'splat: nothing, the query kept' },
  { request: '/documentation/mapping-apis-and-services/data-hosting/tutorials/toolsets/', location: null, why: 'splat: not a longer segment' },
];
