import { readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WriteAheadLog, type WalRecord } from './persistence.ts';

let dir: string;
let file: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'dum-wal-'));
  file = path.join(dir, 'transactions.wal');
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function record(seq: number, length = 200): WalRecord {
  const tx = new Uint8Array(length);
  for (let i = 0; i < length; i++) tx[i] = (seq * 31 + i) & 0xff;
  // Values past 2^32 check the u64 fields.
  return { seq, slot: 2 ** 40 + seq, unixTimestamp: 1_764_000_000 + seq, tx };
}

/** A record as logs wrote it before binary records: one JSON line, the transaction in base64. */
function legacyLine(entry: WalRecord): string {
  return `${JSON.stringify({ ...entry, tx: Buffer.from(entry.tx).toString('base64') })}\n`;
}

async function appendAll(entries: WalRecord[]): Promise<void> {
  const { log } = WriteAheadLog.open(file);
  await Promise.all(entries.map((entry) => log.append(entry)));
  log.close();
}

describe('write-ahead log', () => {
  it('reads back what it appended, in order, across group commits', async () => {
    const entries = Array.from({ length: 50 }, (_, i) => record(i + 1, 100 + i));
    await appendAll(entries.slice(0, 20));
    await appendAll(entries.slice(20));
    const { log, records } = WriteAheadLog.open(file);
    log.close();
    expect(records).toEqual(entries);
  });

  it('reads a log of JSON lines written before binary records, and appends after them', async () => {
    const old = [record(1), record(2)];
    writeFileSync(file, old.map(legacyLine).join(''));
    await appendAll([record(3), record(4)]);
    const { log, records } = WriteAheadLog.open(file);
    log.close();
    expect(records).toEqual([...old, record(3), record(4)]);
  });

  it('cuts off a torn last record, so records appended after it are read', async () => {
    await appendAll([record(1), record(2)]);
    const whole = statSync(file).size;
    truncateSync(file, whole - 7);
    await appendAll([record(3)]);
    const { log, records } = WriteAheadLog.open(file);
    log.close();
    expect(records).toEqual([record(1), record(3)]);
  });

  it('cuts off a torn JSON line too', async () => {
    writeFileSync(file, legacyLine(record(1)) + legacyLine(record(2)).slice(0, 30));
    await appendAll([record(3)]);
    const { log, records } = WriteAheadLog.open(file);
    log.close();
    expect(records).toEqual([record(1), record(3)]);
  });

  it('stops at a record whose checksum does not match', async () => {
    await appendAll([record(1), record(2)]);
    const bytes = readFileSync(file);
    // The second record's last byte: its body no longer matches its CRC-32.
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 0xff;
    writeFileSync(file, bytes);
    const { log, records } = WriteAheadLog.open(file);
    log.close();
    expect(records).toEqual([record(1)]);
  });

  it('is empty after truncate', async () => {
    const { log } = WriteAheadLog.open(file);
    await log.append(record(1));
    await log.idle();
    log.truncate();
    await log.append(record(2));
    log.close();
    const reopened = WriteAheadLog.open(file);
    reopened.log.close();
    expect(reopened.records).toEqual([record(2)]);
  });
});
