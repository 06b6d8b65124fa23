import { readdirSync, readFileSync } from "node:fs";

// CPU time read from /proc (Linux): what a process, or every PostgreSQL process of this machine,
// spent on the cores that the benchmark, its servers and the database share.

/** Linux's USER_HZ: /proc counts CPU time in hundredths of a second. */
const CLOCK_TICKS = 100;

/** User and system CPU seconds of a process so far. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/** CPU seconds of each running PostgreSQL process (the postmaster, its backends and workers). */
function postgresProcesses(): Map<number, number> {
  const seconds = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() !== "postgres") continue;
      seconds.set(Number(entry), cpuSeconds(Number(entry)));
    } catch {
      // The process ended while it was read.
    }
  }
  return seconds;
}

/**
 * Starts counting the CPU seconds PostgreSQL spends on this machine; the returned function reads
 * them. A process that ends before the reading counts nothing (its last seconds are lost, never
 * counted twice); one started meanwhile counts all of its own.
 */
export function postgresCpu(): () => number {
  const before = postgresProcesses();
  return () => {
    let total = 0;
    for (const [pid, seconds] of postgresProcesses()) total += seconds - (before.get(pid) ?? 0);
    return total;
  };
}

/** Starts counting a process's CPU seconds; the returned function reads them. */
export function processCpu(pid: number): () => number {
  const before = cpuSeconds(pid);
  return () => cpuSeconds(pid) - before;
}

/** Starts counting this process's own CPU seconds (the load generator); the returned function reads them. */
export function ownCpu(): () => number {
  const before = process.cpuUsage();
  return () => {
    const used = process.cpuUsage(before);
    return (used.user + used.system) / 1e6;
  };
}
