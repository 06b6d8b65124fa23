// Work the widget starts outside React (the proof-of-work worker): React's effects end with the root,
// this does not, so unmounting the last widget stops it here.

const running = new Set<() => void>();

/** Registers how to stop a piece of work; call the returned function once it has ended by itself. */
export function whileMounted(stop: () => void): () => void {
  running.add(stop);
  return () => {
    running.delete(stop);
  };
}

/** Stops every piece of work still running: no widget is left to use its result. */
export function stopWidgetWork(): void {
  const stops = [...running];
  running.clear();
  for (const stop of stops) stop();
}
