/**
 * `npm run bench:cards`: how long drawing one link card's picture takes (modules/cards: Skia
 * draws it, png.ts encodes it), in this process, for BENCH_CARDS different cards (every one a
 * miss of the server's picture cache: distinct text, lengths and progress), after a warm-up.
 * Prints p50, p99 and the largest time per render, and the PNG sizes.
 * Target: p99 under 50 ms on this machine. What was measured: docs/benchmarks.md, bench:cards.
 *
 * Environment: BENCH_CARDS (default 400), BENCH_WARMUP (default 20).
 */
import os from 'node:os';
import { pngSize, renderCard, type CardFacts } from '../apps/server/src/modules/cards/index.ts';
import { percentile } from './measure.ts';

const CARDS = Number(process.env.BENCH_CARDS ?? 400);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);

const WORDS =
  'vibe vault unlock drop track studio basement Lisbon friends night sunrise mix tape first EP supporters target raised sealed capsule mystery box sings'.split(
    ' ',
  );

/** The i-th card: kinds in turn, headings from 2 to 40 words, a progress bar on vaults. */
function cardAt(i: number): CardFacts {
  const kinds = ['post', 'vault', 'mystery', 'profile'] as const;
  const kind = kinds[i % kinds.length] ?? 'post';
  const words = Array.from(
    { length: 2 + ((i * 7) % 39) },
    (_, w) => WORDS[(i + w * 3) % WORDS.length],
  );
  const ratio = (i % 101) / 100;
  return {
    kind,
    id: String(i + 1),
    title: `Card ${i}`,
    description: `Card ${i}`,
    label: kind.toUpperCase(),
    heading: `${i}: ${words.join(' ')}`,
    byline: `Creator ${i} · @creator_${i}`,
    detail: kind === 'vault' ? null : `Detail ${i}: ${words.slice(0, 12).join(' ')}`,
    progress:
      kind === 'vault'
        ? { ratio, label: `${(ratio * 0.3).toFixed(3)} of 0.3 SOL · ${i % 17} supporters` }
        : null,
    note: `Note ${i} · ends 9 Dec 2026, 20:00 UTC`,
    pagePath: `/${kind}/${i + 1}`,
  };
}

async function main(): Promise<void> {
  for (let i = 0; i < WARMUP; i += 1) await renderCard(cardAt(CARDS + i));
  const times: number[] = [];
  const sizes: number[] = [];
  for (let i = 0; i < CARDS; i += 1) {
    const facts = cardAt(i);
    const started = performance.now();
    const png = await renderCard(facts);
    times.push(performance.now() - started);
    sizes.push(png.length);
    const size = pngSize(png);
    if (size?.width !== 1200 || size.height !== 630) throw new Error(`card ${i}: not 1200x630`);
  }
  times.sort((a, b) => a - b);
  sizes.sort((a, b) => a - b);
  const [load1, load5] = os.loadavg();
  console.log(
    `bench:cards: ${CARDS} cards, 1200x630 PNG: p50 ${percentile(times, 50).toFixed(1)} ms, ` +
      `p99 ${percentile(times, 99).toFixed(1)} ms, max ${(times.at(-1) ?? 0).toFixed(1)} ms; ` +
      `PNG ${Math.round(percentile(sizes, 50) / 1024)} KB median, ` +
      `${Math.round((sizes.at(-1) ?? 0) / 1024)} KB largest ` +
      `(load ${load1?.toFixed(2)} ${load5?.toFixed(2)}, ${os.cpus().length} cores)`,
  );
  const p99 = percentile(times, 99);
  console.log(
    p99 < 50 ? 'target met: p99 < 50 ms' : `target missed: p99 ${p99.toFixed(1)} ms >= 50 ms`,
  );
}

await main();
