// At most `capacity` document conversions (a photo decoded and re-encoded, a PDF opened in its
// worker) at once in this process; the others wait their turn in arrival order. Each conversion
// holds tens of megabytes while it runs, so the gate, not the number of uploads in flight, bounds
// the server's memory (docs/decisions/0100).

export type ConversionGate = {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Conversions running now. */
  running(): number;
  /** Conversions waiting for a place. */
  waiting(): number;
};

export function conversionGate(capacity: number): ConversionGate {
  if (!Number.isInteger(capacity) || capacity < 1) {
    throw new Error(`A conversion gate needs a capacity of at least 1, got ${capacity}.`);
  }
  let running = 0;
  const queue: (() => void)[] = [];

  async function enter(): Promise<void> {
    if (running < capacity) {
      running += 1;
      return;
    }
    // The place is handed over by leave(): running stays counted for the waiter.
    await new Promise<void>((resolve) => queue.push(resolve));
  }

  function leave(): void {
    const next = queue.shift();
    if (next) next();
    else running -= 1;
  }

  return {
    async run(task) {
      await enter();
      try {
        return await task();
      } finally {
        leave();
      }
    },
    running: () => running,
    waiting: () => queue.length,
  };
}

const gates = new Map<number, ConversionGate>();

/** The process's one gate of that capacity (the servers of a process share its cores). */
export function sharedConversionGate(capacity: number): ConversionGate {
  let gate = gates.get(capacity);
  if (!gate) {
    gate = conversionGate(capacity);
    gates.set(capacity, gate);
  }
  return gate;
}
