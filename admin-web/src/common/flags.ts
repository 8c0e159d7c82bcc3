/**
 * Desktop systems (Windows) draw a flag emoji as two letters ("KR"); there the storefront shows 👫 instead
 * (the spec's swap), and the console does the same so an operator reads what a member reads.
 */
export const isDesktop = () =>
  typeof navigator !== 'undefined' && !/Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent);

export const swapFlags = (text: string, desktop = isDesktop()) =>
  desktop ? text.replace(/[\u{1F1E6}-\u{1F1FF}]{2}/gu, '👫') : text;
