// Anything that changes points announces it here; the scoreboard's cache listens. Keeps scoring,
// review and the scoreboard independent of each other.
type Listener = (eventId: number | null) => void;
const listeners = new Set<Listener>();

export function onStandingsChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Call after a transaction that added, removed or re-scored counted submissions commits. */
export function standingsChanged(eventId: number | null): void {
  for (const listener of listeners) listener(eventId);
}
