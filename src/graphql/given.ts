/** GraphQL's null means "not given": a service reads the input as it reads a JSON body without those keys. */
export function given(input: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null && value !== undefined));
}
