/**
 * GraphiQL's storage, without credentials. GraphiQL keeps its tabs (`graphiql:tabState`), its
 * history (`graphiql:queries`) and favourites in localStorage, each entry with the headers it ran
 * with: the admin token would outlive the browser session and be readable by any page of this
 * origin (the table page included). `shouldPersistHeaders: false` covers only the open tabs.
 *
 * This storage writes to localStorage what GraphiQL stores, with every `headers` field removed, and
 * keeps anything named after headers (`graphiql:headers`) in memory only. A reload keeps the
 * queries and variables and forgets the headers: a credential the IDE was opened with by link comes
 * back from its reload code (../handoff.ts); a pasted one must be pasted again.
 */
import type { Storage } from '@graphiql/toolkit';

/** `value` with every property called `headers` removed, at any depth. */
function withoutHeaders(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutHeaders);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'headers')
      .map(([key, v]) => [key, withoutHeaders(v)]),
  );
}

/** The stored form of `value`: JSON with its headers removed; other text as it is. */
function scrubbed(value: string): string {
  try {
    return JSON.stringify(withoutHeaders(JSON.parse(value)));
  } catch {
    return value;
  }
}

export function credentialFreeStorage(persistent: globalThis.Storage = localStorage): Storage {
  const memory = new Map<string, string>();
  const inMemory = (key: string) => /headers/i.test(key);
  return {
    getItem: (key) => (inMemory(key) ? (memory.get(key) ?? null) : persistent.getItem(key)),
    setItem: (key, value) => {
      if (inMemory(key)) memory.set(key, value);
      else persistent.setItem(key, scrubbed(value));
    },
    removeItem: (key) => {
      memory.delete(key);
      persistent.removeItem(key);
    },
    clear: () => {
      memory.clear();
      persistent.clear();
    },
    get length() {
      return persistent.length + memory.size;
    },
  };
}
