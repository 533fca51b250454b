import { graphql } from '../../gql';

// The GraphQL of the availability screens: the opening hours document with the marketplaces that may have
// their own hours, what is snoozed with the times the snooze presets stand for, and busy mode.

// A fragment: the documents here spread it by name, and codegen reads it from this call.
graphql(`
  fragment OpeningHoursFields on OpeningHours {
    openingHours {
      dayOfWeek
      start
      end
    }
    overrides {
      connectionId
      openingHours {
        dayOfWeek
        start
        end
      }
    }
    holidays {
      from
      to
      reason
    }
  }
`);

export const OPENING_HOURS = graphql(`
  query OpeningHours($accountId: ID!, $locationId: ID!, $limit: Int!) {
    openingHours(accountId: $accountId, locationId: $locationId) {
      ...OpeningHoursFields
    }
    connections(accountId: $accountId, locationId: $locationId, limit: $limit) {
      data {
        id
        kind
        status
        applicationName
      }
    }
  }
`);

export const SET_OPENING_HOURS = graphql(`
  mutation SetOpeningHours($accountId: ID!, $locationId: ID!, $input: OpeningHoursInput!) {
    setOpeningHours(accountId: $accountId, locationId: $locationId, input: $input) {
      ...OpeningHoursFields
    }
  }
`);

export const SNOOZES = graphql(`
  query Snoozes($accountId: ID!, $locationId: ID!) {
    snoozes(accountId: $accountId, locationId: $locationId) {
      kind
      posReference
      id
      name
      until
    }
    snoozeChoices(accountId: $accountId, locationId: $locationId) {
      oneHour
      untilClosing
      untilTomorrow
    }
  }
`);

export const SNOOZE_ITEMS = graphql(`
  mutation SnoozeItems($accountId: ID!, $locationId: ID!, $input: SnoozeInput!) {
    snoozeItems(accountId: $accountId, locationId: $locationId, input: $input) {
      posReference
    }
  }
`);

export const UNSNOOZE_ITEM = graphql(`
  mutation UnsnoozeItem($accountId: ID!, $locationId: ID!, $kind: SnoozeKind!, $posReference: String!) {
    unsnoozeItem(accountId: $accountId, locationId: $locationId, kind: $kind, posReference: $posReference) {
      posReference
    }
  }
`);

export const BUSY_MODE = graphql(`
  query BusyMode($accountId: ID!, $locationId: ID!) {
    storeStatus(accountId: $accountId, locationId: $locationId) {
      busyMode {
        extraMinutes
        until
      }
    }
    location(id: $locationId, accountId: $accountId) {
      id
      timezone
    }
  }
`);

export const SET_BUSY_MODE = graphql(`
  mutation SetBusyMode($accountId: ID!, $locationId: ID!, $input: BusyModeInput!) {
    setBusyMode(accountId: $accountId, locationId: $locationId, input: $input) {
      busyMode {
        extraMinutes
        until
      }
    }
  }
`);

export const END_BUSY_MODE = graphql(`
  mutation EndBusyMode($accountId: ID!, $locationId: ID!) {
    endBusyMode(accountId: $accountId, locationId: $locationId) {
      busyMode {
        extraMinutes
        until
      }
    }
  }
`);
