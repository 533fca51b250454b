import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NextFunction, Request, Response } from 'express';
import { ValidationError } from '../../src/common/errors.js';
import { responseValidation, UndocumentedAnswer } from '../../src/rest/response-validation.js';
import type { DocumentedOperation } from '../../src/rest/operations.js';
import { OPENAPI_PATH, openApiDocument } from '../../src/shapes/openapi-source.js';
import { checkShape, SchemaValidator, schemaValidator } from '../../src/shapes/schema-validator.js';

// The shapes of openapi.yaml as the hub checks them: every problem named by JSON path, defaults filled in, the
// TypeScript types current with the document, and answers that drift from it caught.

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

function problems(name: Parameters<typeof checkShape>[0], value: unknown): string[] {
  try {
    checkShape(name, value);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return ((error as ValidationError).errors ?? []).map((e) => `${e.path} ${e.message}`);
  }
  throw new Error('expected a ValidationError');
}

const order = () => ({
  externalId: 'mp-1',
  fulfillmentType: 'PICKUP',
  items: [{ name: 'Burger', quantity: 1, price: 950, options: [{ name: 'Cheese', price: 100 }] }],
});

describe('checkShape', () => {
  it('names every problem by JSON path, an unknown or missing property by its own path', () => {
    expect(
      problems('PlaceOrder', {
        externalId: 'mp-1',
        fulfillmentType: 'DRONE',
        items: [{ name: 'Burger', quantity: 0, price: 9.5, colour: 'red' }],
        totl: 3,
      }),
    ).toEqual([
      '/totl must NOT have additional properties',
      '/fulfillmentType must be equal to one of the allowed values: DELIVERY, PICKUP, DINE_IN',
      '/items/0/colour must NOT have additional properties',
      '/items/0/quantity must be >= 1',
      '/items/0/price must be integer',
    ]);
    expect(problems('PlaceOrder', { fulfillmentType: 'PICKUP', items: order().items })).toEqual([
      "/externalId must have required property 'externalId'",
    ]);
    expect(problems('PlaceOrder', [])).toEqual(['/ must be object']);
  });

  it('escapes a property name that holds a slash (RFC 6901)', () => {
    expect(problems('CreateAccount', { name: 'A', 'a/b~c': 1 })).toEqual([
      '/a~1b~0c must NOT have additional properties',
    ]);
  });

  it("fills the document's defaults in", () => {
    const placed = checkShape('PlaceOrder', order());
    expect(placed.items[0].options?.[0].quantity).toBe(1);
  });

  it('says what is wrong inside one form of a value that has several, without the noise of the others', () => {
    const catalog = (modifier: unknown) => ({
      modifiers: [{ posReference: 'm', name: 'M', price: 1 }],
      modifierGroups: [{ posReference: 'g', name: 'G', modifiers: [modifier] }],
    });
    expect(problems('CatalogImport', catalog({ posReference: 'm', colour: 'red' }))).toEqual([
      '/modifierGroups/0/modifiers/0/colour must NOT have additional properties',
    ]);
    expect(problems('CatalogImport', catalog(42))).toEqual([
      '/modifierGroups/0/modifiers/0 must match a schema in anyOf',
    ]);
  });

  it('names at most 100 problems, and the first ten in its message', () => {
    const products = Array.from({ length: 150 }, (_, i) => ({ posReference: `p${i}`, name: 'P', price: 0.5 }));
    try {
      checkShape('CatalogImport', { products });
      throw new Error('expected a ValidationError');
    } catch (error) {
      const { errors, message } = error as ValidationError;
      expect(errors).toHaveLength(100);
      expect(errors?.[99].path).toBe('/products/99/price');
      expect(message).toMatch(/^\/products\/0\/price: must be integer; .*\(and 140 more\)$/);
    }
  });

  it('compiles every schema of the document, and refuses a keyword it does not know', () => {
    const doc = openApiDocument();
    expect(() => new SchemaValidator(doc).compileAll(doc)).not.toThrow();
    expect(() => schemaValidator().component('NoSuchShape')).toThrow(/no schema named NoSuchShape/);
    const typo = { ...doc, components: { schemas: { ...doc.components.schemas, Typo: { minlenght: 3 } } } };
    expect(() => new SchemaValidator(typo).compileAll(typo)).toThrow(/minlenght/);
  });

  it("is built into the JSON copy the hub reads only when every schema compiles (the build's step)", () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-build-'));
    const build = (yaml: string) =>
      spawnSync(process.execPath, [`${ROOT}dist/src/shapes/build-document.js`, yaml, join(dir, 'openapi.json')], {
        encoding: 'utf8',
      });
    const broken = join(dir, 'broken.yaml');
    writeFileSync(
      broken,
      readFileSync(OPENAPI_PATH, 'utf8').replace(
        /^ {4}PlaceOrder:\n/m,
        '    Typo:\n      minlenght: 3\n    PlaceOrder:\n',
      ),
    );
    const refused = build(broken);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('minlenght');
    expect(existsSync(join(dir, 'openapi.json'))).toBe(false);

    expect(build(OPENAPI_PATH).status).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'openapi.json'), 'utf8'))).toEqual(openApiDocument());
  });
});

describe('responseValidation (tests)', () => {
  const operation = {
    method: 'GET',
    template: '/v1/accounts/{accountId}',
    responses: new Map([['200', { $ref: '#/components/schemas/AccountEnvelope' }]]),
  } as unknown as DocumentedOperation;

  function answer(status: number, body: unknown): unknown {
    const res = { statusCode: status, json: (sent: unknown) => sent } as unknown as Response;
    const req = { method: 'GET', operation } as unknown as Request;
    responseValidation(schemaValidator())(req, res, (() => undefined) as NextFunction);
    return res.json(body);
  }

  const account = {
    id: '0193a0c4-7b7e-7000-8000-000000000001',
    name: 'A',
    createdAt: '2026-11-23T12:00:00Z',
    updatedAt: '2026-11-23T12:00:00Z',
  };

  it('lets an answer the document describes through, unchanged', () => {
    expect(answer(200, { data: account })).toEqual({ data: account });
  });

  it('turns an answer that drifted from the document, or an undocumented status, into an error naming why', () => {
    expect(() => answer(200, { data: { ...account, name: 7 } })).toThrow(UndocumentedAnswer);
    expect(() => answer(200, { data: { ...account, name: 7 } })).toThrow('/response/data/name must be string');
    expect(() => answer(201, { data: account })).toThrow(
      'no answer 201 is documented for GET /v1/accounts/{accountId}',
    );
  });
});

it('has TypeScript types generated from the current openapi.yaml (else: npm run shapes:types)', async () => {
  const script = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')).scripts['shapes:types'] as string;
  const [command, ...args] = script.split(' ');
  expect(command).toBe('openapi-typescript');
  const child = spawn(process.execPath, [`${ROOT}node_modules/openapi-typescript/bin/cli.js`, ...args, '--check'], {
    cwd: ROOT,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  expect(output).not.toContain('not up-to-date');
  expect(code).toBe(0);
}, 60_000);
