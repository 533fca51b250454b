import { ApolloProvider } from '@apollo/client/react';
import { Alert, Badge, createTheme, Drawer, MantineProvider, Modal, Notification } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useState } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { createApolloClient } from './apollo';
import { Shell } from './shell';
import { NotFound } from './screens/not-found';
import { SignIn } from './screens/sign-in/sign-in';
import { AREAS, AreaScreen, HOME } from './routes';
import { RequireViewer } from './viewer';

const theme = createTheme({
  primaryColor: 'teal',
  defaultRadius: 'sm',
  // A badge (status, role, kind) says one or two words: a narrow table column must not cut them to "C…".
  // Mantine's close buttons are an icon with no name: give them one a screen reader can say.
  components: {
    Badge: Badge.extend({ styles: { root: { minWidth: 'max-content' } } }),
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } } }),
    Alert: Alert.extend({ defaultProps: { closeButtonLabel: 'Dismiss' } }),
  },
});

export function App() {
  const [client] = useState(createApolloClient);
  return (
    <ApolloProvider client={client}>
      <MantineProvider theme={theme} defaultColorScheme="auto">
        {/* Bottom right and three at a time: a few quick actions used to stack their toasts over the header
            (Sign out) and the page's own buttons at the top right. The rest wait their turn. */}
        <Notifications position="bottom-right" limit={3} />
        <BrowserRouter basename="/ui">
          <Routes>
            <Route path="/login" element={<SignIn />} />
            <Route
              element={
                <RequireViewer>
                  <Shell />
                </RequireViewer>
              }
            >
              <Route index element={<AreaScreen area={HOME} />} />
              {AREAS.map((area) => (
                <Route key={area.path} path={`${area.path}/*`} element={<AreaScreen area={area} />} />
              ))}
              <Route path="*" element={<NotFound />} />
            </Route>
          </Routes>
        </BrowserRouter>
      </MantineProvider>
    </ApolloProvider>
  );
}
