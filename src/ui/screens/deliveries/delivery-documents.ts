import { graphql } from '../../gql';

// The GraphQL of the delivery log: one list per source (a location, an application), the
// detail with every attempt and the masked payload, the live event of each source, and Retry now. The live
// events and Retry now answer with the detail's fields, so Apollo's cache updates an open detail by itself.

// A fragment: the documents here spread it by name, and codegen reads it from this call.
graphql(`
  fragment DeliveryRow on Delivery {
    id
    eventType
    applicationName
    url
    status
    attemptCount
    nextAttemptAt
    lastAttemptAt
    deliveredAt
    lastError
    createdAt
  }
`);

// A fragment: the documents here spread it by name, and codegen reads it from this call.
graphql(`
  fragment DeliveryDetailFields on DeliveryDetail {
    id
    eventId
    eventType
    applicationName
    url
    status
    attemptCount
    nextAttemptAt
    lastAttemptAt
    deliveredAt
    lastError
    createdAt
    requestId
    payload
    attempts {
      attemptNumber
      startedAt
      url
      httpStatus
      error
      latencyMs
      responseExcerpt
    }
  }
`);

export const LOCATION_DELIVERIES = graphql(`
  query LocationDeliveries(
    $accountId: ID!
    $locationId: ID!
    $status: DeliveryStatus
    $eventType: String
    $nextPageKey: String
  ) {
    locationDeliveries(
      accountId: $accountId
      locationId: $locationId
      status: $status
      eventType: $eventType
      newestFirst: true
      limit: 50
      nextPageKey: $nextPageKey
    ) {
      data {
        ...DeliveryRow
      }
      nextPageKey
    }
  }
`);

export const APPLICATION_DELIVERIES = graphql(`
  query ApplicationDeliveries($applicationId: ID!, $status: DeliveryStatus, $eventType: String, $nextPageKey: String) {
    applicationDeliveries(
      applicationId: $applicationId
      status: $status
      eventType: $eventType
      newestFirst: true
      limit: 50
      nextPageKey: $nextPageKey
    ) {
      data {
        ...DeliveryRow
      }
      nextPageKey
    }
  }
`);

export const LOCATION_DELIVERY_EVENTS = graphql(`
  subscription LocationDeliveryEvents($accountId: ID!, $locationId: ID!) {
    locationDeliveryChanged(accountId: $accountId, locationId: $locationId) {
      kind
      delivery {
        ...DeliveryDetailFields
      }
    }
  }
`);

export const APPLICATION_DELIVERY_EVENTS = graphql(`
  subscription ApplicationDeliveryEvents($applicationId: ID!) {
    applicationDeliveryChanged(applicationId: $applicationId) {
      kind
      delivery {
        ...DeliveryDetailFields
      }
    }
  }
`);

export const DELIVERY = graphql(`
  query Delivery($id: ID!) {
    delivery(id: $id) {
      ...DeliveryDetailFields
    }
  }
`);

export const RETRY_DELIVERY = graphql(`
  mutation RetryDelivery($id: ID!) {
    retryDelivery(id: $id) {
      ...DeliveryDetailFields
    }
  }
`);

export const RETRY_FAILED_DELIVERIES = graphql(`
  mutation RetryFailedDeliveries($accountId: ID!, $locationId: ID!) {
    retryFailedDeliveries(accountId: $accountId, locationId: $locationId) {
      retried
    }
  }
`);
