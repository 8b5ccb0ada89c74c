/**
 * Audits the stored trust scores against the ledger:
 *   npm run audit:trust
 * Reads the database the server is configured with (DATABASE_URL, else the embedded PGlite in
 * DATA_DIR: stop the server first, PGlite is one process's), replays the newest trust run from
 * the emission ledger's edges up to the run's max_ledger_id with the run's stored parameters and
 * seeds (packages/core/src/trust.ts, docs/security.md "Trust"), and compares every wallet's score
 * with the stored one. The computation is deterministic, so a sound store matches exactly.
 * Exits 0 when every score matches, 1 with one line per mismatch otherwise.
 */
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { auditTrust } from '../apps/server/src/modules/trust/index.ts';
// The slice's face brings the app's route types, which the websocket plugin augments.
import type {} from '@fastify/websocket';

const config = loadConfig(process.env);
const database = await openDatabase(config.database);
try {
  const { rows } = await database.pool.query<{ present: boolean }>(
    `select to_regclass('trust_runs') is not null as present`,
  );
  if (!rows[0]?.present) {
    process.stdout.write('this database has no trust tables yet: start the server once\n');
    process.exit(1);
  }
  const audit = await auditTrust(database);
  if (!audit.run) {
    process.stdout.write('no trust run yet: nothing to audit\n');
  } else if (audit.mismatches.length === 0) {
    process.stdout.write(
      `trust sound: run ${audit.run.id} of ${audit.run.computedAt.toISOString()}, ` +
        `${audit.wallets} wallets with trust, ${audit.run.edges} edges up to ledger row ` +
        `${audit.run.maxLedgerId}, every score replayed exactly\n`,
    );
  } else {
    for (const m of audit.mismatches) {
      process.stdout.write(
        `${m.userId}: stored ${m.stored ?? 'none'}, replayed ${m.replayed ?? 'none'}\n`,
      );
    }
    process.stdout.write(
      `${audit.mismatches.length} of ${audit.wallets} scores differ (largest difference ${audit.maxDifference})\n`,
    );
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
