import type { StaffMember } from "@kalinga/domain/console-answers";
import type { StaffPermission } from "@kalinga/domain/staff-roles";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from "react";
import { ApiError, consoleCall, setCsrfToken, whenSignedOut } from "./api.ts";

// Who is signed in, read from the server at start; the cookie itself is httpOnly.

type SessionState = {
  staff: StaffMember | null;
  ready: boolean;
  signedIn(staff: StaffMember, csrfToken: string): void;
  signOut(): Promise<void>;
};

const SessionContext = createContext<SessionState | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [staff, setStaff] = useState<StaffMember | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    whenSignedOut(() => setStaff(null));
    consoleCall("readSession")
      .then((answer) => {
        setCsrfToken(answer.csrfToken);
        setStaff(answer.staff);
      })
      .catch((error: unknown) => {
        if (!(error instanceof ApiError)) throw error;
      })
      .finally(() => setReady(true));
  }, []);

  const signedIn = useCallback((member: StaffMember, csrfToken: string) => {
    setCsrfToken(csrfToken);
    setStaff(member);
  }, []);

  const signOut = useCallback(async () => {
    await consoleCall("signOut").catch(() => undefined);
    setCsrfToken("");
    setStaff(null);
  }, []);

  return (
    <SessionContext.Provider value={{ staff, ready, signedIn, signOut }}>
      {children}
    </SessionContext.Provider>
  );
}

export function useSession(): SessionState {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSession outside SessionProvider");
  return session;
}

export const may = (staff: StaffMember | null, permission: StaffPermission) =>
  staff?.permissions.includes(permission) ?? false;

/** A screen only staff with `permission` use: anyone else sees its title alone. */
export function Permitted({
  permission,
  title,
  children,
}: {
  permission: StaffPermission;
  title: string;
  children: ReactNode;
}) {
  const { staff } = useSession();
  return may(staff, permission) ? children : <h1 tabIndex={-1}>{title}</h1>;
}
