import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestApp } from '../../support/test-app.js';
import { em } from '../ordering/fixtures.js';

/** Every ledger row of these members, oldest first: the figures a case's closing note shows. */
export async function ledgerRows(t: TestApp, memberIds: number[]) {
  return em(t).execute<
    {
      member_id: number;
      kind: string;
      amount: string;
      balance_after: string;
      reference_type: string;
      reference_id: string;
    }[]
  >(
    'select member_id, kind, amount, balance_after, reference_type, reference_id from point_ledger_entry where member_id in (?) order by id',
    [memberIds],
  );
}

/** Writes a case's evidence (ledger rows, answers) to test-artifacts/partners/<name>.json, for the closing note. */
export function recordEvidence(name: string, evidence: unknown): void {
  const dir = join(process.cwd(), 'test-artifacts', 'partners');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${name}.json`), JSON.stringify(evidence, null, 2));
}
