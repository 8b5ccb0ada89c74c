import {
  closeSync,
  existsSync,
  fdatasync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
  writev,
} from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';

/**
 * Durability for the localnet: a write-ahead log of accepted transactions (flushed with
 * fdatasync before the RPC answers) and snapshots of the whole LiteSVM state plus our
 * transaction index. On start: load the last snapshot, replay log records newer than it.
 *
 * A log record is binary (since 2026-11-26): a mark byte (0xB1), the body's length (u32 LE), the
 * body's CRC-32 (u32 LE), then the body: seq, slot and unix timestamp (u64 LE each) and the
 * transaction's bytes as received. Logs written before that hold one JSON line per record
 * (`{"seq","slot","unixTimestamp","tx"}`, tx in base64, each line starting with '{'); they are
 * still read, and new records are appended after them, so a ledger carries over as it is.
 */

export interface WalRecord {
  /** Monotonic sequence number; a snapshot remembers the last one it contains. */
  seq: number;
  slot: number;
  /** Clock sysvar unix timestamp (seconds) the transaction executed under. */
  unixTimestamp: number;
  /** The transaction exactly as received. */
  tx: Uint8Array;
}

const RECORD_MARK = 0xb1;
const LEGACY_LINE_START = 0x7b; // '{'
/** Mark, body length, body CRC-32. */
const HEADER_BYTES = 9;
/** seq, slot, unix timestamp. */
const FIXED_BODY_BYTES = 24;
const TWO_TO_32 = 2 ** 32;

function writeU64(buffer: Buffer, value: number, offset: number): void {
  buffer.writeUInt32LE(value % TWO_TO_32, offset);
  buffer.writeUInt32LE(Math.floor(value / TWO_TO_32), offset + 4);
}

function readU64(buffer: Buffer, offset: number): number {
  return buffer.readUInt32LE(offset) + buffer.readUInt32LE(offset + 4) * TWO_TO_32;
}

function recordBytes(record: WalRecord): number {
  return HEADER_BYTES + FIXED_BODY_BYTES + record.tx.length;
}

/** Writes `record` at `offset` of `buffer` (which has room for `recordBytes(record)`). */
function encodeRecord(record: WalRecord, buffer: Buffer, offset: number): void {
  const body = offset + HEADER_BYTES;
  buffer[offset] = RECORD_MARK;
  buffer.writeUInt32LE(FIXED_BODY_BYTES + record.tx.length, offset + 1);
  writeU64(buffer, record.seq, body);
  writeU64(buffer, record.slot, body + 8);
  writeU64(buffer, record.unixTimestamp, body + 16);
  buffer.set(record.tx, body + FIXED_BODY_BYTES);
  const end = body + FIXED_BODY_BYTES + record.tx.length;
  buffer.writeUInt32LE(crc32(buffer.subarray(body, end)), offset + 5);
}

/** One record (binary or a legacy JSON line) at `offset`, or null where the log ends or is torn. */
function decodeRecordAt(bytes: Buffer, offset: number): { record: WalRecord; end: number } | null {
  if (bytes[offset] === LEGACY_LINE_START) {
    const end = bytes.indexOf(0x0a, offset);
    if (end < 0) return null;
    try {
      const line = JSON.parse(bytes.toString('utf8', offset, end)) as Record<string, unknown>;
      const { seq, slot, unixTimestamp, tx } = line;
      if (
        typeof seq !== 'number' ||
        typeof slot !== 'number' ||
        typeof unixTimestamp !== 'number' ||
        typeof tx !== 'string'
      ) {
        return null;
      }
      return {
        record: { seq, slot, unixTimestamp, tx: new Uint8Array(Buffer.from(tx, 'base64')) },
        end: end + 1,
      };
    } catch {
      return null;
    }
  }
  if (bytes[offset] !== RECORD_MARK || offset + HEADER_BYTES > bytes.length) return null;
  const length = bytes.readUInt32LE(offset + 1);
  const body = offset + HEADER_BYTES;
  if (length < FIXED_BODY_BYTES || body + length > bytes.length) return null;
  if (crc32(bytes.subarray(body, body + length)) !== bytes.readUInt32LE(offset + 5)) return null;
  return {
    record: {
      seq: readU64(bytes, body),
      slot: readU64(bytes, body + 8),
      unixTimestamp: readU64(bytes, body + 16),
      // A copy: the record outlives the file's buffer (the transaction index keeps it).
      tx: new Uint8Array(bytes.subarray(body + FIXED_BODY_BYTES, body + length)),
    },
    end: body + length,
  };
}

/**
 * The records of a log's bytes, in order, and how many bytes they span. A torn record at the end
 * (a crash mid-write) ends the log: it was never acknowledged.
 */
export function decodeWal(bytes: Buffer): { records: WalRecord[]; length: number } {
  const records: WalRecord[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const next = decodeRecordAt(bytes, offset);
    if (!next) break;
    records.push(next.record);
    offset = next.end;
  }
  return { records, length: offset };
}

interface Pending {
  record: WalRecord;
  resolve: () => void;
  reject: (error: Error) => void;
}

export class WriteAheadLog {
  private readonly fd: number;
  private pending: Pending[] = [];
  private flushing = false;
  private idleWaiters: (() => void)[] = [];
  private closed = false;
  /** The log's length after its last whole write: a failed write is cut back to it. */
  private length = 0;

  private constructor(readonly file: string) {
    this.fd = openSync(file, 'a', 0o600);
  }

  /**
   * Opens (or creates) the log at `file` and returns the records it holds, in order. A torn
   * record at the end is cut off, so that new records follow the last whole one.
   */
  static open(file: string): { log: WriteAheadLog; records: WalRecord[] } {
    const { records, length } = existsSync(file)
      ? decodeWal(readFileSync(file))
      : { records: [], length: 0 };
    const log = new WriteAheadLog(file);
    if (fstatSync(log.fd).size > length) {
      ftruncateSync(log.fd, length);
      fsyncSync(log.fd);
    }
    log.length = length;
    return { log, records };
  }

  /**
   * Queues a record and resolves once it is on disk. Records queued while a flush is running
   * share the next fdatasync (group commit), so throughput does not pay one sync per record.
   */
  append(record: WalRecord): Promise<void> {
    if (this.closed) return Promise.reject(new Error('write-ahead log is closed'));
    return new Promise((resolve, reject) => {
      this.pending.push({ record, resolve, reject });
      if (!this.flushing) {
        this.flushing = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) {
      this.flushing = false;
      for (const waiter of this.idleWaiters.splice(0)) waiter();
      return;
    }
    let size = 0;
    for (const entry of batch) size += recordBytes(entry.record);
    const buffer = Buffer.allocUnsafeSlow(size);
    let offset = 0;
    for (const entry of batch) {
      encodeRecord(entry.record, buffer, offset);
      offset += recordBytes(entry.record);
    }
    this.writeAll(buffer, (writeError) => {
      if (writeError) {
        this.fail(batch, writeError);
        return;
      }
      this.length += buffer.length;
      fdatasync(this.fd, (syncError) => {
        if (syncError) {
          this.fail(batch, syncError);
          return;
        }
        for (const entry of batch) entry.resolve();
        this.flush();
      });
    });
  }

  /** Writes all of `buffer` at the end of the log (a write may be short). */
  private writeAll(buffer: Buffer, done: (error: NodeJS.ErrnoException | null) => void): void {
    writev(this.fd, [buffer], (error, written) => {
      if (error) done(error);
      else if (written < buffer.length) this.writeAll(buffer.subarray(written), done);
      else done(null);
    });
  }

  /** Rejects the batch; a partly written record is cut off so later ones stay readable. */
  private fail(batch: Pending[], error: NodeJS.ErrnoException): void {
    try {
      ftruncateSync(this.fd, this.length);
    } catch {
      // The next write fails the same way, or replay stops at the torn record.
    }
    for (const entry of batch) entry.reject(error);
    this.flush();
  }

  /** Resolves when nothing is queued or being written. */
  idle(): Promise<void> {
    if (!this.flushing && this.pending.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  get isIdle(): boolean {
    return !this.flushing && this.pending.length === 0;
  }

  /** Empties the log once a snapshot holds everything in it. Call only when idle. */
  truncate(): void {
    ftruncateSync(this.fd, 0);
    fsyncSync(this.fd);
    this.length = 0;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
  }
}

export interface SnapshotFile<Meta> {
  meta: Meta;
  state: Uint8Array;
}

/** Writes `[u32 meta length][meta JSON][state bytes]` atomically: temp file, fsync, rename. */
export function writeSnapshot(file: string, meta: unknown, state: Uint8Array): void {
  const metaBytes = Buffer.from(JSON.stringify(meta));
  const header = Buffer.alloc(4);
  header.writeUInt32LE(metaBytes.length, 0);
  const temp = `${file}.tmp`;
  const fd = openSync(temp, 'w', 0o600);
  try {
    writeSync(fd, header);
    writeSync(fd, metaBytes);
    writeSync(fd, state);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, file);
  syncDirectory(path.dirname(file));
}

export function readSnapshot<Meta>(file: string): SnapshotFile<Meta> | null {
  if (!existsSync(file)) return null;
  const bytes = readFileSync(file);
  const length = bytes.readUInt32LE(0);
  const meta = JSON.parse(bytes.subarray(4, 4 + length).toString('utf8')) as Meta;
  return { meta, state: new Uint8Array(bytes.subarray(4 + length)) };
}

/** A rename is durable only once its directory entry is. */
export function syncDirectory(directory: string): void {
  const fd = openSync(directory, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
