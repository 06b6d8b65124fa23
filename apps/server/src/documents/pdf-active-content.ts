import {
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFName,
  type PDFObject,
  PDFRef,
  PDFStream,
} from "pdf-lib";

// Removes from a loaded PDF what a reader runs or opens by itself, and keeps what an examiner
// reads: pages, their text, images and fonts, bookmarks, links to web pages (/URI) and page jumps.
// Used in the PDF check worker (pdf-check-worker.ts), decision 0066.

/** Keys whose value only ever runs or carries something: additional and opening actions, script
 * and embedded-file name trees, a script's text, an embedded file's stream, XFA forms. */
const ACTIVE_KEYS = [
  "OpenAction",
  "AA",
  "JavaScript",
  "EmbeddedFiles",
  "JS",
  "EF",
  "XFA",
  "NeedsRendering",
  "Collection",
] as const;

/** Actions that run a script, start a program, send or load form data, or open another file. */
const ACTIVE_ACTIONS = new Set([
  "JavaScript",
  "Launch",
  "SubmitForm",
  "ImportData",
  "ResetForm",
  "GoToR",
  "GoToE",
  "Rendition",
  "RichMediaExecute",
]);

/** Annotations that carry a file or play media instead of marking up the page. */
const ACTIVE_ANNOTATIONS = new Set([
  "FileAttachment",
  "RichMedia",
  "Movie",
  "Sound",
  "Screen",
  "3D",
]);

const name = (key: string) => PDFName.of(key);

function isActiveAction(document: PDFDocument, value: PDFObject | undefined): boolean {
  const action = value instanceof PDFRef ? document.context.lookup(value) : value;
  if (action instanceof PDFArray) {
    return action.asArray().some((item) => isActiveAction(document, item));
  }
  if (!(action instanceof PDFDict)) return false;
  const type = action.lookup(name("S"));
  if (type instanceof PDFName && ACTIVE_ACTIONS.has(type.decodeText())) return true;
  // A harmless action may chain to an active one.
  return isActiveAction(document, action.get(name("Next")));
}

function isActiveAnnotation(document: PDFDocument, value: PDFObject | undefined): boolean {
  const annotation = value instanceof PDFRef ? document.context.lookup(value) : value;
  if (!(annotation instanceof PDFDict)) return false;
  const subtype = annotation.lookup(name("Subtype"));
  return subtype instanceof PDFName && ACTIVE_ANNOTATIONS.has(subtype.decodeText());
}

/** Cleans one dictionary in place; says what it removed. */
function cleanDict(document: PDFDocument, dict: PDFDict, removed: Set<string>): void {
  for (const key of ACTIVE_KEYS) {
    if (dict.has(name(key))) {
      dict.delete(name(key));
      removed.add(key);
    }
  }
  for (const key of ["A", "Next", "PA"]) {
    if (isActiveAction(document, dict.get(name(key)))) {
      dict.delete(name(key));
      removed.add("action");
    }
  }
  const annots = dict.lookup(name("Annots"));
  if (annots instanceof PDFArray) {
    const kept = annots.asArray().filter((item) => !isActiveAnnotation(document, item));
    if (kept.length < annots.size()) {
      dict.set(name("Annots"), document.context.obj(kept));
      removed.add("annotation");
    }
  }
}

function cleanObject(document: PDFDocument, object: PDFObject, removed: Set<string>): void {
  if (object instanceof PDFStream) {
    cleanObject(document, object.dict, removed);
  } else if (object instanceof PDFDict) {
    cleanDict(document, object, removed);
    for (const [, value] of object.entries()) cleanObject(document, value, removed);
  } else if (object instanceof PDFArray) {
    for (const value of object.asArray()) cleanObject(document, value, removed);
  }
}

/** Objects no longer reachable from the trailer, so that nothing removed stays in the file. */
function deleteUnreachable(document: PDFDocument): void {
  const { context } = document;
  const reached = new Set<PDFRef>();
  const pending: (PDFObject | undefined)[] = [context.trailerInfo.Root, context.trailerInfo.Info];
  while (pending.length > 0) {
    const object = pending.pop();
    if (object instanceof PDFRef) {
      if (reached.has(object)) continue;
      reached.add(object);
      pending.push(context.lookup(object));
    } else if (object instanceof PDFStream) {
      pending.push(object.dict);
    } else if (object instanceof PDFDict) {
      for (const [, value] of object.entries()) pending.push(value);
    } else if (object instanceof PDFArray) {
      pending.push(...object.asArray());
    }
  }
  for (const [ref] of context.enumerateIndirectObjects()) {
    if (!reached.has(ref)) context.delete(ref);
  }
}

/**
 * Removes the active content of `document` in place and gives what kinds were removed (empty:
 * nothing to remove, the file can be kept as sent).
 */
export function removeActiveContent(document: PDFDocument): string[] {
  const removed = new Set<string>();
  for (const [, object] of document.context.enumerateIndirectObjects()) {
    cleanObject(document, object, removed);
  }
  if (removed.size > 0) deleteUnreachable(document);
  return [...removed].sort();
}
