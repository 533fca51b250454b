import { Button, Group, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';

/**
 * Server-side paging with the hub's opaque nextPageKey: the keys of the pages seen so far, so Previous goes
 * back without the browser ever holding more than one page.
 */
export function useCursor() {
  const [keys, setKeys] = useState<(string | null)[]>([null]);
  const reset = useCallback(() => setKeys([null]), []);
  return {
    pageKey: keys[keys.length - 1] ?? undefined,
    page: keys.length,
    next: (key: string) => setKeys((k) => [...k, key]),
    previous: () => setKeys((k) => (k.length > 1 ? k.slice(0, -1) : k)),
    reset,
  };
}

/** A cursor that goes back to the first page whenever the search it pages changes. */
export function useSearchCursor(search: string) {
  const cursor = useCursor();
  const { reset } = cursor;
  useEffect(reset, [search, reset]);
  return cursor;
}

export function Pager({
  cursor,
  nextPageKey,
  label,
}: {
  cursor: ReturnType<typeof useCursor>;
  nextPageKey: string | null | undefined;
  label: string;
}) {
  if (cursor.page === 1 && !nextPageKey) return null;
  return (
    <Group justify="space-between" mt="sm" aria-label={`${label} pages`} role="navigation">
      <Button variant="default" size="xs" disabled={cursor.page === 1} onClick={cursor.previous}>
        Previous page
      </Button>
      <Text size="sm" c="dimmed">
        Page {cursor.page}
      </Text>
      <Button
        variant="default"
        size="xs"
        disabled={!nextPageKey}
        onClick={() => nextPageKey && cursor.next(nextPageKey)}
      >
        Next page
      </Button>
    </Group>
  );
}
