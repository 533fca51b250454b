import type { ApolloClient } from '@apollo/client';
import { graphql } from '../../gql';
import type { BoardRowFragment, OrderBoardQueryVariables } from '../../gql/graphql';

// The order board's GraphQL documents (order-board.tsx): a tab's orders with every tab's count, the location's
// clock, and the stream of the location's order changes.

// A fragment: the documents here spread it by name, and codegen reads it from this call (and makes BoardRowFragment).
graphql(`
  fragment BoardRow on Order {
    id
    externalId
    orderNumber
    friendlyId
    customerName
    status
    sourceName
    fulfillmentType
    tableName
    total
    currency
    createdAt
    test
    availabilityWarnings {
      rule
    }
  }
`);

export const BOARD = graphql(`
  query OrderBoard(
    $accountId: ID!
    $locationId: ID!
    $status: [OrderStatus!]
    $limit: Int!
    $search: String
    $since: String
    $until: String
  ) {
    orderCounts(accountId: $accountId, locationId: $locationId, since: $since, until: $until) {
      status
      count
    }
    orders(
      accountId: $accountId
      locationId: $locationId
      status: $status
      newestFirst: true
      limit: $limit
      search: $search
      since: $since
      until: $until
    ) {
      data {
        ...BoardRow
      }
      hasNextPage
    }
  }
`);

/** The location's clock, on which the date range's days begin and end and its orders' times are shown. */
export const BOARD_LOCATION = graphql(`
  query OrderBoardLocation($accountId: ID!, $locationId: ID!) {
    location(accountId: $accountId, id: $locationId) {
      id
      timezone
    }
  }
`);

export const BOARD_EVENTS = graphql(`
  subscription OrderBoardEvents($accountId: ID!, $locationId: ID!) {
    orderBoard(accountId: $accountId, locationId: $locationId) {
      kind
      order {
        ...BoardRow
        allowedTransitions
      }
    }
  }
`);

/** Puts a new order at the top of the open tab's list in the cache, as the next read of the tab would. */
export function showAtOnce(client: ApolloClient, variables: OrderBoardQueryVariables, order: BoardRowFragment): void {
  client.cache.updateQuery({ query: BOARD, variables }, (data) => {
    if (!data || data.orders.data.some((o) => o.id === order.id)) return data;
    return { ...data, orders: { ...data.orders, data: [order, ...data.orders.data].slice(0, variables.limit) } };
  });
}
