import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** A path that does not exist, or a record this operator cannot see: the same page, no data. */
export function NotFound() {
  return (
    <Stack align="flex-start" py="xl">
      <Title order={2}>Not found</Title>
      <Text>This page does not exist, or you do not have access to it.</Text>
      <Button component={Link} to="/" variant="light">
        Back to the start
      </Button>
    </Stack>
  );
}
