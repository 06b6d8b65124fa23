/**
 * What encrypting documents at rest (docs/decisions/0099) costs an upload and a download: a put
 * and a get of the same document through the disk store alone and through the encrypted store over
 * it, alternating round by round in fresh folders so both see the same disk; and the CPU cost of
 * sealing and opening per megabyte, in memory. KALINGA_DOCUMENT_BENCH_ROUNDS rounds (default 30).
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createDiskDocumentStore } from "../apps/server/src/documents/disk-document-store.ts";
import { open, seal } from "../apps/server/src/documents/document-envelope.ts";
import { type DocumentStore, newStorageKey } from "../apps/server/src/documents/document-store.ts";
import { EncryptedDocumentStore } from "../apps/server/src/documents/encrypted-document-store.ts";
import { type BenchFigure, runBench } from "./support/bench-figure.ts";

const rounds = Number(process.env.KALINGA_DOCUMENT_BENCH_ROUNDS ?? 30);
const ring = { currentId: "bench", keys: new Map([["bench", new Uint8Array(randomBytes(32))]]) };
const MB = 1024 * 1024;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function putAndGet(store: DocumentStore, bytes: Uint8Array): Promise<number> {
  const key = newStorageKey();
  const began = performance.now();
  await store.put(key, bytes);
  const back = await store.get(key);
  const elapsed = performance.now() - began;
  if (back.length !== bytes.length) throw new Error("The store gave back other bytes.");
  return elapsed;
}

/** Median put + get of `bytes` through each store, the two alternating round by round. */
async function sideBySide(bytes: Uint8Array) {
  const root = await mkdtemp(path.join(tmpdir(), "kalinga-bench-documents-"));
  try {
    const plainTimes: number[] = [];
    const encryptedTimes: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const plain = createDiskDocumentStore(path.join(root, `plain-${round}`));
      const encrypted = new EncryptedDocumentStore(
        createDiskDocumentStore(path.join(root, `encrypted-${round}`)),
        ring,
      );
      // Which goes first alternates, so neither always meets a warm cache.
      if (round % 2 === 0) {
        plainTimes.push(await putAndGet(plain, bytes));
        encryptedTimes.push(await putAndGet(encrypted, bytes));
      } else {
        encryptedTimes.push(await putAndGet(encrypted, bytes));
        plainTimes.push(await putAndGet(plain, bytes));
      }
    }
    return { plain: median(plainTimes), encrypted: median(encryptedTimes) };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

/**
 * Milliseconds of this process's CPU time to seal and open one megabyte, over `rounds` documents
 * of `bytes`: CPU time, not wall time, so other work on the machine does not count.
 */
function sealAndOpenPerMb(bytes: Uint8Array): number {
  const key = newStorageKey();
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const began = process.cpuUsage();
    open(ring, key, seal(ring, key, bytes));
    const spent = process.cpuUsage(began);
    times.push((spent.user + spent.system) / 1000);
  }
  return median(times) / (bytes.length / MB);
}

async function measure(): Promise<BenchFigure[]> {
  const large = new Uint8Array(randomBytes(10 * MB));
  const typical = new Uint8Array(randomBytes(400 * 1024));
  const big = await sideBySide(large);
  const small = await sideBySide(typical);
  return [
    {
      name: "put + get of a 10 MB document, disk store",
      value: big.plain,
      unit: "ms",
      note: `median of ${rounds}`,
    },
    { name: "put + get of a 10 MB document, encrypted", value: big.encrypted, unit: "ms" },
    {
      name: "encrypted / disk, 10 MB",
      value: big.encrypted / big.plain,
      unit: "×",
      budget: { max: 1.5 },
    },
    {
      name: "encrypted / disk, 400 KB (a phone photo as PDF)",
      value: small.encrypted / small.plain,
      unit: "×",
      budget: { max: 1.5 },
      note: `${small.plain.toFixed(1)} ms vs ${small.encrypted.toFixed(1)} ms`,
    },
    {
      name: "seal + open per MB, CPU time",
      value: sealAndOpenPerMb(large),
      unit: "ms/MB",
      budget: { max: 10 },
      note: "AES-256-GCM both ways, in memory",
    },
  ];
}

await runBench("Documents encrypted at rest: what a put and a get cost", measure);
