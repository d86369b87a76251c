/**
 * The caches that keep query texts and parsed documents between requests, each bounded by the
 * bytes it holds, not by its entries: Apollo's parsed-document store, the persisted-query (APQ)
 * store and graphql-ws's prepared documents (armor.ts).
 *
 * A parsed document keeps its whole source text alive (every node's `loc.source`), comments
 * included, and its nodes take about four times the bytes of their JSON. Apollo's default store
 * counts the JSON alone, so unique queries padded with a long comment filled the heap while the
 * store believed it held a few hundred bytes each. Here an entry costs what it holds: its nodes and
 * its text. Query texts are also capped ({@link ARMOR_LIMITS.maxQueryBytes}), so one entry is small.
 */
import { InMemoryLRUCache } from '@apollo/utils.keyvaluecache';
import type { DocumentNode } from 'graphql';
import { LRUCache } from 'lru-cache';

const MiB = 2 ** 20;

/** Bytes of parsed documents Apollo keeps, so that a repeated query is neither parsed nor validated again. */
export const DOCUMENT_CACHE_BYTES = 16 * MiB;
/** Bytes of registered persisted-query texts (APQ) kept; an evicted one is registered again by its client. */
export const PERSISTED_QUERY_CACHE_BYTES = 16 * MiB;
/** Bytes of parsed and validated documents (and refusals) graphql-ws keeps per query text. */
export const PREPARED_CACHE_BYTES = 8 * MiB;

/** Heap bytes per byte of a node's JSON, as measured on V8 for parsed documents. */
const NODE_BYTES_PER_JSON_BYTE = 4;

/** At most two bytes per character: V8 keeps a string in one byte per character unless it needs two. */
export function textBytes(text: string): number {
  return 2 * text.length;
}

/** Bytes a parsed document holds: its nodes and the source text they keep alive. */
export function documentBytes(document: DocumentNode): number {
  const nodes = NODE_BYTES_PER_JSON_BYTE * Buffer.byteLength(JSON.stringify(document));
  const source = document.loc?.source.body;
  return nodes + (source === undefined ? 0 : textBytes(source));
}

/** Apollo's `documentStore`: parsed documents by query hash, bounded by {@link documentBytes}. */
export function boundedDocumentStore(maxBytes = DOCUMENT_CACHE_BYTES): InMemoryLRUCache<DocumentNode> {
  return new InMemoryLRUCache<DocumentNode>({
    maxSize: maxBytes,
    sizeCalculation: (document) => Math.max(1, documentBytes(document)),
  });
}

/** Apollo's `persistedQueries.cache`: query texts by hash, bounded by {@link textBytes}. */
export function boundedPersistedQueryCache(maxBytes = PERSISTED_QUERY_CACHE_BYTES): InMemoryLRUCache {
  return new InMemoryLRUCache<string>({
    maxSize: maxBytes,
    sizeCalculation: (text) => Math.max(1, textBytes(text)),
  });
}

/**
 * A synchronous least-recently-used map (graphql-ws prepares documents in a synchronous hook),
 * bounded by the bytes `sizeOf` gives each entry.
 */
export function boundedMap<V extends object>(
  maxBytes: number,
  sizeOf: (value: V, key: string) => number,
): LRUCache<string, V> {
  return new LRUCache<string, V>({
    maxSize: maxBytes,
    sizeCalculation: (value, key) => Math.max(1, sizeOf(value, key)),
  });
}
