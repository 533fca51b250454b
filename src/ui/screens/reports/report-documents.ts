import { graphql } from '../../gql';

/** Every figure the Reports screen shows: the totals, each marketplace's, and each period's per marketplace. */
export const ORDER_REPORT = graphql(`
  query OrderReport($accountId: ID!, $locationId: ID, $from: String!, $to: String!, $granularity: ReportGranularity!) {
    orderReport(accountId: $accountId, locationId: $locationId, from: $from, to: $to, granularity: $granularity) {
      from
      to
      granularity
      timezone
      totals {
        ...ReportFigures
      }
      marketplaces {
        applicationId
        name
        figures {
          ...ReportFigures
        }
      }
      periods {
        start
        totals {
          orders
          acceptanceTime {
            p50Ms
            p90Ms
          }
          rejected {
            count
          }
          cancelled {
            count
          }
        }
        marketplaces {
          applicationId
          figures {
            orders
            revenue {
              currency
              amount
            }
          }
        }
      }
    }
  }

  fragment ReportFigures on ReportFigures {
    orders
    accepted
    revenue {
      currency
      amount
      averageBasket
    }
    acceptanceTime {
      p50Ms
      p90Ms
    }
    rejected {
      count
      reasons {
        reason
        count
      }
    }
    cancelled {
      count
      reasons {
        reason
        count
      }
    }
    failedDeliveries
  }
`);

/** The account's name, for the account's Reports screen's trail. */
export const ACCOUNT_NAME = graphql(`
  query ReportAccountName($accountId: ID!) {
    account(id: $accountId) {
      id
      name
    }
  }
`);
