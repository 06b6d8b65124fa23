import type {
  ConsoleCallAnswer,
  ConsoleCallName,
  ConsoleCallParts,
  ConsoleCalls,
} from "@kalinga/domain/console-calls";
import type { RetentionSettings } from "@kalinga/domain/retention";
import { STAFF_PERMISSIONS, staffMay } from "@kalinga/domain/staff-roles";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { CompanyDirectory } from "../companies/company-directory.ts";
import type { ContentTexts } from "../content/content-texts.ts";
import type { Database } from "../db/database.ts";
import type { DocumentStore } from "../documents/document-store.ts";
import type { Actor } from "../lifecycle/lifecycle-repository.ts";
import type { LifecycleService } from "../lifecycle/lifecycle-service.ts";
import type { SubmittedClaim } from "../submission/submitted-claim.ts";
import type { ConsoleRefusal } from "./console-refusals.ts";
import type { StaffAccounts, StaffUser } from "./staff-accounts.ts";
import type { StaffSession, StaffSessions } from "./staff-sessions.ts";
import type { SignInThrottle } from "./staff-sign-in.ts";

// What every console handler is given and may answer (docs/decisions/0072). The registration has
// already checked the session, the permission, the claim and the input by the call's table row.

export const STAFF_COOKIE = "kalinga_staff";

export type ConsoleServices = {
  db: Database;
  accounts: StaffAccounts;
  sessions: StaffSessions;
  throttle: SignInThrottle;
  lifecycle: LifecycleService;
  documentStore: DocumentStore;
  serviceLevelDays: { Death: number; Living: number };
  /** How long claims are kept, which a data subject's erasure respects (decision 0106). */
  retention: RetentionSettings;
  companies: CompanyDirectory;
  /** The widget's words and their versions (decision 0090). */
  texts: ContentTexts;
  /** Signs the content preview tokens. */
  secret: string;
  secureCookies: boolean;
  now: () => Date;
};

/** A submitted claim the member may work, with whom it is assigned to. */
export type WorkedClaim = SubmittedClaim & { assignedTo: string | null };

type Row<K extends ConsoleCallName> = ConsoleCalls[K];

export type ConsoleCallInput<K extends ConsoleCallName> = ConsoleCallParts<K> & {
  request: FastifyRequest;
  /** For what the table does not say: a cookie, a file's headers, a throttled sign-in's answer. */
  reply: FastifyReply;
  /** The signed-in member, on a call that needs a whole session. */
  staff: Row<K>["credential"] extends "staff-session" ? StaffUser : null;
  sessionId: Row<K>["credential"] extends "staff-session" ? string : null;
  /** The session of a right password, on the code step; its id is the cookie's. */
  passwordStep: Row<K>["credential"] extends "password-step" ? StaffSession & { id: string } : null;
  claim: Row<K>["claim"] extends true ? WorkedClaim : null;
  now: Date;
  /** Writes the call's audit row, by the signed-in member when there is one. */
  record(action: string, webReferenceNumber?: string | null, detail?: object): Promise<void>;
};

/** A handler's answer, a refusal, or the reply it sent itself (a file, a throttled sign-in). */
type ConsoleCallOutcome<K extends ConsoleCallName> =
  | ConsoleCallAnswer<K>
  | ConsoleRefusal
  | FastifyReply;

export type ConsoleCallHandler<K extends ConsoleCallName> = (
  input: ConsoleCallInput<K>,
) => Promise<ConsoleCallOutcome<K>>;

/** One handler per call of the table; the type fails to check when a call has none. */
export type ConsoleCallHandlers = { [K in ConsoleCallName]: ConsoleCallHandler<K> };

export const actorOf = (staff: StaffUser): Actor => ({ kind: "staff", id: staff.email });

/** A member as the console shows them: never the password hash nor the authenticator secret. */
export const publicStaff = (staff: StaffUser) => ({
  id: staff.id,
  email: staff.email,
  name: staff.name,
  role: staff.role,
  permissions: STAFF_PERMISSIONS.filter((p) => staffMay(staff.role, p)),
});

export const dateText = (at: Date) => at.toISOString();
