/**
 * A GraphQL enum built from one of the domain's lists (ORDER_STATUSES, APPLICATION_KINDS...), so the schema
 * can never offer a value the services do not know, nor miss one they added. Use with registerEnumType.
 */
export function enumOf<T extends string>(values: readonly T[]): { [K in T]: K } {
  return Object.fromEntries(values.map((value) => [value, value])) as { [K in T]: K };
}
