import {
  closeSync,
  existsSync,
  fdatasync,
  fsyncSync,
  ftruncateSync,
  openSync,
  readFileSync,
  renameSync,
  write,
  writeSync,
} from 'node:fs';
import path from 'node:path';

/**
 * Durability for the localnet: a write-ahead log of accepted transactions (one JSON line each,
 * flushed with fdatasync before the RPC answers) and snapshots of the whole LiteSVM state plus
 * our transaction index. On start: load the last snapshot, replay log records newer than it.
 */

export interface WalRecord {
  /** Monotonic sequence number; a snapshot remembers the last one it contains. */
  seq: number;
  slot: number;
  /** Clock sysvar unix timestamp (seconds) the transaction executed under. */
  unixTimestamp: number;
  /** The transaction exactly as received, base64. */
  tx: string;
}

export class WriteAheadLog {
  private readonly fd: number;
  private pending: { line: string; resolve: () => void; reject: (error: Error) => void }[] = [];
  private flushing = false;
  private idleWaiters: (() => void)[] = [];
  private closed = false;

  constructor(readonly file: string) {
    this.fd = openSync(file, 'a', 0o600);
  }

  /** Every record in the log, in order. A torn last line (crash mid-write) is dropped. */
  static read(file: string): WalRecord[] {
    if (!existsSync(file)) return [];
    const records: WalRecord[] = [];
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!line) continue;
      try {
        records.push(JSON.parse(line) as WalRecord);
      } catch {
        // Only the last line can be torn, and it was never acknowledged.
        break;
      }
    }
    return records;
  }

  /**
   * Queues a record and resolves once it is on disk. Records queued while a flush is running
   * share the next fdatasync (group commit), so throughput does not pay one sync per record.
   */
  append(record: WalRecord): Promise<void> {
    if (this.closed) return Promise.reject(new Error('write-ahead log is closed'));
    return new Promise((resolve, reject) => {
      this.pending.push({ line: `${JSON.stringify(record)}\n`, resolve, reject });
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
    const buffer = Buffer.from(batch.map((entry) => entry.line).join(''));
    write(this.fd, buffer, 0, buffer.length, null, (writeError) => {
      if (writeError) {
        this.fail(batch, writeError);
        return;
      }
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

  private fail(batch: { reject: (error: Error) => void }[], error: NodeJS.ErrnoException): void {
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
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
  }

  /** Appends synchronously (used for records that must be durable before start completes). */
  appendSync(record: WalRecord): void {
    writeSync(this.fd, `${JSON.stringify(record)}\n`);
    fsyncSync(this.fd);
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
