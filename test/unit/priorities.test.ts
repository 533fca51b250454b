import type { Request } from 'express';
import { doorPriority, graphqlPriority } from '../../src/http/priorities.js';

const LOC = '/v1/accounts/a1/locations/l1';
const rest = (method: string, path: string) => doorPriority({ method, path } as Request);
const graphql = (query: string, operationName?: string) =>
  graphqlPriority({ method: 'POST', body: { query, operationName } } as Request);

describe('priorities under overload', () => {
  it('puts order placement, order and store status first, imports and publications last, and never gates health', () => {
    expect(rest('POST', `${LOC}/orders`)).toBe('urgent');
    expect(rest('PATCH', `${LOC}/orders/o1`)).toBe('urgent');
    expect(rest('PUT', `${LOC}/store-status`)).toBe('urgent');
    expect(rest('GET', `${LOC}/orders`)).toBe('normal');
    expect(rest('POST', '/oauth2/token')).toBe('normal');
    expect(rest('PUT', `${LOC}/catalog/import`)).toBe('low');
    expect(rest('POST', `${LOC}/connections/c1/pull`)).toBe('low');
    expect(rest('POST', `${LOC}/menus/m1/publications`)).toBe('low');
    for (const path of ['/healthz', '/readyz', '/metrics', '/graphql']) expect(rest('GET', path)).toBeUndefined();
  });

  it('reads GraphQL operations: queries low, order mutations urgent, imports low, others normal', () => {
    expect(graphql('{ accounts { data { id } } }')).toBe('low');
    expect(graphql('mutation { placeOrder(input: {}) { id } }')).toBe('urgent');
    expect(graphql('mutation A { updateOrderStatus(id: "x") { id } setStoreStatus { x } }')).toBe('urgent');
    expect(graphql('mutation { placeOrder(input: {}) { id } importCatalog { x } }')).toBe('low');
    expect(graphql('mutation { createAccount(input: {}) { id } }')).toBe('normal');
    expect(graphql('query Q { a } mutation M { placeOrder { id } }', 'M')).toBe('urgent');
    expect(graphql('query Q { a } mutation M { placeOrder { id } }', 'Q')).toBe('low');
    expect(graphql('not graphql {')).toBe('normal');
    expect(graphqlPriority({ method: 'GET', query: {} } as unknown as Request)).toBe('low');
  });
});
