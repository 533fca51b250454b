import { useQuery } from '@apollo/client/react';
import { createContext, useContext, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { graphql } from './gql';
import type { ViewerQuery } from './gql/graphql';
import { ErrorState, LoadingState } from './components/states';
import { HUB_RULES, HubRulesProvider } from './hub-rules';

/** What the UI knows of the operator: the same fields after sign-in and on every load. A fragment the documents spread by name; codegen reads it from this call. */
graphql(`
  fragment ViewerFields on Viewer {
    id
    email
    role
    permissions {
      manageApplications
      manageUsers
      creatableRoles
      provision
      editLocations
      manageConnections
      editCatalog
      editMenus
      retryDeliveries
      sendTestOrders
      retryFailedDeliveries
      sendTestEvents
    }
  }
`);

export const VIEWER = graphql(`
  query Viewer {
    viewer {
      ...ViewerFields
    }
  }
`);

export type Viewer = NonNullable<ViewerQuery['viewer']>;

const ViewerContext = createContext<Viewer | null>(null);

/** The signed-in operator; only under <RequireViewer>. What it may do comes from the server (permissions). */
export function useViewer(): Viewer {
  const viewer = useContext(ViewerContext);
  if (!viewer) throw new Error('useViewer outside <RequireViewer>');
  return viewer;
}

/** Screens that need someone signed in: the others go to the sign-in page, and come back after it. */
export function RequireViewer({ children }: { children: ReactNode }) {
  const location = useLocation();
  const { data, loading, error } = useQuery(VIEWER);
  const rules = useQuery(HUB_RULES);
  const hubRules = rules.data?.hubRules;
  if (loading || (!hubRules && !rules.error)) return <LoadingState label="Loading your session" />;
  if (error || !hubRules) return <ErrorState error={error ?? rules.error} />;
  if (!data?.viewer) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={next === '/' ? '/login' : `/login?next=${encodeURIComponent(next)}`} replace />;
  }
  return (
    <ViewerContext.Provider value={data.viewer}>
      <HubRulesProvider value={hubRules}>{children}</HubRulesProvider>
    </ViewerContext.Provider>
  );
}
