/**
 * Audits a running server's DUM ledger from the outside:
 *   node --import tsx scripts/audit-ledger.ts [http://localhost:3000]
 * Pages GET /api/emissions/ledger to the end, reads GET /api/emissions/platform-stats, and
 * checks every ledger invariant that auditLedger knows (packages/core/src/ledger-audit.ts: event
 * indices once each in mint order, rewards by the schedule, nothing past the cap, no action paid
 * twice, the published totals).
 * Exits 0 when the ledger is sound, 1 with one line per problem otherwise.
 */
import { auditLedger, type AuditableLedgerEntry } from '@dum/core';

export async function fetchAndAudit(baseUrl: string) {
  const entries: AuditableLedgerEntry[] = [];
  let after: string | null = null;
  for (;;) {
    const url = new URL('/api/emissions/ledger', baseUrl);
    url.searchParams.set('limit', '500');
    if (after) url.searchParams.set('after', after);
    const response = await fetch(url);
    if (!response.ok)
      throw new Error(`${url.pathname}: ${response.status} ${await response.text()}`);
    const page = (await response.json()) as {
      items: AuditableLedgerEntry[];
      nextCursor: string | null;
    };
    entries.push(...page.items);
    if (!page.nextCursor) break;
    after = page.nextCursor;
  }
  const statsResponse = await fetch(new URL('/api/emissions/platform-stats', baseUrl));
  const stats = (await statsResponse.json()) as { totalEvents: number; totalMinted: string };
  return auditLedger(entries, {
    totalEvents: BigInt(stats.totalEvents),
    totalMinted: BigInt(stats.totalMinted),
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const baseUrl = process.argv[2] ?? 'http://localhost:3000';
  const audit = await fetchAndAudit(baseUrl);
  if (audit.ok) {
    process.stdout.write(
      `ledger sound: ${audit.rewardedEvents} rewarded events, ${audit.totalMinted} base units minted\n`,
    );
  } else {
    process.stdout.write(`${audit.problems.join('\n')}\n`);
    process.exitCode = 1;
  }
}
