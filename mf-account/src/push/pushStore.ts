import { PUSH_STORE, type PushStoreRecord } from '@velvet/contracts';

/** Where the page keeps its subscriptions' records (the re-subscribe token above all). */
export interface PushRecordStore {
  get(id: string): Promise<PushStoreRecord | undefined>;
  put(record: PushStoreRecord): Promise<void>;
  delete(id: string): Promise<void>;
}

const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });

/**
 * The browser store `vx` (version 5), object store `web-push` keyed `identity:key` with an index on the identity,
 * through the plain IndexedDB API. The page creates it; the service worker only reads and updates it.
 */
export function indexedDbPushStore(factory: IDBFactory = indexedDB): PushRecordStore {
  let opened: Promise<IDBDatabase> | null = null;
  const database = () =>
    (opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const opening = factory.open(PUSH_STORE.database, PUSH_STORE.version);
      opening.onupgradeneeded = () => {
        const db = opening.result;
        if (!db.objectStoreNames.contains(PUSH_STORE.store))
          db.createObjectStore(PUSH_STORE.store, { keyPath: 'id' }).createIndex(PUSH_STORE.index, 'identity');
      };
      opening.onsuccess = () => resolve(opening.result);
      opening.onerror = () => reject(opening.error ?? new Error('IndexedDB could not be opened'));
    }));
  const store = async (mode: IDBTransactionMode) =>
    (await database()).transaction(PUSH_STORE.store, mode).objectStore(PUSH_STORE.store);
  return {
    get: async (id) => (await done((await store('readonly')).get(id))) as PushStoreRecord | undefined,
    put: async (record) => void (await done((await store('readwrite')).put(record))),
    delete: async (id) => void (await done((await store('readwrite')).delete(id))),
  };
}
