// Typed GraphQL documents for the UI, from the printed SDL (no running hub needed). `npm run codegen`
// regenerates src/ui/gql after the SDL (`npm run schema:print`) or a screen's documents change;
// test/unit/ui-codegen.test.ts fails when what is committed is stale. Plain JS so that test can load it.

/** @type {import('@graphql-codegen/cli').CodegenConfig} */
const config = {
  schema: 'schema/schema.graphql',
  documents: ['src/ui/**/*.tsx', 'src/ui/**/*.ts', '!src/ui/gql/**'],
  ignoreNoDocuments: true,
  generates: {
    'src/ui/gql/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        scalars: { JSONObject: 'Record<string, unknown>', JSON: 'unknown', SafeInt: 'number' },
        defaultScalarType: 'unknown',
      },
    },
  },
};

export default config;
