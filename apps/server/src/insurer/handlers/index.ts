import type { DocumentStore } from "../../documents/document-store.ts";
import type { LifecycleService } from "../../lifecycle/lifecycle-service.ts";
import type { ImportReport } from "../../policies/policy-import.ts";
import type { InsurerAudit } from "../insurer-audit.ts";
import type { InsurerCallHandlers } from "../insurer-call.ts";
import {
  askForRequirements,
  changeStatus,
  importPolicies,
  setPolicyMatch,
} from "./claim-changes.ts";
import { downloadDocument, listClaims, readClaim } from "./claim-reads.ts";

type InsurerHandlerContext = {
  lifecycle: LifecycleService;
  documentStore: DocumentStore;
  now: () => Date;
  record: InsurerAudit;
  importPolicies: (rows: readonly unknown[]) => Promise<ImportReport>;
};

/** The handler of every insurer call, by the table's name. */
export function insurerHandlers(context: InsurerHandlerContext): InsurerCallHandlers {
  return {
    listClaims: listClaims(context),
    readClaim: readClaim(context),
    downloadDocument: downloadDocument(context),
    changeStatus: changeStatus(context),
    askForRequirements: askForRequirements(context),
    importPolicies: importPolicies(context),
    setPolicyMatch: setPolicyMatch(context),
  };
}
