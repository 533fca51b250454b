import type { components } from './openapi-types.js';

// The TypeScript side of the shapes: each component schema of openapi.yaml as a type, generated from the
// document (`npm run shapes:types` writes openapi-types.d.ts; a test fails when it is stale).

export type ShapeName = keyof components['schemas'];

/** A request or response shape as openapi.yaml declares it (after validation: defaults filled in). */
export type Shape<N extends ShapeName> = components['schemas'][N];
