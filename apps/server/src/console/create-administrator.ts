import { parseArgs } from "node:util";
import { STAFF_PASSWORD_LENGTH } from "@kalinga/domain/staff-roles";
import { runCommand, withServerDatabase } from "../db/database-command.ts";
import { checkSharedSecret } from "../db/secret-fingerprint.ts";
import { resolveSecret } from "../server-secret.ts";
import { audit } from "./audit-log.ts";
import { CONSOLE_ISSUER, createStaffAccounts, temporaryPassword } from "./staff-accounts.ts";

// Creates a console administrator on the database the server's environment names (docs/server.md,
// "The claims-staff console"):
//   npm run create-administrator -- --email ana.reyes@insurer.com.ph --name "Ana Reyes"
// It prints a temporary password to hand over once; KALINGA_ADMIN_PASSWORD sets it instead, for
// scripted set-ups. The administrator sets up an authenticator app at the first sign-in. With the
// embedded database, stop the server first: PGlite has one user at a time.

const usage = 'Usage: npm run create-administrator -- --email <e-mail> --name "<full name>"';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { email: { type: "string" }, name: { type: "string" } },
    strict: true,
  });
  const email = values.email?.trim() ?? "";
  const name = values.name?.trim() ?? "";
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(email) || name === "") {
    console.error(usage);
    return 2;
  }
  const given = process.env.KALINGA_ADMIN_PASSWORD;
  if (
    given !== undefined &&
    (given.length < STAFF_PASSWORD_LENGTH.min || given.length > STAFF_PASSWORD_LENGTH.max)
  ) {
    console.error(
      `KALINGA_ADMIN_PASSWORD must have ${STAFF_PASSWORD_LENGTH.min} to ${STAFF_PASSWORD_LENGTH.max} characters.`,
    );
    return 2;
  }
  return withServerDatabase(async (db, config) => {
    const serverSecret = await resolveSecret(config);
    await checkSharedSecret(db, serverSecret, config.now());
    const accounts = createStaffAccounts(db, {
      serverSecret,
      issuer: CONSOLE_ISSUER,
    });
    const password = given ?? temporaryPassword();
    const created = await accounts.create(
      { email, name, role: "administrator", password },
      null,
      config.now(),
    );
    if (created === "taken") {
      console.error(`A staff account with the e-mail address ${email} exists already.`);
      return 1;
    }
    await audit(
      db,
      {
        staffId: null,
        staffEmail: null,
        action: "staff.create",
        detail: { staffId: created.id, email: created.email, role: created.role, by: "command" },
      },
      config.now(),
    );
    console.log(`Created the administrator ${created.email}.`);
    if (given === undefined) console.log(`Temporary password (shown once): ${password}`);
    console.log("Sign in at /console; the first sign-in sets up an authenticator app.");
    return 0;
  });
}

runCommand(main);
