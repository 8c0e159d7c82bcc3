/** A coloured status label; the tone follows the spec's upper-case status names. */
export function StatusBadge({ status, label }: { status: string; label: string }) {
  return <span className={`status status-${statusTone(status)}`}>{label}</span>;
}

function statusTone(status: string): string {
  if (status === 'COMPLETED' || status === 'SUCCESS') return 'ok';
  if (status === 'CANCELED' || status === 'CANCLED' || status === 'FAIL') return 'bad';
  if (status === 'PARTIAL') return 'warn';
  if (status === 'INPROGRESS' || status === 'ACTIVE') return 'info';
  return 'muted';
}
