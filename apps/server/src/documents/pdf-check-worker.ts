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
  PDFRawStream,
  type PDFRef,
  PDFString,
} from "pdf-lib";
import { removeActiveContent } from "./pdf-active-content.ts";
import type { PdfCheckInput, PdfCheckOutcome } from "./pdf-check.ts";
import {
  decryptStream,
  emptyPasswordFileKey,
  opensWithoutPassword,
  type StandardEncryption,
} from "./pdf-encryption.ts";

// Runs in a worker thread (pdf-check.ts starts and reuses it): opens each PDF it is sent with
// pdf-lib, says whether it opens without a password and how many pages it has, and rebuilds it
// without scripts, automatic actions and embedded files (pdf-active-content.ts). Everything pdf-lib inflates (object and
// cross-reference streams) goes through DecodeStream.ensureBuffer, whose Uint8Arrays live outside
// the worker's heap limit: they are counted here and refused past the limit before allocation.

type DecodeStreamPrototype = {
  buffer: Uint8Array;
  minBufferLength: number;
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
    // The size ensureBuffer will allocate: the smallest power-of-two multiple that holds it.
    let size = this.minBufferLength;
    while (size < requested) size *= 2;
    // pdf-lib may catch this and carry on with the next object: the flag keeps the refusal.
    if (inflateLimitExceeded || inflatedBytes + size > maxInflatedBytes) {
      inflateLimitExceeded = true;
      throw new InflateLimitExceeded();
    }
    const buffer = ensureBuffer.call(this, requested);
    inflatedBytes += buffer.byteLength;
    return buffer;
  }
  return ensureBuffer.call(this, requested);
};

// An encrypted file's object streams hold its page tree in most files written since PDF 1.5, and
// pdf-lib cannot decrypt them: for a file that opens without a password, each is decrypted with
// its object number (remembered from the header pdf-lib just read) before pdf-lib parses it.
type ObjectStreamDecrypter = (ref: PDFRef, contents: Uint8Array) => Uint8Array;
type PDFParserPrototype = { parseIndirectObjectHeader(this: PDFParserPrototype): PDFRef };
type ObjectStreamParserClass = { forStream(stream: PDFRawStream, ...rest: unknown[]): unknown };

const parser = require("pdf-lib/cjs/core/parser/PDFParser.js") as {
  default: { prototype: PDFParserPrototype };
};
const objectStreamParser = require("pdf-lib/cjs/core/parser/PDFObjectStreamParser.js") as {
  default: ObjectStreamParserClass;
};
let lastObjectRef: PDFRef | null = null;
let decryptObjectStream: ObjectStreamDecrypter | null = null;

const parseIndirectObjectHeader = parser.default.prototype.parseIndirectObjectHeader;
parser.default.prototype.parseIndirectObjectHeader = function () {
  lastObjectRef = parseIndirectObjectHeader.call(this);
  return lastObjectRef;
};
const forStream = objectStreamParser.default.forStream;
objectStreamParser.default.forStream = (stream, ...rest) => {
  const decrypt = decryptObjectStream;
  const decrypted =
    decrypt && lastObjectRef
      ? PDFRawStream.of(stream.dict, decrypt(lastObjectRef, stream.contents))
      : stream;
  return forStream(decrypted, ...rest);
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
  const version = dict.lookup(PDFName.of("V"));
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
    userKey: bytesOf(dict.lookup(PDFName.of("UE"))),
    streamCipher: streamCipherOf(dict, version instanceof PDFNumber ? version.asNumber() : 0),
  };
}

function streamCipherOf(dict: PDFDict, version: number): StandardEncryption["streamCipher"] {
  if (version === 5) return "aes-256";
  if (version !== 4) return "rc4";
  const name = dict.lookup(PDFName.of("StmF"));
  if (!(name instanceof PDFName) || name === PDFName.of("Identity")) return "none";
  const filters = dict.lookup(PDFName.of("CF"));
  const filter = filters instanceof PDFDict ? filters.lookup(name) : undefined;
  const method = filter instanceof PDFDict ? filter.lookup(PDFName.of("CFM")) : undefined;
  if (method === PDFName.of("AESV2")) return "aes-128";
  if (method === PDFName.of("AESV3")) return "aes-256";
  return method === PDFName.of("V2") ? "rc4" : "none";
}

function load(bytes: Uint8Array): Promise<PDFDocument> {
  return PDFDocument.load(bytes, {
    ignoreEncryption: true,
    updateMetadata: false,
    // Nothing else runs on this thread, so there is no need to yield between objects.
    parseSpeed: ParseSpeeds.Fastest,
  });
}

function countPages(document: PDFDocument): number {
  try {
    return document.getPageCount();
  } catch {
    return 0;
  }
}

async function check({ bytes, maxPages }: PdfCheckInput): Promise<PdfCheckOutcome> {
  let document: PDFDocument;
  try {
    document = await load(bytes);
  } catch {
    return { outcome: inflateLimitExceeded ? "inflate-limit" : "unreadable" };
  }
  if (inflateLimitExceeded) return { outcome: "inflate-limit" };
  if (!document.isEncrypted) {
    const pageCount = countPages(document);
    if (pageCount < 1) return { outcome: "unreadable" };
    if (pageCount > maxPages) return { outcome: "too-many-pages", pageCount };
    const removed = removeActiveContent(document);
    // A file with nothing to remove is kept byte for byte, with any signature it carries.
    if (removed.length === 0) return { outcome: "ok", pageCount };
    try {
      const pdf = await document.save({
        updateFieldAppearances: false,
        addDefaultPage: false,
        objectsPerTick: Number.POSITIVE_INFINITY,
      });
      return { outcome: "ok", pageCount, pdf, removed };
    } catch {
      // A file whose active content cannot be written out of it is not kept with it.
      return { outcome: "unreadable" };
    }
  }

  const encryption = standardEncryption(document);
  if (!encryption || !opensWithoutPassword(encryption)) return { outcome: "password" };
  let pageCount = countPages(document);
  const fileKey = emptyPasswordFileKey(encryption);
  if (fileKey) {
    // Again, with the object streams decrypted this time: they may hold the page tree, and they
    // hold the dictionaries that name scripts and actions.
    decryptObjectStream = (ref, contents) =>
      decryptStream(encryption, fileKey, ref.objectNumber, ref.generationNumber, contents);
    try {
      const decrypted = await load(bytes);
      const decryptedPages = inflateLimitExceeded ? 0 : countPages(decrypted);
      if (decryptedPages > 0) {
        document = decrypted;
        pageCount = decryptedPages;
      }
    } catch {
      // The first reading stands.
    } finally {
      decryptObjectStream = null;
    }
    if (inflateLimitExceeded) return { outcome: "inflate-limit" };
  }
  if (pageCount < 1) return { outcome: "restricted-unreadable" };
  if (pageCount > maxPages) return { outcome: "too-many-pages", pageCount };
  // Rewriting an encrypted file would need every string and stream re-encrypted: such a file is
  // kept as sent when it has nothing active, and refused when it has.
  if (removeActiveContent(document).length > 0) return { outcome: "encrypted-active-content" };
  return { outcome: "ok", pageCount };
}

// One check at a time: the pool sends the next file only after this one's answer.
parentPort?.on("message", async (input: PdfCheckInput) => {
  maxInflatedBytes = input.maxInflatedBytes;
  inflatedBytes = 0;
  inflateLimitExceeded = false;
  parentPort?.postMessage(await check(input));
});
