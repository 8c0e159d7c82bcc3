/** The shop's name as shown, without zod (the storefront's first screen reads it; brand.ts re-exports it). */
export const DEFAULT_SITE_NAME = 'SMM 패널';

/** The name to show: the setting, or DEFAULT_SITE_NAME when it is unset or blank. */
export function siteName(value: unknown): string {
  return (typeof value === 'string' && value.trim()) || DEFAULT_SITE_NAME;
}

/** A mail's subject under the brand: "[이름] 제목". */
export const brandedSubject = (name: string, subject: string): string => `[${siteName(name)}] ${subject}`;

/** The signature closing every mail's body. */
export const mailSignature = (name: string): string => `\n\n감사합니다.\n${siteName(name)} 드림`;

/** The console's title: "<이름> 관리자". */
export const consoleTitle = (name: unknown): string => `${siteName(name)} 관리자`;
