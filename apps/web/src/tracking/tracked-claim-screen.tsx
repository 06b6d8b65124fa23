import type { ReadTrackedClaimResponse } from "@kalinga/domain/claim-tracking";
import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { TitledScreen } from "../ui/titled-screen.tsx";
import { useTrackedClaim } from "./tracked-claims.ts";

/** The server's refusal of a tracking call, in its own words (a reference not of this number…). */
export function TrackingRefusal({ message }: { message: string }) {
  return (
    <p className="k-error" role="alert">
      {message}
    </p>
  );
}

/**
 * A screen about the tracked claim the session names: its heading at once, the claim once read,
 * the server's refusal if any; without a tracked claim, the list of the number's claims.
 */
export function TrackedClaimScreen({
  id,
  title,
  children,
  footer,
}: {
  id: string;
  title: string;
  children: (tracked: ReadTrackedClaimResponse) => ReactNode;
  footer?: ReactNode;
}) {
  const { webReferenceNumber, loaded } = useTrackedClaim();
  if (!webReferenceNumber) return <Navigate to="/your-claim-tracking" replace />;
  return (
    <TitledScreen id={id} title={title}>
      {loaded.state === "ready" ? children(loaded.data) : null}
      {loaded.state === "refused" ? <TrackingRefusal message={loaded.message} /> : null}
      {footer}
    </TitledScreen>
  );
}
