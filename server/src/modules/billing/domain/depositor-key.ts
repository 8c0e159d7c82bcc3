/**
 * The key a depositor name is compared by: bank statements and forms differ in spacing, letter case
 * and Unicode composition (한글 typed on different keyboards), never in the letters themselves.
 */
export function depositorKey(name: string): string {
  return name.normalize('NFC').replace(/\s+/g, '').toLowerCase();
}
