import {
  allowedNextStatuses,
  CLOSED_INCOMPLETE,
  type ClaimStatus,
  claimantSeesChange,
  claimClocks,
  everyOpenItemOverdue,
  isClaimStatus,
  PENDING_REQUIREMENTS,
  REVIEW_OF_REQUIREMENTS,
  type StatusChange,
  transitionRefusal,
  WITH_DECISION,
} from "@kalinga/domain/claim-lifecycle";
import {
  type ClaimAddressee,
  type ClaimantDecision,
  claimAddressee,
  claimantDecision,
} from "@kalinga/domain/claim-messages";
import { claimStatusLabel, statusSlug } from "@kalinga/domain/claim-status";
import { todayInManila } from "@kalinga/domain/dates";
import { toInternationalMobile } from "@kalinga/domain/otp";
import type { Database, Queryable } from "../db/database.ts";
import { enqueueNotification } from "../notifications/enqueue-notification.ts";
import {
  type Actor,
  type ClaimListQuery,
  type Decision,
  findSubmittedClaim,
  insertRequirements,
  listEvents,
  listRequirements,
  listStoredDocuments,
  listSubmittedClaims,
  moveRequirement,
  recordClaimEvent,
  type SubmittedClaim,
  SYSTEM,
  setClaimStatus,
  setDecision,
  setPolicyMatch,
  touchClaim,
} from "./lifecycle-repository.ts";
import { LIFECYCLE_TEXTS as T } from "./lifecycle-texts.ts";

// The rules of a submitted claim's life, applied in one transaction per change: the status moves
// only as the domain's table allows, each change writes its event, and what a claimant can see is
// queued for them by SMS and e-mail in the same transaction (docs/decisions/0050, 0051).

export type LifecycleConfig = {
  /** Due date of a requirement asked without one: this many days after it is asked. */
  requirementDueDays: number;
  /** A claim closed for incomplete requirements reopens when they arrive within this many days. */
  reopenDays: number;
  serviceLevelDays: { Death: number; Living: number };
  /**
   * The insurer's claims pages where the widget runs (https://www.insurer.ph/help-support/claims);
   * messages link to its /link-status/{status} (SMS) and /claims-link-status/{status} (e-mail).
   * Null: the messages say to use Check claim status.
   */
  statusPageUrl: string | null;
};

export type LifecycleRefusal =
  | { refused: "not-found" }
  | { refused: "unknown-status" }
  | { refused: "not-allowed"; status: ClaimStatus; allowed: readonly ClaimStatus[] }
  | { refused: "needs-requirements" }
  | { refused: "needs-decision" }
  | { refused: "requirements-not-overdue" }
  | { refused: "requirement-not-found" }
  | { refused: "reopen-period-over" };

export type NewRequirementRequest = {
  documentCd: string | null;
  description: string;
  dueDate: string | null;
};

const DAY_MS = 86_400_000;

function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return new Date(date.getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

/** "February 24, 2027": a due date as claimants in the Philippines write it. */
function readableDate(isoDate: string): string {
  return new Date(`${isoDate}T00:00:00Z`).toLocaleDateString("en-PH", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** Whom this claim's messages go to and greet (docs/decisions/0067). */
const addresseeOf = (claim: SubmittedClaim): ClaimAddressee =>
  claimAddressee(claim.payload, claim.verifiedMobileNumber);

/** How the e-mails name the claim: a death claim names the insured only as the one it is for. */
const claimWordsOf = (claim: SubmittedClaim) =>
  T.claimWords(claim.webReferenceNumber, addresseeOf(claim).lateInsured);

type ClaimantMessage = { sms: string; subject: string; lines: string[] };

function emailText(claim: SubmittedClaim, lines: readonly string[]): string {
  return [
    T.greeting(addresseeOf(claim).firstName),
    "",
    ...lines,
    "",
    T.warning,
    "",
    T.signature(claim.companyName),
    "",
  ].join("\n");
}

/** What the claimant is told when the insurer asks for these items: each with its own due date. */
function requirementsMessage(
  claim: SubmittedClaim,
  rows: readonly { description: string; dueDate: string }[],
  link: { sms: string; email: string },
): ClaimantMessage {
  const dates = rows.map((row) => row.dueDate).sort();
  const first = readableDate(dates[0] as string);
  const sameDay = dates[0] === dates.at(-1);
  const reference = claim.webReferenceNumber;
  return {
    sms: T.requirementsSms(claim.companyName, reference, rows.length, first, sameDay, link.sms),
    subject: T.requirementsSubject(reference),
    lines: [
      T.requirementsIntro(claimWordsOf(claim), rows.length),
      "",
      ...rows.map((row, index) =>
        T.requirementItem(index + 1, row.description, readableDate(row.dueDate)),
      ),
      "",
      link.email,
    ],
  };
}

/** What the claimant is told when a document is not accepted: why, and the replacement's date. */
function notAcceptedMessage(
  claim: SubmittedClaim,
  item: { description: string; reason: string; dueDate: string },
  link: { sms: string; email: string },
): ClaimantMessage {
  const due = readableDate(item.dueDate);
  return {
    sms: T.notAcceptedSms(claim.companyName, claim.webReferenceNumber, due, link.sms),
    subject: T.notAcceptedSubject(claim.webReferenceNumber),
    lines: [
      T.notAcceptedIntro(claimWordsOf(claim), item.description),
      T.reason(item.reason),
      "",
      T.notAcceptedReplace(due),
      "",
      link.email,
    ],
  };
}

/** What the claimant is told when the status they see changes. */
function statusMessage(
  claim: SubmittedClaim,
  to: ClaimStatus,
  link: { sms: string; email: string },
): ClaimantMessage {
  const label = claimStatusLabel(to);
  const reference = claim.webReferenceNumber;
  return {
    sms: T.statusSms(claim.companyName, reference, label, link.sms),
    subject: T.statusSubject(reference, label),
    lines: [T.statusIntro(claimWordsOf(claim), label), "", link.email],
  };
}

/** What the claimant is told of the decision: the outcome, where the money goes, or why not and what they can do. */
function decisionMessage(
  claim: SubmittedClaim,
  decision: ClaimantDecision,
  link: { sms: string; email: string },
): ClaimantMessage {
  const outcome = T.outcome[decision.outcome];
  const reference = claim.webReferenceNumber;
  const payout = decision.payout
    ? T.payout(
        decision.payout.method,
        decision.payout.provider,
        decision.payout.account,
        decision.outcome === "partly-approved",
      )
    : claim.claimType === "Death"
      ? T.deathPayout
      : T.otherPayout;
  const notApproved = decision.outcome !== "approved";
  const paid = decision.outcome !== "denied";
  return {
    sms: T.decisionSms(
      claim.companyName,
      reference,
      outcome,
      [paid ? payout : "", notApproved ? T.reasonElsewhere : ""].filter(Boolean).join(" "),
      link.sms,
    ),
    subject: T.decisionSubject(reference),
    lines: [
      T.decisionIntro(claimWordsOf(claim), outcome),
      ...(decision.reason ? ["", T.reason(decision.reason)] : []),
      ...(paid ? ["", T.nextTitle, `${payout} ${T.paidLater}`] : []),
      ...(notApproved
        ? ["", T.whatYouCanDoTitle, `- ${T.askReview}`, `- ${T.insuranceCommission}`]
        : []),
      "",
      link.email,
    ],
  };
}

/** Who each message goes to, as the console's preview shows it. */
function recipientOf(claim: SubmittedClaim) {
  const addressee = addresseeOf(claim);
  return {
    role: addressee.role,
    name: addressee.fullName,
    greeting: T.greeting(addressee.firstName),
    mobile: addressee.mobile ? toInternationalMobile(addressee.mobile) : null,
    email: addressee.email,
  };
}

/** The messages as the claimant will read them, with their recipients, for the console's preview. */
function previewOf(claim: SubmittedClaim, message: ClaimantMessage) {
  const recipient = recipientOf(claim);
  return {
    recipient,
    sms: recipient.mobile ? message.sms : null,
    email: recipient.email
      ? { subject: message.subject, text: emailText(claim, message.lines) }
      : null,
  };
}

export type MessagePreview = ReturnType<typeof previewOf>;

async function notifyClaimant(
  tx: Queryable,
  claim: SubmittedClaim,
  message: ClaimantMessage,
  now: Date,
): Promise<void> {
  const addressee = addresseeOf(claim);
  if (addressee.mobile) {
    await enqueueNotification(
      tx,
      {
        claimId: claim.claimId,
        channel: "sms",
        to: toInternationalMobile(addressee.mobile),
        text: message.sms,
      },
      now,
    );
  }
  if (addressee.email) {
    const text = emailText(claim, message.lines);
    await enqueueNotification(
      tx,
      {
        claimId: claim.claimId,
        channel: "email",
        to: addressee.email,
        subject: message.subject,
        text,
      },
      now,
    );
  }
}

export function createLifecycleService(db: Database, config: LifecycleConfig, clock: () => Date) {
  /** Where a message about this status sends the claimant, by SMS and by e-mail. */
  const link = (status: ClaimStatus) => {
    const base = config.statusPageUrl?.replace(/\/+$/, "") ?? null;
    const slug = statusSlug(status);
    return {
      sms: T.follow(base && `${base}/link-status/${slug}`),
      email: T.follow(base && `${base}/claims-link-status/${slug}`),
    };
  };

  /** Moves the claim, writes the event and tells the claimant when their label changes. */
  async function move(
    tx: Queryable,
    claim: SubmittedClaim,
    to: ClaimStatus,
    actor: Actor,
    reason: string | null,
    now: Date,
    notify = true,
  ): Promise<void> {
    await setClaimStatus(tx, claim.claimId, to, now);
    await recordClaimEvent(
      tx,
      claim.claimId,
      { kind: "status", from: claim.status, to, reason },
      actor,
      now,
    );
    const decided = to === WITH_DECISION ? claimantDecision(claim.decision, claim.payload) : null;
    if (notify && decided) {
      await notifyClaimant(tx, claim, decisionMessage(claim, decided, link(to)), now);
    } else if (notify && claimantSeesChange(claim.status, to)) {
      await notifyClaimant(tx, claim, statusMessage(claim, to, link(to)), now);
    }
    claim.status = to;
  }

  async function overdueOpenItems(tx: Queryable, claimId: string, today: string) {
    return everyOpenItemOverdue(await listRequirements(tx, claimId), today);
  }

  return {
    async changeStatus(
      webReferenceNumber: string,
      request: { status: string; reason: string | null; decision?: Decision | null },
      actor: Actor,
    ): Promise<{ status: ClaimStatus } | LifecycleRefusal> {
      return db.transaction(async (tx) => {
        const now = clock();
        const claim = await findSubmittedClaim(tx, webReferenceNumber, { lock: true });
        if (!claim) return { refused: "not-found" as const };
        const decision = request.decision ?? claim.decision;
        const refusal = transitionRefusal(claim.status, request.status, {
          hasDecision: decision !== null,
          hasOverdueRequirements: await overdueOpenItems(tx, claim.claimId, todayInManila(now)),
        });
        if (refusal?.refused === "not-allowed") {
          return {
            refused: "not-allowed" as const,
            status: claim.status,
            allowed: refusal.allowed,
          };
        }
        if (refusal) return refusal;
        if (request.decision) {
          await setDecision(tx, claim.claimId, request.decision);
          claim.decision = request.decision;
          await recordClaimEvent(
            tx,
            claim.claimId,
            { kind: "decision", detail: request.decision },
            actor,
            now,
          );
        }
        await move(tx, claim, request.status as ClaimStatus, actor, request.reason, now);
        return { status: claim.status };
      });
    },

    /** Asks for everything missing at once; the claim moves to PENDING and the claimant is told. */
    async askForRequirements(
      webReferenceNumber: string,
      items: readonly NewRequirementRequest[],
      actor: Actor,
    ): Promise<{ status: ClaimStatus; requirementIds: string[] } | LifecycleRefusal> {
      return db.transaction(async (tx) => {
        const now = clock();
        const claim = await findSubmittedClaim(tx, webReferenceNumber, { lock: true });
        if (!claim) return { refused: "not-found" as const };
        const alreadyPending = claim.status === PENDING_REQUIREMENTS;
        if (!alreadyPending) {
          const refusal = transitionRefusal(claim.status, PENDING_REQUIREMENTS, {
            hasDecision: claim.decision !== null,
            hasOverdueRequirements: false,
            askingForRequirements: true,
          });
          if (refusal?.refused === "not-allowed") {
            return {
              refused: "not-allowed" as const,
              status: claim.status,
              allowed: refusal.allowed,
            };
          }
          if (refusal) return refusal;
        }
        const today = todayInManila(now);
        const defaultDue = addDays(today, config.requirementDueDays);
        const rows = items.map((item) => ({ ...item, dueDate: item.dueDate ?? defaultDue }));
        const ids = await insertRequirements(tx, claim.claimId, rows, now);
        await recordClaimEvent(
          tx,
          claim.claimId,
          { kind: "requirements", detail: { ids } },
          actor,
          now,
        );
        if (alreadyPending) await touchClaim(tx, claim.claimId, now);
        else await move(tx, claim, PENDING_REQUIREMENTS, actor, null, now, false);
        await notifyClaimant(
          tx,
          claim,
          requirementsMessage(claim, rows, link(PENDING_REQUIREMENTS)),
          now,
        );
        return { status: claim.status, requirementIds: ids };
      });
    },

    /**
     * A document for an open item arrived. When none is left open, a pending claim moves to
     * UNDER REVIEW DUE TO INCOMPLETE REQUIREMENTS by itself, and a closed one reopens there if
     * it is still within the reopen period.
     */
    async receiveRequirementDocument(
      webReferenceNumber: string,
      requirementId: string,
      actor: Actor,
    ): Promise<{ status: ClaimStatus } | LifecycleRefusal> {
      const result = await this.receiveRequirementDocuments(
        webReferenceNumber,
        [requirementId],
        actor,
      );
      return "refused" in result ? result : { status: result.status };
    },

    /**
     * The claimant sent documents for these open items, in one transaction: each is received, its
     * files are marked sent, the claim moves as receiveRequirementDocument says, and the claimant's
     * acknowledgment is queued (naming the new status when it changed). `inSameTransaction` runs
     * last, so an Idempotency-Key completes with the change or not at all.
     */
    async receiveRequirementDocuments(
      webReferenceNumber: string,
      requirementIds: readonly string[],
      actor: Actor,
      options: {
        acknowledge?: boolean;
        inSameTransaction?: (
          tx: Queryable,
          answer: { status: ClaimStatus; received: string[] },
        ) => Promise<void>;
      } = {},
    ): Promise<{ status: ClaimStatus; received: string[] } | LifecycleRefusal> {
      return db.transaction(async (tx) => {
        const now = clock();
        const claim = await findSubmittedClaim(tx, webReferenceNumber, { lock: true });
        if (!claim) return { refused: "not-found" as const };
        if (claim.status === CLOSED_INCOMPLETE) {
          const events = await listEvents(tx, claim.claimId);
          const closedAt = events.filter((event) => event.to === CLOSED_INCOMPLETE).at(-1)?.at;
          if (closedAt && now.getTime() - closedAt.getTime() > config.reopenDays * DAY_MS) {
            return { refused: "reopen-period-over" as const };
          }
        }
        const received: string[] = [];
        for (const id of requirementIds) {
          if (!(await moveRequirement(tx, claim.claimId, id, "open", "received", now))) continue;
          received.push(id);
          await tx.query(
            `UPDATE claim_documents SET sent_at = $3
             WHERE claim_id = $1 AND requirement_id = $2 AND status = 'stored' AND sent_at IS NULL`,
            [claim.claimId, id, now],
          );
          await recordClaimEvent(
            tx,
            claim.claimId,
            { kind: "requirement", detail: { id, state: "received" } },
            actor,
            now,
          );
        }
        if (received.length === 0) return { refused: "requirement-not-found" as const };
        await touchClaim(tx, claim.claimId, now);
        const before = claim.status;
        const stillOpen = (await listRequirements(tx, claim.claimId)).some(
          (i) => i.state === "open",
        );
        if (
          !stillOpen &&
          (claim.status === PENDING_REQUIREMENTS || claim.status === CLOSED_INCOMPLETE)
        ) {
          // The acknowledgment names the new status; a second message would say it again.
          await move(tx, claim, REVIEW_OF_REQUIREMENTS, SYSTEM, null, now, !options.acknowledge);
        }
        if (options.acknowledge) {
          const label = claimantSeesChange(before, claim.status)
            ? claimStatusLabel(claim.status)
            : null;
          const reference = claim.webReferenceNumber;
          await notifyClaimant(
            tx,
            claim,
            {
              sms: T.documentsReceivedSms(claim.companyName, reference, received.length, label),
              subject: T.documentsReceivedSubject(reference),
              lines: [
                T.documentsReceivedIntro(claimWordsOf(claim), received.length, label),
                "",
                link(claim.status).email,
              ],
            },
            now,
          );
        }
        const answer = { status: claim.status, received };
        await options.inSameTransaction?.(tx, answer);
        return answer;
      });
    },

    /** Accepts a received item, or rejects it with a reason and asks for it again. */
    async decideRequirement(
      webReferenceNumber: string,
      requirementId: string,
      answer: { accept: true } | { accept: false; reason: string },
      actor: Actor,
    ): Promise<{ status: ClaimStatus } | LifecycleRefusal> {
      return db.transaction(async (tx) => {
        const now = clock();
        const claim = await findSubmittedClaim(tx, webReferenceNumber, { lock: true });
        if (!claim) return { refused: "not-found" as const };
        const item = (await listRequirements(tx, claim.claimId)).find(
          (i) => i.id === requirementId,
        );
        const to = answer.accept ? "accepted" : "rejected";
        const reason = answer.accept ? null : answer.reason;
        if (
          !item ||
          !(await moveRequirement(tx, claim.claimId, item.id, "received", to, now, reason))
        ) {
          return { refused: "requirement-not-found" as const };
        }
        await recordClaimEvent(
          tx,
          claim.claimId,
          { kind: "requirement", reason, detail: { id: item.id, state: to } },
          actor,
          now,
        );
        await touchClaim(tx, claim.claimId, now);
        if (!answer.accept) {
          const dueDate = addDays(todayInManila(now), config.requirementDueDays);
          const again = await insertRequirements(
            tx,
            claim.claimId,
            [
              {
                documentCd: item.documentCd,
                description: item.description,
                dueDate,
                replaces: item.id,
              },
            ],
            now,
          );
          await recordClaimEvent(
            tx,
            claim.claimId,
            { kind: "requirements", reason, detail: { ids: again } },
            actor,
            now,
          );
          // One message says what was not accepted, why and by when; not a second status one.
          if (claim.status === REVIEW_OF_REQUIREMENTS) {
            await move(tx, claim, PENDING_REQUIREMENTS, actor, reason, now, false);
          }
          await notifyClaimant(
            tx,
            claim,
            notAcceptedMessage(
              claim,
              { description: item.description, reason: answer.reason, dueDate },
              link(PENDING_REQUIREMENTS),
            ),
            now,
          );
        }
        return { status: claim.status };
      });
    },

    async setPolicyMatch(
      webReferenceNumber: string,
      match: { policyNumber: string; matchCode: number },
      actor: Actor,
    ): Promise<{ policyNumber: string; matchCode: number } | LifecycleRefusal> {
      return db.transaction(async (tx) => {
        const now = clock();
        const claim = await findSubmittedClaim(tx, webReferenceNumber, { lock: true });
        if (!claim) return { refused: "not-found" as const };
        await setPolicyMatch(tx, claim.claimId, match.policyNumber, match.matchCode);
        // The policy number is not written into the event: the event says that it changed.
        await recordClaimEvent(
          tx,
          claim.claimId,
          { kind: "policy-match", detail: { matchCode: match.matchCode } },
          actor,
          now,
        );
        await touchClaim(tx, claim.claimId, now);
        return match;
      });
    },

    /** The SMS and e-mail a request for these items would send, and to whom, without asking. */
    async previewRequirements(
      webReferenceNumber: string,
      items: readonly NewRequirementRequest[],
    ): Promise<MessagePreview | null> {
      const claim = await findSubmittedClaim(db, webReferenceNumber);
      if (!claim) return null;
      const defaultDue = addDays(todayInManila(clock()), config.requirementDueDays);
      const rows = items.map((item) => ({ ...item, dueDate: item.dueDate ?? defaultDue }));
      return previewOf(claim, requirementsMessage(claim, rows, link(PENDING_REQUIREMENTS)));
    },

    /**
     * The SMS and e-mail a status change would send, and to whom, without making it; null
     * messages when the claimant would not be told (their label stays the same).
     */
    async previewStatusChange(
      webReferenceNumber: string,
      request: { status: string; decision?: Decision | null },
    ): Promise<MessagePreview | null> {
      const claim = await findSubmittedClaim(db, webReferenceNumber);
      if (!claim || !isClaimStatus(request.status)) return null;
      const to = request.status;
      const decided =
        to === WITH_DECISION
          ? claimantDecision(request.decision ?? claim.decision, claim.payload)
          : null;
      if (decided) return previewOf(claim, decisionMessage(claim, decided, link(to)));
      if (!claimantSeesChange(claim.status, to)) {
        return { recipient: recipientOf(claim), sms: null, email: null };
      }
      return previewOf(claim, statusMessage(claim, to, link(to)));
    },

    /** Everything the insurer reads of one claim. */
    async readClaim(webReferenceNumber: string) {
      const claim = await findSubmittedClaim(db, webReferenceNumber);
      if (!claim) return null;
      const [events, requirements, documents] = await Promise.all([
        listEvents(db, claim.claimId),
        listRequirements(db, claim.claimId),
        listStoredDocuments(db, claim.claimId),
      ]);
      const changes: StatusChange[] = events
        .filter((event) => event.kind === "status" && event.to)
        .map((event) => ({ to: event.to as ClaimStatus, at: event.at }));
      const clocks = claimClocks({
        claimType: claim.claimType,
        changes,
        now: clock(),
        serviceLevelDays: config.serviceLevelDays[claim.claimType],
      });
      return {
        claim,
        events,
        requirements,
        documents,
        clocks,
        allowedNextStatuses: allowedNextStatuses(claim.status),
      };
    },

    listClaims(query: ClaimListQuery) {
      return listSubmittedClaims(db, query);
    },

    /** A stored document of a submitted claim, by id. */
    async findDocument(webReferenceNumber: string, documentId: string) {
      const claim = await findSubmittedClaim(db, webReferenceNumber);
      if (!claim) return null;
      const documents = await listStoredDocuments(db, claim.claimId);
      return documents.find((document) => document.id === documentId) ?? null;
    },
  };
}

export type LifecycleService = ReturnType<typeof createLifecycleService>;
