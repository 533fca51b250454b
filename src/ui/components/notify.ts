import { notifications } from '@mantine/notifications';
import { messageOf } from './errors';

// The two toasts every screen shows after a mutation, one look for all: done (teal), or refused with the
// server's or partner's words (red). Errors with a place on the screen (a field, a form) are shown there instead.

export function notifyDone(message: string): void {
  notifications.show({ color: 'teal', message });
}

export function notifyFailure(err: unknown): void {
  notifications.show({ color: 'red', message: messageOf(err) });
}
