import { generate } from '@graphql-codegen/cli';
import { preset as clientPreset } from '@graphql-codegen/client-preset';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// The UI's typed GraphQL documents (src/ui/gql) are generated from schema/schema.graphql and the screens'
// documents. When either changed and `npm run codegen` was not run, this fails: the committed code would type
// the UI against a schema that is no longer the hub's.

const root = fileURLToPath(new URL('../../../', import.meta.url));

test('src/ui/gql matches schema/schema.graphql and the screens (run `npm run codegen`)', async () => {
  const { default: config } = await import(`${root}src/ui/codegen.mjs`);
  const previous = process.cwd();
  process.chdir(root);
  try {
    // The preset given as the module itself: codegen's own loading by name does not work inside Jest's VM.
    const generates = Object.fromEntries(
      Object.entries(config.generates).map(([path, target]) => [path, { ...(target as object), preset: clientPreset }]),
    );
    const outputs = (await generate({ ...config, generates, cwd: root, silent: true }, false)) as {
      filename: string;
      content: string;
    }[];
    expect(outputs.length).toBeGreaterThan(0);
    for (const output of outputs) {
      const committed = readFileSync(`${root}${output.filename}`, 'utf8');
      expect({ file: output.filename, content: committed }).toEqual({ file: output.filename, content: output.content });
    }
  } finally {
    process.chdir(previous);
  }
}, 60_000);
