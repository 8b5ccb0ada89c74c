/**
 * The draft's attached file, kept in IndexedDB (a File is stored as it is; localStorage holds
 * strings of a few MB at most). One record per wallet. Every call settles: where IndexedDB is
 * missing or refuses (private windows, quota), a load answers null and a save false, and the
 * draft keeps its text without the file.
 */

const DATABASE = 'dum-drafts';
const STORE = 'media';

function openStore(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    try {
      const request = indexedDB.open(DATABASE, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
}

async function run<T>(
  mode: IDBTransactionMode,
  action: (store: IDBObjectStore) => IDBRequest,
  fallback: T,
): Promise<T> {
  const database = await openStore();
  if (!database) return fallback;
  return new Promise<T>((resolve) => {
    try {
      const transaction = database.transaction(STORE, mode);
      const request = action(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result as T);
      transaction.onerror = () => resolve(fallback);
      transaction.onabort = () => resolve(fallback);
    } catch {
      resolve(fallback);
    }
  }).finally(() => database.close());
}

function recordKey(wallet: string): string {
  return `create:${wallet}`;
}

export async function saveDraftMedia(wallet: string, file: File): Promise<boolean> {
  const saved = await run<unknown>(
    'readwrite',
    (store) => store.put(file, recordKey(wallet)),
    false,
  );
  return saved !== false;
}

export async function loadDraftMedia(wallet: string): Promise<File | null> {
  const value = await run<unknown>('readonly', (store) => store.get(recordKey(wallet)), null);
  return value instanceof File ? value : null;
}

export async function clearDraftMedia(wallet: string): Promise<void> {
  await run<unknown>('readwrite', (store) => store.delete(recordKey(wallet)), null);
}
