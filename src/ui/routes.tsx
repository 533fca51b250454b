import { lazy, Suspense, type ComponentType } from 'react';
import { LoadingState } from './components/states';
import { NotFound } from './screens/not-found';
import { useViewer, type Viewer } from './viewer';

export interface Area {
  path: string;
  label: string;
  Component: ComponentType;
  /** Shown when the server says this operator may use it (viewer.permissions). */
  visible(viewer: Viewer): boolean;
}

// Each area is its own chunk, loaded when first opened: the sign-in page loads only what it needs.
const AccountsArea = lazy(() => import('./screens/accounts/accounts-area').then((m) => ({ default: m.AccountsArea })));
const ApplicationsArea = lazy(() =>
  import('./screens/applications/applications-area').then((m) => ({ default: m.ApplicationsArea })),
);
const HomeArea = lazy(() => import('./screens/home/home-screen').then((m) => ({ default: m.HomeScreen })));
const UsersArea = lazy(() => import('./screens/users/users-area').then((m) => ({ default: m.UsersArea })));
const ActivityArea = lazy(() =>
  import('./screens/activity/activity-screen').then((m) => ({ default: m.ActivityScreen })),
);
// GraphiQL with Monaco is about 1 MB gzip: only an operator who opens the explorer loads it.
const GraphqlExplorer = lazy(() =>
  import('./screens/graphql/graphql-explorer').then((m) => ({ default: m.GraphqlExplorer })),
);

/** The page after sign-in (the index route): each role's locations, those waiting for someone first. */
export const HOME: Area = { path: '/', label: 'Home', Component: HomeArea, visible: () => true };

/** The screens of the navigation, in its order (Home before them). */
export const AREAS: Area[] = [
  { path: '/accounts', label: 'Accounts', Component: AccountsArea, visible: () => true },
  {
    path: '/applications',
    label: 'Applications',
    Component: ApplicationsArea,
    visible: (v) => v.permissions.manageApplications,
  },
  { path: '/users', label: 'Users', Component: UsersArea, visible: (v) => v.permissions.manageUsers },
  // Every operator: the server answers each with the changes of its own accounts.
  { path: '/activity', label: 'Activity', Component: ActivityArea, visible: () => true },
  // Every signed-in operator: the API answers each with its own reach and role.
  { path: '/graphql', label: 'GraphQL explorer', Component: GraphqlExplorer, visible: () => true },
];

/** An area this operator may not use is simply not there. */
export function AreaScreen({ area }: { area: Area }) {
  const viewer = useViewer();
  if (!area.visible(viewer)) return <NotFound />;
  return (
    <Suspense fallback={<LoadingState label={`Loading ${area.label.toLowerCase()}`} />}>
      <area.Component />
    </Suspense>
  );
}
