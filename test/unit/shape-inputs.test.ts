import {
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLInputObjectType,
  type GraphQLSchema,
} from 'graphql';
import { buildHubSchema } from '../../src/graphql/schema.js';
import { ShapeInputs } from '../../src/graphql/inputs/shape-inputs.js';
import type { OpenApiDocument } from '../../src/shapes/openapi-source.js';

// The GraphQL input types are built from openapi.yaml's component schemas: every mutation takes typed input
// (no JSON object argument), and each input follows its schema's required properties, types and enums.

let schema: GraphQLSchema;
beforeAll(async () => {
  schema = await buildHubSchema();
});

const input = (name: string) => schema.getType(name) as GraphQLInputObjectType;
const typeOf = (type: string, field: string) => String(input(type).getFields()[field]?.type);

it('types every argument of every mutation: none is a JSON object', () => {
  const untyped = Object.values(schema.getMutationType()!.getFields()).flatMap((mutation) =>
    mutation.args
      .filter((arg) => {
        const named = getNamedType(arg.type);
        return isScalarType(named) && ['JSON', 'JSONObject'].includes(named.name);
      })
      .map((arg) => `${mutation.name}(${arg.name})`),
  );
  expect(untyped).toEqual([]);
  expect(
    String(
      schema
        .getMutationType()!
        .getFields()
        .placeOrder.args.find((a) => a.name === 'order')!.type,
    ),
  ).toBe('PlaceOrderInput!');
  expect(
    String(
      schema
        .getMutationType()!
        .getFields()
        .importCatalog.args.find((a) => a.name === 'catalog')!.type,
    ),
  ).toBe('CatalogImportInput!');
});

it('makes a property non-null when the document requires it and does not allow null', () => {
  expect(typeOf('PlaceOrderInput', 'externalId')).toBe('String!');
  expect(typeOf('PlaceOrderInput', 'items')).toBe('[OrderItemInput!]!');
  expect(typeOf('PlaceOrderInput', 'customer')).toBe('OrderCustomerInput');
  expect(typeOf('OrderItemInput', 'quantity')).toBe('Int!');
  expect(typeOf('CreateProductInput', 'price')).toBe('Int!');
  expect(typeOf('ProductInput', 'price')).toBe('Int');
});

it("reads uuids as ID, enums as the domain's GraphQL enum, objects without properties as JSON", () => {
  expect(typeOf('ConnectInput', 'applicationId')).toBe('ID!');
  expect(typeOf('TaxRateInput', 'type')).toBe('TaxRateType!');
  // A kind is written in any case over REST (a pattern in the document); GraphQL names it by its enum.
  expect(typeOf('CreateApplicationInput', 'kind')).toBe('ApplicationKind!');
  expect(typeOf('CreateUserInput', 'role')).toBe('Role!');
  expect(typeOf('PlaceOrderInput', 'fulfillmentType')).toBe('String!');
  expect(typeOf('ConnectInput', 'credentials')).toBe('JSONObject');
  expect(typeOf('PlaceOrderInput', 'orderNumber')).toBe('JSON');
  expect(typeOf('CreateProductInput', 'nutritionalInfo')).toBe('JSON');
  expect(typeOf('CatalogImportInput', 'location')).toBe('CatalogImportLocationInput');
});

it('leaves out the readOnly properties a client may send back and the hub ignores', () => {
  expect(Object.keys(input('UpdateOrderStatusInput').getFields())).toEqual([
    'status',
    'cancellationReason',
    'estimatedPickupTime',
    'estimatedDeliveryTime',
  ]);
  expect(input('ProductInput').getFields().id).toBeUndefined();
  expect(input('ProductInput').getFields().errorMessage).toBeUndefined();
});

describe('ShapeInputs on a document of its own', () => {
  const doc = {
    openapi: '3.1.0',
    paths: {},
    components: {
      schemas: {
        Parcel: {
          type: 'object',
          required: ['weight', 'label'],
          properties: {
            weight: { type: 'number' },
            label: { type: ['string', 'null'] },
            tags: { type: 'array', items: { type: 'string' } },
            box: { type: 'object', properties: { size: { type: 'integer' } } },
          },
        },
        Shipment: { allOf: [{ $ref: '#/components/schemas/Parcel' }, { required: ['tags'] }] },
        SameParcel: { $ref: '#/components/schemas/Parcel' },
      },
    },
  } as unknown as OpenApiDocument;
  const inputs = new ShapeInputs(doc);

  it('reads 3.1 nullability, merges allOf, follows an alias and names an inline object after its place', async () => {
    expect(inputs.of('SameParcel')).toBe(inputs.of('Parcel'));
    const { buildSchema, Resolver, Query, Arg } = await import('type-graphql');
    const Parcel = inputs.of('Parcel');
    const Shipment = inputs.of('Shipment');
    @Resolver()
    class Probe {
      @Query(() => Boolean)
      probe(@Arg('p', () => Parcel) _p: unknown, @Arg('s', () => Shipment) _s: unknown): boolean {
        return true;
      }
    }
    const built = await buildSchema({ resolvers: [Probe], validate: false });
    const fields = (name: string) =>
      Object.fromEntries(
        Object.values((built.getType(name) as GraphQLInputObjectType).getFields()).map((f) => [f.name, String(f.type)]),
      );
    expect(fields('ParcelInput')).toEqual({
      weight: 'Float!',
      label: 'String',
      tags: '[String!]',
      box: 'ParcelBoxInput',
    });
    expect(fields('ShipmentInput')).toMatchObject({ weight: 'Float!', tags: '[String!]!' });
    const box = getNullableType((built.getType('ParcelInput') as GraphQLInputObjectType).getFields().box.type);
    expect(isInputObjectType(box) && !isListType(box) && !isNonNullType(box) && !isEnumType(box)).toBe(true);
  });
});
