import { type ConsoleCallHandlers, type ConsoleServices, publicStaff } from "../console-handler.ts";
import { refuse } from "../console-refusals.ts";
import { CONSOLE_MESSAGES as M } from "../console-texts.ts";
import { type StaffUser, temporaryPassword } from "../staff-accounts.ts";

// Staff accounts: the list, a new account, disabling one, and an administrator's help for a member
// who is slowed down, forgot the password or lost the authenticator (docs/decisions/0063). Every
// change is audited.

type StaffHandlers = Pick<
  ConsoleCallHandlers,
  | "listStaff"
  | "createStaff"
  | "setStaffDisabled"
  | "unlockStaff"
  | "resetStaffPassword"
  | "resetStaffSecondFactor"
>;

/** A member as the staff list shows them: never the password hash nor the authenticator secret. */
function listedMember(member: StaffUser, slowed: ReadonlySet<string>) {
  return {
    id: member.id,
    email: member.email,
    name: member.name,
    role: member.role,
    disabled: member.disabled,
    secondFactorSetUp: member.totpConfirmed,
    // Some address must wait before its next try: an administrator may let it try at once.
    locked: slowed.has(member.email),
  };
}

export function staffAccountHandlers(services: ConsoleServices): StaffHandlers {
  const { accounts, throttle, now } = services;

  /** Another member's account, by the path's id. */
  const memberOf = (id: string) => accounts.find(id);

  return {
    async listStaff() {
      const staff = await accounts.list();
      const slowed = await throttle.slowedDown(
        staff.map((s) => s.email),
        now(),
      );
      return { staff: staff.map((member) => listedMember(member, slowed)) };
    },

    async createStaff({ body, staff, record }) {
      const password = temporaryPassword();
      const created = await accounts.create({ ...body, password }, staff.id, now());
      if (created === "taken") {
        return { refused: "taken", errors: [{ field: "email", message: M.emailTaken }] };
      }
      await record("staff.create", null, {
        staffId: created.id,
        email: created.email,
        role: created.role,
      });
      // Shown once, to be handed over; the account sets up its authenticator at the first sign-in.
      return { staff: publicStaff(created), temporaryPassword: password };
    },

    async setStaffDisabled({ params, body, staff, record }) {
      if (params.id === staff.id) return refuse.self(M.cannotDisableSelf);
      const changed = await accounts.setDisabled(params.id, body.disabled, now());
      if (!changed) return refuse.notFound(null);
      await record(body.disabled ? "staff.disable" : "staff.enable", null, {
        staffId: changed.id,
      });
      return { id: changed.id, disabled: changed.disabled };
    },

    async unlockStaff({ params, record }) {
      const member = await memberOf(params.id);
      if (!member) return refuse.notFound(M.staffNotFound);
      const addresses = await throttle.clearAccount(member.email);
      await record("staff.unlock", null, { staffId: member.id, addresses });
      return { id: member.id, locked: false };
    },

    async resetStaffPassword({ params, staff, record }) {
      const member = await memberOf(params.id);
      if (!member) return refuse.notFound(M.staffNotFound);
      if (member.id === staff.id) return refuse.self(M.cannotResetSelf);
      // Shown once to the administrator, handed over like a new account's; sessions end.
      const password = temporaryPassword();
      await accounts.resetPassword(member.id, password);
      await throttle.clearAccount(member.email);
      await record("staff.password-reset", null, { staffId: member.id });
      return { id: member.id, temporaryPassword: password };
    },

    async resetStaffSecondFactor({ params, staff, record }) {
      const member = await memberOf(params.id);
      if (!member) return refuse.notFound(M.staffNotFound);
      if (member.id === staff.id) return refuse.self(M.cannotResetSelf);
      await accounts.resetSecondFactor(member.id);
      await record("staff.second-factor-reset", null, { staffId: member.id });
      return { id: member.id, secondFactorSetUp: false };
    },
  };
}
