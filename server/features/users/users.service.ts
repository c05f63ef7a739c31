import { randomUUID } from "node:crypto";
import { z } from "zod";
import { COMPANY_ROLES } from "#common/domain/company-roles";
import { DEFAULT_MEMBER_ROLE, MEMBER_ROLES, type MemberRole } from "#common/domain/member-roles";
import { fullNameSchema } from "#common/contracts/account";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "#common/contracts/auth";
import type { Auth } from "#server/auth/auth";
import type { Database } from "#server/db/database";
import { AppError, isUniqueViolation } from "#server/lib/app-error";
import { insertUserWithProfile, selectProfileByEmail, updateProfileRole } from "#server/queries/users.queries";
import { selectUserCount } from "./users.queries.ts";

const memberRoleSchema = z.enum(MEMBER_ROLES, { error: `Role must be one of: ${MEMBER_ROLES.join(", ")}` });

export const newUserSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email({ error: "Enter a valid email address" })),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, { error: `Password must be at least ${PASSWORD_MIN_LENGTH} characters` })
    .max(PASSWORD_MAX_LENGTH, { error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters` }),
  organizationId: z.uuid().nullable(),
  isEmployee: z.boolean(),
  fullName: fullNameSchema.nullable(),
  companyRole: z.enum(COMPANY_ROLES, { error: `Company role must be one of: ${COMPANY_ROLES.join(", ")}` }).nullable(),
  role: memberRoleSchema.default(DEFAULT_MEMBER_ROLE),
});
export type NewUser = z.input<typeof newUserSchema>;

export interface CreatedUser {
  id: string;
  email: string;
}

/**
 * Creates a user who signs in with email and password, with their profile, in one transaction.
 * The password is hashed by Better Auth's own hasher so that its sign-in accepts it.
 */
export async function createUser(auth: Auth, db: Database, input: NewUser): Promise<CreatedUser> {
  const parsed = newUserSchema.safeParse(input);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new AppError("validation_failed", first?.message ?? "Invalid user", parsed.error.issues);
  }
  const user = parsed.data;
  const context = await auth.$context;
  const passwordHash = await context.password.hash(user.password);
  const id = randomUUID();
  try {
    await db.transaction((tx) =>
      insertUserWithProfile(tx, { id, name: user.fullName ?? user.email, passwordHash, ...user }, randomUUID()),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", `A user with the email ${user.email} already exists`);
    throw error;
  }
  return { id, email: user.email };
}

export function countUsers(db: Database): Promise<number> {
  return selectUserCount(db);
}

/**
 * Gives the member who signs in with `email` one of the member roles (an operator's command: an
 * organization's first admin). Employees of the provider hold no member role.
 */
export async function setMemberRole(db: Database, email: string, role: string): Promise<{ id: string; email: string; role: MemberRole; previousRole: string }> {
  const parsedRole = memberRoleSchema.safeParse(role);
  if (!parsedRole.success) throw new AppError("validation_failed", parsedRole.error.issues[0]?.message ?? "Invalid role");
  const profile = await selectProfileByEmail(db, email.trim());
  if (!profile) throw new AppError("not_found", `No user signs in with the email ${email.trim()}`);
  if (profile.isEmployee) throw new AppError("validation_failed", `${profile.email} is an employee of the provider: member roles are for members of an organization`);
  await updateProfileRole(db, profile.id, parsedRole.data);
  return { id: profile.id, email: profile.email, role: parsedRole.data, previousRole: profile.role };
}
