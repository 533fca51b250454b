import { GraphQLJSON, GraphQLJSONObject } from 'graphql-scalars';
import { Field, Float, ID, InputType, Int, type ClassType } from 'type-graphql';
import {
  isRef,
  openApiDocument,
  resolveRef,
  schemaRefName,
  type JsonSchema,
  type OpenApiDocument,
} from '../../shapes/openapi-source.js';
import { ApplicationKindEnum } from '../types/application.type.js';
import { DeliveryStatusEnum } from '../types/delivery.type.js';
import { TaxRateTypeEnum } from '../types/location.type.js';
import { CancellationReasonEnum, OrderStatusEnum } from '../types/order.type.js';
import { StoreStatusEnum } from '../types/publication.type.js';
import { RoleEnum } from '../types/user.type.js';
import { SnoozeKindEnum } from '../types/availability.type.js';

// The GraphQL input types of the mutations, built when the schema is built from the component schemas of
// openapi.yaml, through type-graphql's decorators called as functions (what a decorated class does at load).
// The document stays the one declaration of each shape; the GraphQL schema (schema/schema.graphql, checked
// by a test) follows it. How a schema becomes a GraphQL input:
// - a component `Name` is the input type `NameInput` (`TaxRateInput` keeps its name); a component that is only
//   a $ref to another is that one's type; an object written inline in a property is `<Parent><Property>Input`;
// - a property is non-null when it is required and the document does not allow null;
// - string, integer, number, boolean as GraphQL's; a uuid as ID; an enum as the GraphQL enum with the same
//   values when there is one (the domain's, src/graphql/types), else String; an array as a list;
// - an object without properties (opaque credentials, an address carried as sent), a value that may take
//   several forms (anyOf/oneOf) and one the document leaves unconstrained (a compatibility field carried as
//   sent), as JSON;
// - a readOnly property (a field of our own answers that clients send back, accepted and ignored) is not
//   offered.
// GraphQL checks the types; the document's other constraints are checked on every argument by the same
// validator as REST's (shape-arg.ts).

/** Input types GraphQL clients know by other names than the rule gives. */
const GRAPHQL_NAMES: Record<string, string> = {
  CreateConnection: 'ConnectInput',
  UpdateMenuEntry: 'MenuEntryInput',
};

/** The domain's GraphQL enums, found by their values. */
const ENUMS: object[] = [
  ApplicationKindEnum,
  DeliveryStatusEnum,
  TaxRateTypeEnum,
  CancellationReasonEnum,
  OrderStatusEnum,
  StoreStatusEnum,
  RoleEnum,
  SnoozeKindEnum,
];
const enumKey = (values: readonly unknown[]) => JSON.stringify([...values].map(String).sort());
const enumsByValues = new Map(ENUMS.map((e) => [enumKey(Object.values(e)), e]));
/** The enums a schema may name with x-graphql-enum, by their GraphQL names. */
const ENUMS_BY_NAME = new Map<string, object>([['ApplicationKind', ApplicationKindEnum]]);

type GraphQLTypeRef = (() => unknown) | undefined;

interface ObjectShape {
  description?: string;
  properties: Record<string, JsonSchema>;
  required: Set<string>;
}

function inputName(component: string): string {
  return GRAPHQL_NAMES[component] ?? (component.endsWith('Input') ? component : `${component}Input`);
}

function capitalized(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** The JSON types a schema allows, `null` aside (OpenAPI 3.0's `nullable` or 3.1's `type: [x, 'null']`). */
function typesOf(schema: JsonSchema): { types: string[]; nullable: boolean } {
  const raw = schema.type;
  const all = raw === undefined ? [] : Array.isArray(raw) ? (raw as string[]) : [raw as string];
  return {
    types: all.filter((t) => t !== 'null'),
    nullable:
      all.includes('null') ||
      schema.nullable === true ||
      (schema.enum as unknown[] | undefined)?.includes(null) === true,
  };
}

/** A description as GraphQL shows it: YAML's block text without its final line break. */
function textOf(description: unknown): string | undefined {
  return typeof description === 'string' ? description.trim() : undefined;
}

function isUnconstrained(schema: JsonSchema): boolean {
  return Object.keys(schema).every((key) => key === 'description' || key === 'example' || key.startsWith('x-'));
}

export class ShapeInputs {
  private readonly byName = new Map<string, ClassType>();

  constructor(private readonly doc: OpenApiDocument) {}

  /** The GraphQL input type of the component schema `component`. */
  of(component: string): ClassType {
    const schema = this.doc.components.schemas[component];
    if (!schema) throw new Error(`openapi.yaml has no schema named ${component}`);
    const alias = schemaRefName(schema);
    if (alias) return this.of(alias);
    const name = inputName(component);
    return this.byName.get(name) ?? this.build(name, this.objectShape(schema, component));
  }

  private build(name: string, shape: ObjectShape): ClassType {
    const type = { [name]: class {} }[name] as ClassType;
    this.byName.set(name, type);
    const base = name.replace(/Input$/, '');
    for (const [property, schema] of Object.entries(shape.properties)) {
      const resolved = resolveRef<JsonSchema>(this.doc, schema);
      if (resolved.readOnly === true || schema.readOnly === true) continue;
      const field = this.fieldType(schema, `${base}${capitalized(property)}`);
      const nullable = !shape.required.has(property) || field.nullable;
      const description = textOf(schema.description ?? resolved.description);
      Field(field.type as never, { nullable, description })(type.prototype, property);
    }
    InputType(name, { description: textOf(shape.description) })(type);
    return type;
  }

  /** An object schema with its allOf parts merged: every part's properties, every part's required. */
  private objectShape(schema: JsonSchema, where: string): ObjectShape {
    const shape: ObjectShape = {
      description: schema.description as string | undefined,
      properties: {},
      required: new Set(),
    };
    const parts = [schema, ...((schema.allOf as JsonSchema[] | undefined) ?? [])];
    for (const part of parts) {
      const resolved = part === schema ? part : resolveRef<JsonSchema>(this.doc, part);
      if (resolved !== schema && resolved.allOf) {
        const inner = this.objectShape(resolved, where);
        Object.assign(shape.properties, inner.properties);
        inner.required.forEach((r) => shape.required.add(r));
        shape.description ??= inner.description;
        continue;
      }
      Object.assign(shape.properties, (resolved.properties as Record<string, JsonSchema> | undefined) ?? {});
      for (const r of (resolved.required as string[] | undefined) ?? []) shape.required.add(r);
      shape.description ??= resolved.description as string | undefined;
    }
    if (Object.keys(shape.properties).length === 0) throw new Error(`openapi.yaml: ${where} has no properties`);
    return shape;
  }

  private isObject(schema: JsonSchema): boolean {
    if (schema.properties) return true;
    return (
      Array.isArray(schema.allOf) &&
      (schema.allOf as JsonSchema[]).some((part) => this.isObject(resolveRef(this.doc, part)))
    );
  }

  /** The GraphQL type of a property's schema; `name` names an object written inline. */
  private fieldType(schema: JsonSchema, name: string): { type: GraphQLTypeRef; nullable: boolean } {
    const component = schemaRefName(schema);
    const resolved = resolveRef<JsonSchema>(this.doc, schema);
    if (isUnconstrained(resolved)) return { type: () => GraphQLJSON, nullable: true };
    const { types, nullable } = typesOf(resolved);
    if (component && this.isObject(resolved)) {
      const type = this.of(component);
      return { type: () => type, nullable };
    }
    if (resolved.anyOf || resolved.oneOf) return { type: () => GraphQLJSON, nullable: true };
    if (resolved.allOf && !this.isObject(resolved)) {
      // `allOf: [{$ref: Url}]` beside a description: the one part's type.
      const parts = resolved.allOf as JsonSchema[];
      const inner = this.fieldType(parts[0], name);
      return { type: inner.type, nullable: inner.nullable || nullable };
    }
    if (this.isObject(resolved)) {
      const type = this.byName.get(`${name}Input`) ?? this.build(`${name}Input`, this.objectShape(resolved, name));
      return { type: () => type, nullable };
    }
    // A value the document takes in several spellings (a pattern, as a kind in any case) that GraphQL clients
    // write as one of the domain's enums: the document names that enum (x-graphql-enum), so GraphQL keeps it.
    const namedEnum = resolved['x-graphql-enum'];
    if (typeof namedEnum === 'string') {
      const graphqlEnum = ENUMS_BY_NAME.get(namedEnum);
      if (!graphqlEnum) throw new Error(`openapi.yaml: x-graphql-enum ${namedEnum} is not one of the domain's enums`);
      return { type: () => graphqlEnum, nullable };
    }
    if (resolved.enum) {
      const graphqlEnum = enumsByValues.get(enumKey((resolved.enum as unknown[]).filter((v) => v !== null)));
      return { type: () => graphqlEnum ?? String, nullable };
    }
    const [type] = types;
    switch (type) {
      case 'string':
        return { type: () => (resolved.format === 'uuid' ? ID : String), nullable };
      case 'integer':
        return { type: () => Int, nullable };
      case 'number':
        return { type: () => Float, nullable };
      case 'boolean':
        return { type: () => Boolean, nullable };
      case 'array': {
        const items = this.fieldType((resolved.items as JsonSchema | undefined) ?? {}, name);
        return { type: () => [(items.type as () => unknown)()], nullable };
      }
      case 'object':
        return { type: () => GraphQLJSONObject, nullable };
      default:
        if (isRef(schema)) throw new Error(`openapi.yaml: ${schema.$ref} has no type GraphQL can offer`);
        return { type: () => GraphQLJSON, nullable: true };
    }
  }
}

let shared: ShapeInputs | undefined;

/** The GraphQL input type of an openapi.yaml component schema (built once per process). */
export function shapeInput(component: string): ClassType {
  shared ??= new ShapeInputs(openApiDocument());
  return shared.of(component);
}
