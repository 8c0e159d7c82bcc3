/** The mobile banking app link: amount, account number without hyphens, bank code (docs/product.md §9). */
export function bankingAppLink({
  amount,
  account,
  bankCode,
}: {
  amount: number;
  account: string;
  bankCode: string;
}): string {
  const query = new URLSearchParams({ amount: String(amount), accountNo: account.replace(/-/g, ''), bankCode });
  return `supertoss://send?${query.toString()}`;
}
