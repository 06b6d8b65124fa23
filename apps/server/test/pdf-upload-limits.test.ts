import { readFileSync, writeFileSync } from "node:fs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DOCUMENT_MESSAGES } from "../src/http/upload-messages.ts";
import { encryptedPdf, inflationBombPdf, QPDF_ENCRYPTED } from "./fixtures/hostile-pdfs.ts";
import { textPdf } from "./fixtures/pdf-files.ts";
import { ACCIDENT_MANDATORY_SLOTS } from "./support/claim-payloads.ts";
import { documentForm, uploadOn, verifiedClaimOn } from "./support/process-client.ts";
import { killOutright, type ServerProcess, startServer } from "./support/server-process.ts";
import { serverDatabaseEnv } from "./support/test-database.ts";

// PDFs uploaded to a real server process: a decompression bomb is refused within seconds while the
// server keeps answering and its memory stays bounded; a PDF restricted only by an owner password
// is accepted, one that needs a password to open is not.

type Claim = { webReferenceNumber: string; token: string };

let database: Awaited<ReturnType<typeof serverDatabaseEnv>>;
let server: ServerProcess;
let claim: Claim;
const [slotKey = ""] = ACCIDENT_MANDATORY_SLOTS;

const verifiedClaim = (): Promise<Claim> => verifiedClaimOn(server.baseUrl);

const upload = (file: Uint8Array, filename: string) =>
  uploadOn(server.baseUrl, claim, documentForm(claim, slotKey, file, filename, true));

/** A line of /proc/<pid>/status in MB (VmRSS: resident now; VmHWM: the peak since reset). */
function memoryMb(field: "VmRSS" | "VmHWM"): number {
  const status = readFileSync(`/proc/${server.child.pid}/status`, "utf8");
  const kilobytes = Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"))?.[1]);
  return kilobytes / 1024;
}

/** Asks /healthz every 200 ms until stopped; gives each answer's status and time. */
function pollHealth(): { stop: () => Promise<{ status: number; ms: number }[]> } {
  const answers: { status: number; ms: number }[] = [];
  let polling = true;
  const loop = (async () => {
    while (polling) {
      const started = performance.now();
      const status = await fetch(`${server.baseUrl}/healthz`, { signal: AbortSignal.timeout(5000) })
        .then((response) => response.status)
        .catch(() => 0);
      answers.push({ status, ms: performance.now() - started });
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  return {
    stop: async () => {
      polling = false;
      await loop;
      return answers;
    },
  };
}

beforeAll(async () => {
  database = await serverDatabaseEnv();
  server = await startServer(database.env);
  claim = await verifiedClaim();
}, 60_000);
afterAll(async () => {
  if (server) await killOutright(server);
  await database.cleanUp();
});

describe("uploading a PDF to a running server", () => {
  test("refuses a decompression bomb within seconds, with bounded memory, answering /healthz throughout", {
    timeout: 90_000,
  }, async () => {
    // About 3 MB whose object stream inflates to 3 GiB.
    const bomb = inflationBombPdf(3 * 1024 ** 3);
    expect(bomb.length).toBeLessThan(4 * 1024 * 1024);
    const idleRssMb = memoryMb("VmRSS");
    // Resets VmHWM to the current RSS (Linux 4.0+), so the peak below is this upload's.
    writeFileSync(`/proc/${server.child.pid}/clear_refs`, "5");

    const health = pollHealth();
    const started = performance.now();
    const answer = await upload(bomb, "statement.pdf");
    const elapsedMs = performance.now() - started;
    const answers = await health.stop();
    const peakGrowthMb = memoryMb("VmHWM") - idleRssMb;

    expect(answer).toEqual({
      status: 417,
      body: { returnCode: "10", refused: "unreadable", message: DOCUMENT_MESSAGES.pdfTooDemanding },
    });
    expect(elapsedMs).toBeLessThan(15_000);
    expect(peakGrowthMb).toBeLessThan(400);
    expect(answers.length).toBeGreaterThan(0);
    for (const { status, ms } of answers) {
      expect(status).toBe(200);
      expect(ms).toBeLessThan(1000);
    }
  });

  test("refuses three bombs sent at once, checking two at a time, within the same memory bound", {
    timeout: 90_000,
  }, async () => {
    const bomb = inflationBombPdf(3 * 1024 ** 3);
    const idleRssMb = memoryMb("VmRSS");
    writeFileSync(`/proc/${server.child.pid}/clear_refs`, "5");
    const health = pollHealth();
    const started = performance.now();
    const answers = await Promise.all([1, 2, 3].map(() => upload(bomb, "statement.pdf")));
    const elapsedMs = performance.now() - started;
    const healthAnswers = await health.stop();
    const peakGrowthMb = memoryMb("VmHWM") - idleRssMb;
    for (const answer of answers) {
      expect(answer.body.message).toBe(DOCUMENT_MESSAGES.pdfTooDemanding);
    }
    expect(elapsedMs).toBeLessThan(30_000);
    expect(peakGrowthMb).toBeLessThan(400);
    for (const { status, ms } of healthAnswers) {
      expect(status).toBe(200);
      expect(ms).toBeLessThan(1000);
    }
  });

  test("still takes a normal PDF and a photo afterwards", { timeout: 30_000 }, async () => {
    const pdf = await upload(await textPdf(3), "hospital-record.pdf");
    expect(pdf.status).toBe(200);
    const photo = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: "#2f6f4f" },
    })
      .jpeg({ quality: 85 })
      .toBuffer();
    const wrapped = await upload(photo, "receipt.jpg");
    expect(wrapped.status).toBe(200);
  });

  test("takes a PDF restricted only by an owner password, as a bank statement is", {
    timeout: 30_000,
  }, async () => {
    for (const pdf of [encryptedPdf(""), QPDF_ENCRYPTED.aes256OwnerOnly]) {
      const answer = await upload(pdf, "bank-statement.pdf");
      expect(answer.status).toBe(200);
      expect(answer.body.returnCode).toBe("0");
    }
  });

  test("refuses a PDF that needs a password to open, with the password message", {
    timeout: 30_000,
  }, async () => {
    expect(await upload(encryptedPdf("secret"), "locked.pdf")).toEqual({
      status: 417,
      body: {
        returnCode: "10",
        refused: "unreadable",
        message: DOCUMENT_MESSAGES.passwordProtected,
      },
    });
  });
});
