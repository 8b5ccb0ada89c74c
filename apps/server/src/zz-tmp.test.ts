import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import { it } from 'vitest';
import { createTestApp } from './test/app-test-kit.ts';
it('measures', async () => {
  const warm = await createTestApp('pglite'); await warm.close();
  const s = new Session(); s.connect();
  await s.post('Profiler.enable'); await s.post('Profiler.start');
  for (let i = 0; i < 3; i++) { const t = await createTestApp('pglite'); await t.close(); }
  const { profile } = await s.post('Profiler.stop');
  writeFileSync('/tmp/m/pglite-app.cpuprofile', JSON.stringify(profile));
}, 120000);
