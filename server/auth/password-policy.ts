import { dictionary } from "@zxcvbn-ts/language-common";
import { PASSWORD_MIN_LENGTH } from "#common/contracts/auth";

/**
 * The most common passwords (zxcvbn-ts's maintained list), as far as they are long enough to pass
 * the length rule; checked without regard to case.
 */
const commonPasswords = new Set(
  (dictionary["passwords-common"] as string[]).filter((word) => word.length >= PASSWORD_MIN_LENGTH).map((word) => word.toLowerCase()),
);

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}
