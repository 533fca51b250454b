import { graphql } from '../../gql';

// The store status screen's GraphQL: the status, the marketplaces it goes to and what
// each received; the change; and the live feed that says when any of it moved.

// A fragment: the documents here spread it by name, and codegen reads it from this call.
graphql(`
  fragment StoreStatusFields on LocationStoreStatus {
    storeStatus
    closedUntil
    closedReason
    closedReasonNotes
    availability {
      state
      until
      reason
    }
    busyMode {
      extraMinutes
      until
    }
    marketplaces {
      connectionId
      applicationName
      deliveryId
      status
      storeStatus
      attempts
      lastError
      sentAt
      deliveredAt
    }
  }
`);

export const STORE_STATUS = graphql(`
  query StoreStatus($accountId: ID!, $locationId: ID!) {
    storeStatus(accountId: $accountId, locationId: $locationId) {
      ...StoreStatusFields
    }
    location(id: $locationId, accountId: $accountId) {
      id
      timezone
    }
  }
`);

export const STORE_STATUS_EVENTS = graphql(`
  subscription StoreStatusEvents($accountId: ID!, $locationId: ID!) {
    storeStatusChanged(accountId: $accountId, locationId: $locationId) {
      kind
    }
  }
`);

export const SET_STORE_STATUS = graphql(`
  mutation SetStoreStatus($accountId: ID!, $locationId: ID!, $input: StoreStatusInput!) {
    setStoreStatus(accountId: $accountId, locationId: $locationId, input: $input) {
      ...StoreStatusFields
    }
  }
`);
