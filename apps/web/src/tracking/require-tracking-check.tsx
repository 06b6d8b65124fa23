import { Navigate, Outlet } from "react-router";
import { isCheckVerified } from "../session/tracking-session.ts";

/** The tracking screens need a number verified by a check of this tab; without one, the check. */
export default function RequireTrackingCheck() {
  return isCheckVerified() ? <Outlet /> : <Navigate to="/claims-tracking" replace />;
}
