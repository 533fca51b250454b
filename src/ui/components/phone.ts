import { useMatches } from '@mantine/core';

/**
 * True below Mantine's `sm` breakpoint. For tables whose secondary columns move under the name on a phone:
 * rendered in one place or the other (not both, hidden by CSS), so a row holds each text once.
 */
export function usePhone(): boolean {
  return useMatches({ base: true, sm: false });
}
