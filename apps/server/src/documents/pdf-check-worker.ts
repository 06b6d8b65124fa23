import { createRequire } from "node:module";
import { parentPort } from "node:worker_threads";
import {
  ParseSpeeds,
  PDFArray,
  PDFBool,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFString,
} from "pdf-lib";
import type { PdfCheckInput, PdfCheckOutcome } from "./pdf-check.ts";
import { opensWithoutPassword, type StandardEncryption } from "./pdf-encryption.ts";

// Runs in a worker thread (pdf-check.ts starts and reuses it): opens each PDF it is sent with pdf-lib and says whether it
// opens without a password and how many pages it has. Everything pdf-lib inflates (object and
// cross-reference streams) goes through DecodeStream.ensureBuffer, whose Uint8Arrays live outside
// the worker's heap limit: they are counted here and refused past the limit before allocation.

type DecodeStreamPrototype = {
  buffer: Uint8Array;
  ensureBuffer(this: DecodeStreamPrototype, requested: number): Uint8Array;
};

const require = createRequire(import.meta.url);
const decodeStream = require("pdf-lib/cjs/core/streams/DecodeStream.js") as {
  default: { prototype: DecodeStreamPrototype };
};

// pdf-lib writes each object it skips to the console, a line per object of a damaged file: the
// outcome says all there is to say.
console.log = console.warn = () => {};

class InflateLimitExceeded extends Error {}

let maxInflatedBytes = 0;
let inflatedBytes = 0;
let inflateLimitExceeded = false;

const ensureBuffer = decodeStream.default.prototype.ensureBuffer;
decodeStream.default.prototype.ensureBuffer = function (requested) {
  if (requested > this.buffer.byteLength) {
    // pdf-lib may catch this and carry on with the next object: the flag keeps the refusal.
    if (inflateLimitExceeded || inflatedBytes + requested > maxInflatedBytes) {
      inflateLimitExceeded = true;
      throw new InflateLimitExceeded();
    }
    const buffer = ensureBuffer.call(this, requested);
    inflatedBytes += buffer.byteLength;
    return buffer;
  }
  return ensureBuffer.call(this, requested);
};

function bytesOf(value: PDFObject | undefined): Uint8Array | null {
  if (value instanceof PDFString || value instanceof PDFHexString) return value.asBytes();
  return null;
}

/** The standard security handler's values, or null for another handler or a broken dictionary. */
function standardEncryption(document: PDFDocument): StandardEncryption | null {
  const { context } = document;
  const dict = context.lookup(context.trailerInfo.Encrypt);
  if (!(dict instanceof PDFDict)) return null;
  if (dict.lookup(PDFName.of("Filter")) !== PDFName.of("Standard")) return null;
  const revision = dict.lookup(PDFName.of("R"));
  const permissions = dict.lookup(PDFName.of("P"));
  const keyBits = dict.lookup(PDFName.of("Length"));
  const owner = bytesOf(dict.lookup(PDFName.of("O")));
  const user = bytesOf(dict.lookup(PDFName.of("U")));
  const ids = context.lookup(context.trailerInfo.ID);
  const fileId = ids instanceof PDFArray ? bytesOf(ids.lookup(0)) : null;
  const encryptMetadata = dict.lookup(PDFName.of("EncryptMetadata"));
  if (!(revision instanceof PDFNumber) || !(permissions instanceof PDFNumber)) return null;
  if (!owner || !user) return null;
  return {
    revision: revision.asNumber(),
    keyBits: keyBits instanceof PDFNumber ? keyBits.asNumber() : 40,
    owner,
    user,
    permissions: permissions.asNumber(),
    fileId: fileId ?? new Uint8Array(0),
    encryptMetadata: !(encryptMetadata instanceof PDFBool) || encryptMetadata.asBoolean(),
  };
}

async function check(bytes: Uint8Array): Promise<PdfCheckOutcome> {
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      // Nothing else runs on this thread, so there is no need to yield between objects.
      parseSpeed: ParseSpeeds.Fastest,
    });
  } catch {
    return { outcome: inflateLimitExceeded ? "inflate-limit" : "unreadable" };
  }
  if (inflateLimitExceeded) return { outcome: "inflate-limit" };

  const restricted = document.isEncrypted;
  if (restricted) {
    const encryption = standardEncryption(document);
    if (!encryption || !opensWithoutPassword(encryption)) return { outcome: "password" };
  }
  let pageCount = 0;
  try {
    pageCount = document.getPageCount();
  } catch {
    pageCount = 0;
  }
  if (pageCount < 1) return { outcome: restricted ? "restricted-unreadable" : "unreadable" };
  return { outcome: "ok", pageCount };
}

// One check at a time: the pool sends the next file only after this one's answer.
parentPort?.on("message", async (input: PdfCheckInput) => {
  maxInflatedBytes = input.maxInflatedBytes;
  inflatedBytes = 0;
  inflateLimitExceeded = false;
  parentPort?.postMessage(await check(input.bytes));
});
