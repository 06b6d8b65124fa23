import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, Navigate, RouterProvider } from "react-router";
import "./console.css";
import { Layout } from "./layout.tsx";
import { AuditScreen } from "./screens/audit-screen.tsx";
import { ClaimScreen } from "./screens/claim-screen.tsx";
import { CompaniesScreen } from "./screens/companies-screen.tsx";
import { ContentScreen } from "./screens/content-screen.tsx";
import { DataSubjectsScreen } from "./screens/data-subjects-screen.tsx";
import { NoticesScreen } from "./screens/notices-screen.tsx";
import { PasswordScreen } from "./screens/password-screen.tsx";
import { QueueScreen } from "./screens/queue-screen.tsx";
import { SignInScreen } from "./screens/sign-in-screen.tsx";
import { StaffScreen } from "./screens/staff-screen.tsx";
import { SessionProvider } from "./session.tsx";

// The claims-staff console at /console: sign-in, then the queue, one claim, staff, companies, the
// notices, the widget's words, the audit log and the member's own password.

const router = createBrowserRouter(
  [
    { path: "/sign-in", element: <SignInScreen /> },
    {
      element: <Layout />,
      children: [
        { index: true, element: <QueueScreen /> },
        { path: "claims/:reference", element: <ClaimScreen /> },
        { path: "staff", element: <StaffScreen /> },
        { path: "companies", element: <CompaniesScreen /> },
        { path: "notices", element: <NoticesScreen /> },
        { path: "content", element: <ContentScreen /> },
        { path: "audit", element: <AuditScreen /> },
        { path: "data-subjects", element: <DataSubjectsScreen /> },
        { path: "password", element: <PasswordScreen /> },
        { path: "*", element: <Navigate to="/" replace /> },
      ],
    },
  ],
  { basename: "/console" },
);

const root = document.getElementById("console");
if (root) {
  createRoot(root).render(
    <StrictMode>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </StrictMode>,
  );
}
