import { createContext, useContext } from 'react';
import { graphql } from './gql';
import type { HubRulesQuery } from './gql/graphql';

// The hub's rules the screens follow (the statuses and their order, which statuses take a reason, how a
// percentage is stored, the largest page): read from the server once with the viewer, so the UI keeps no copy
// of a rule that could disagree with the server's.

export const HUB_RULES = graphql(`
  query HubRules {
    hubRules {
      orderStatuses
      statusesWithReason
      deliveryStatuses
      eventTypes
      taxRatePercentScale
      maxPageLimit
    }
  }
`);

export type HubRules = HubRulesQuery['hubRules'];

const HubRulesContext = createContext<HubRules | null>(null);

/** Provided by <RequireViewer>, which reads them with the viewer. */
export const HubRulesProvider = HubRulesContext.Provider;

export function useHubRules(): HubRules {
  const rules = useContext(HubRulesContext);
  if (!rules) throw new Error('useHubRules outside <RequireViewer>');
  return rules;
}
