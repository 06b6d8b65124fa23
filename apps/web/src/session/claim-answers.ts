import { reference } from "./claim-session.ts";
import { type ClaimReceipt, session } from "./session-store.ts";

// The claim session's answers and receipt (decision 0076): the filing steps and the confirmation
// use these, apart from claim-session.ts so the start step does not load them.

/** The claim's answers as stored (claim-data-store.ts reads them field by field). */
export function storedAnswers(): unknown {
  return session.get("claimDataStore");
}

export function storeAnswers(answers: unknown): void {
  session.set("claimDataStore", answers);
}

/** What the confirmation shows of the last claim submitted in this tab. */
export function receipt(): ClaimReceipt | undefined {
  return session.get("submittedClaim");
}

export function keepReceipt(next: ClaimReceipt): void {
  session.set("submittedClaim", next);
}

/** The claim can still call the server: it has its token (a submitted one until it is rated). */
export function isOpen(webReferenceNumber: string): boolean {
  return reference() === webReferenceNumber && session.get("token") !== undefined;
}

/** Resolves once every change so far is stored: before a navigation that reloads the claim. */
export function saved(): Promise<unknown> {
  return session.flushed();
}
