import * as z from "zod/mini";
import { claimCallCommon, type ReturnCode } from "./claim-api.ts";

// The logged-in channels' lists (decision 0059): the portal user's policies for /cfm, and the agent's
// claims report (/claims-report): the claims the agent filed on agent assist and the claims on the
// policies the agent serves, for the agent of the portal's assertion alone.

export const listAgentClaimsSchema = z.object({ ...claimCallCommon });

/** /cfm's policy list: the member's policies of the assertion, or the policies the agent serves. */
export const listPortalPoliciesSchema = z.object({ ...claimCallCommon });

export type PortalPolicy = { policyNumber: string; insuredName: string };

export type ListPortalPoliciesResponse = { returnCode: ReturnCode; policies: PortalPolicy[] };

export type AgentClaim = {
  webReferenceNumber: string;
  /** The insured's first and last name, as filed. */
  insuredName: string;
  policyNumber: string;
  claimInfo: { type: "Death" | "Living"; subType: string };
  status: string;
  /** Requests for documents still waiting on the claimant. */
  openRequirements: number;
  /** ISO time of the submit. */
  submittedAt: string;
  /** Whole days since the submit, in Manila. */
  daysOpen: number;
  /** Filed by the agent on agent assist (else: filed by the client on one of the agent's policies). */
  filedByAgent: boolean;
};

export type ListAgentClaimsResponse = { returnCode: ReturnCode; claims: AgentClaim[] };

/** The report's columns in a CSV export, in order, with their header texts. */
export const AGENT_CLAIMS_CSV_COLUMNS = [
  ["webReferenceNumber", "Web reference number"],
  ["insuredName", "Insured"],
  ["policyNumber", "Policy number"],
  ["claimType", "Claim type"],
  ["status", "Status"],
  ["openRequirements", "Outstanding requirements"],
  ["daysOpen", "Days open"],
  ["submittedAt", "Date filed"],
] as const;

/** One CSV field: quoted when it holds a comma, quote or line break; formulas defused. */
export function csvField(value: string | number): string {
  let text = String(value);
  // A cell starting with = + - @ would run as a formula in a spreadsheet.
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
