import { useMutation } from '@apollo/client/react';
import { Badge, Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { notifyDone, notifyFailure } from '../../components/notify';
import { formatRelative, formatWhenIn, useNow } from '../../components/time';
import type { SnoozesQuery } from '../../gql/graphql';
import { SNOOZES, UNSNOOZE_ITEM } from './availability-documents';

// What is snoozed at the location and until when, each with Unsnooze (for sale again at once; the hub tells
// the marketplaces). Nothing is shown while nothing is snoozed.

interface Props {
  ids: { accountId: string; locationId: string };
  snoozed: SnoozesQuery['snoozes'];
  timeZone: string;
  canChange: boolean;
}

export function SnoozedList({ ids, snoozed, timeZone, canChange }: Props) {
  const now = useNow();
  const [unsnooze, { loading }] = useMutation(UNSNOOZE_ITEM, { refetchQueries: [SNOOZES] });
  if (snoozed.length === 0) return null;
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={3}>Snoozed</Title>
        <Table.ScrollContainer minWidth={300}>
          <Table aria-label="Snoozed" striped>
            <Table.Tbody>
              {snoozed.map((item) => (
                <Table.Tr key={`${item.kind}:${item.posReference}`}>
                  <Table.Td>
                    <Text fw={500}>{item.name}</Text>
                    <Badge variant="light" color="gray" size="sm">
                      {item.kind === 'PRODUCT' ? 'Product' : 'Modifier'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">Until {formatWhenIn(item.until, timeZone)}</Text>
                    <Text size="xs" c="dimmed">
                      back {formatRelative(item.until, now)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    {canChange && (
                      <Button
                        size="xs"
                        variant="light"
                        loading={loading}
                        aria-label={`Unsnooze ${item.name}`}
                        onClick={() =>
                          unsnooze({ variables: { ...ids, kind: item.kind, posReference: item.posReference } })
                            .then(() => notifyDone(`${item.name} is for sale again`))
                            .catch(notifyFailure)
                        }
                      >
                        Unsnooze
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
