/** "1 account", "3 accounts": a count with its noun (nouns whose plural takes an s). */
export function counted(count: number, noun: string): string {
  return `${count} ${count === 1 ? noun : `${noun}s`}`;
}
