import { Text } from '@mantine/core';
import type { OpenState } from '../../gql/graphql';

// Whether the location takes orders now by its opening hours and holidays, as the server says it
// (storeStatus.availability), in words. A pause says itself elsewhere on the screen.

interface Props {
  availability: { state: OpenState; until?: string | null; reason?: string | null };
  busyMode: { extraMinutes: number; until: string } | null | undefined;
  when(iso: string): string;
}

export function OpenStateLine({ availability: a, busyMode, when }: Props) {
  const until = a.until ? ` until ${when(a.until)}` : '';
  const words: Record<OpenState, string | null> = {
    OPEN: a.until ? `Open by its hours${until}.` : 'Open: no opening hours or holiday closes it.',
    CLOSED_BY_HOURS: `Closed by its opening hours${until}.`,
    CLOSED_FOR_HOLIDAY: `Closed for a holiday${a.reason ? ` (${a.reason})` : ''}${until}.`,
    PAUSED: null,
  };
  return (
    <>
      {words[a.state] && <Text>{words[a.state]}</Text>}
      {busyMode && (
        <Text c="orange.8">
          Busy: every order takes {busyMode.extraMinutes} minutes more until {when(busyMode.until)}.
        </Text>
      )}
    </>
  );
}
