// The claim as the console reads it: the answer of the readClaim call, typed by the domain's table.

export type { ClaimFile, ClaimView } from "@kalinga/domain/console-answers";
