import { useMutation } from '@apollo/client/react';
import { Alert, Button, Center, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { messageOf } from '../../components/errors';
import { graphql } from '../../gql';
import { VIEWER } from '../../viewer';

const SIGN_IN = graphql(`
  mutation SignIn($email: String!, $password: String!) {
    signIn(email: $email, password: $password) {
      ...ViewerFields
    }
  }
`);

/** Only same-app paths: ?next= must not send the browser elsewhere after sign-in. */
function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

export function SignIn() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [signIn, { loading, error }] = useMutation(SIGN_IN, {
    update(cache, { data }) {
      if (data) cache.writeQuery({ query: VIEWER, data: { viewer: data.signIn } });
    },
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = await signIn({ variables: { email, password } }).catch(() => null);
    if (result?.data) navigate(safeNext(params.get('next')), { replace: true });
  }

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={400}>
        <form onSubmit={onSubmit} aria-labelledby="sign-in-title">
          <Stack>
            <Title order={1} size="h3" id="sign-in-title">
              Sign in to Order Hub
            </Title>
            {error && (
              <Alert color="red" role="alert">
                {messageOf(error)}
              </Alert>
            )}
            <TextInput
              label="E-mail or username"
              autoComplete="username"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            <Button type="submit" loading={loading}>
              Sign in
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
