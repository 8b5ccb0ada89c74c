/**
 * Preloaded (`--import`) into a server process by browser tests that need time to pass, e.g. to
 * reach an escrow vault's end: the process's clock (Date.now and new Date()) runs ahead by the
 * milliseconds written in the file named by DUM_E2E_CLOCK_OFFSET_FILE (read every 100 ms). The
 * embedded localnet's clock sysvar follows it, and so do the server's own clock and tokens, so a
 * browser page whose clock moves by the same amount stays consistent with it.
 */
import { readFileSync } from 'node:fs';

const file = process.env.DUM_E2E_CLOCK_OFFSET_FILE;
if (file) {
  let offset = 0;
  const read = () => {
    try {
      offset = Number(readFileSync(file, 'utf8').trim()) || 0;
    } catch {
      offset = 0;
    }
  };
  read();
  setInterval(read, 100).unref();
  const RealDate = Date;
  const realNow = RealDate.now.bind(RealDate);
  const now = () => realNow() + offset;
  // A constructor that answers real Date objects (same prototype), so instanceof and every Date
  // made elsewhere keep working; only "now" moves.
  function ShiftedDate(...args) {
    if (!new.target) return new RealDate(now()).toString();
    return args.length === 0 ? new RealDate(now()) : new RealDate(...args);
  }
  ShiftedDate.prototype = RealDate.prototype;
  ShiftedDate.now = now;
  ShiftedDate.parse = RealDate.parse;
  ShiftedDate.UTC = RealDate.UTC;
  globalThis.Date = ShiftedDate;
}
