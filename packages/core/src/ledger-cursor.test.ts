import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLedgerId, ledgerQuerySchema, MAX_LEDGER_ID } from './schemas.ts';

/** Finding 10 (issue 21): a ledger or rewards cursor never overflows into a 500. */
describe('ledger cursors', () => {
  it('accepts exactly the decimal ids a bigint column holds', () => {
    expect(isLedgerId('0')).toBe(true);
    expect(isLedgerId('42')).toBe(true);
    expect(isLedgerId(MAX_LEDGER_ID.toString())).toBe(true);
    for (const bad of [
      (MAX_LEDGER_ID + 1n).toString(),
      '9999999999999999999',
      '99999999999999999999999',
      '',
      '-1',
      '1e3',
      ' 1',
      '0x10',
      '１２',
    ]) {
      expect(isLedgerId(bad), bad).toBe(false);
    }
  });

  it('never throws, and accepts a string iff it is a decimal within the column', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (value) => {
        const expected =
          /^\d+$/.test(value) && value.length <= 19 && BigInt(value) <= MAX_LEDGER_ID;
        expect(isLedgerId(value)).toBe(expected);
        expect(ledgerQuerySchema.safeParse({ after: value }).success).toBe(expected);
      }),
    );
  });

  it('round-trips every id in range and refuses every one past it', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: MAX_LEDGER_ID }), (id) => {
        const parsed = ledgerQuerySchema.parse({ after: id.toString() });
        expect(BigInt(parsed.after ?? '-1')).toBe(id);
      }),
    );
    fc.assert(
      fc.property(fc.bigInt({ min: MAX_LEDGER_ID + 1n, max: 10n ** 40n }), (id) => {
        expect(ledgerQuerySchema.safeParse({ after: id.toString() }).success).toBe(false);
      }),
    );
  });
});
