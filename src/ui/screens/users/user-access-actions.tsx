import { useMutation } from '@apollo/client/react';
import { Badge, Button } from '@mantine/core';
import { ConfirmButton } from '../../components/confirm-button';
import { notifyDone, notifyFailure } from '../../components/notify';
import { graphql } from '../../gql';

// Taking an operator's access away when they leave, and giving it back. Deactivating ends their sessions at
// once, so it asks first; reactivating only lets them sign in again, so it does not.

const DEACTIVATE = graphql(`
  mutation DeactivateUser($id: ID!) {
    deactivateUser(id: $id) {
      id
      deactivatedAt
    }
  }
`);

const REACTIVATE = graphql(`
  mutation ReactivateUser($id: ID!) {
    reactivateUser(id: $id) {
      id
      deactivatedAt
    }
  }
`);

interface Props {
  user: { id: string; email: string; deactivatedAt?: string | null };
  /** The signed-in operator's own row: nobody locks themselves out. */
  self: boolean;
}

export function UserAccessBadge({ user }: Pick<Props, 'user'>) {
  return user.deactivatedAt ? (
    <Badge color="gray" variant="outline">
      Deactivated
    </Badge>
  ) : (
    <Badge color="teal" variant="light">
      Active
    </Badge>
  );
}

export function UserAccessActions({ user, self }: Props) {
  // The answer carries deactivatedAt, so Apollo's cache updates the row by itself.
  const [deactivate, deactivating] = useMutation(DEACTIVATE);
  const [reactivate, reactivating] = useMutation(REACTIVATE);
  if (self) return null;
  if (user.deactivatedAt) {
    return (
      <Button
        size="xs"
        variant="subtle"
        aria-label={`Reactivate ${user.email}`}
        loading={reactivating.loading}
        onClick={() =>
          reactivate({ variables: { id: user.id } })
            .then(() => notifyDone(`${user.email} can sign in again`))
            .catch(notifyFailure)
        }
      >
        Reactivate
      </Button>
    );
  }
  return (
    <ConfirmButton
      size="xs"
      color="red"
      variant="subtle"
      label="Deactivate"
      aria-label={`Deactivate ${user.email}`}
      title={`Deactivate ${user.email}?`}
      message="They are signed out everywhere at once and cannot sign in until someone reactivates them. What they did stays under their name."
      confirmLabel="Deactivate"
      loading={deactivating.loading}
      onConfirm={() =>
        deactivate({ variables: { id: user.id } })
          .then(() => notifyDone(`${user.email} is deactivated`))
          .catch(notifyFailure)
      }
    />
  );
}
