// A start-up problem the user fixes with a setting (port taken, data directory held by another hub):
// main.ts prints its message as one line instead of a stack trace.
export class StartupError extends Error {}
