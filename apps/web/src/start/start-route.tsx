import { Navigate, useLocation } from "react-router";
import { useWidgetSetting } from "../widget/contexts.ts";
import { StartScreen } from "./start-screen.tsx";

/** The agent-assist portal stores which journey "/" opens; elsewhere "/" is the start form. */
const AGENT_ROUTE_NAME_ITEM = "kalinga:route-name";

export function StartRoute() {
  const setting = useWidgetSetting();
  const { pathname } = useLocation();
  if (setting.channel === "agent-assist" && pathname === "/") {
    const routeName = sessionStorage.getItem(AGENT_ROUTE_NAME_ITEM);
    if (routeName === "claims-tracking" || routeName === "claims-report") {
      return <Navigate to={`/${routeName}`} replace />;
    }
  }
  return <StartScreen />;
}
