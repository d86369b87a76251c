/**
 * Hand-off codes through the door (docs/frontend.md, "Opening a page by link"): minting a code
 * that seals the caller's own credential, and redeeming one once. The HTTP routes
 * (`server/handoff.ts`) parse and answer; what is stored, how long a code lives, how many live at
 * once and how often one address may ask are decided here.
 */
import { hashHandoffCode, newHandoffCode, openSealed, sealCredential } from '../auth/handoff.js';
import { hashToken } from '../auth/tokens.js';
import type { GameStore } from '../db/index.js';
import type { TokenBuckets } from './token-buckets.js';

/** A link's code: long enough to click a link just minted, too short to be worth finding later. */
export const LINK_LIFETIME_SECONDS = 60;
/** A page's reload code: renewed by the open page every third of this, so it dies soon after the page. */
export const RELOAD_LIFETIME_SECONDS = 600;
/** Codes of one credential alive at once (a few open tabs, each with its reload code, and links). */
export const MAX_LIVE_CODES = 16;
/** Requests to /handoff/* one client address may send at once before waiting (one a second refill). */
export const ADDRESS_BURST = 60;
/** The refill of {@link ADDRESS_BURST}: one request a second. */
export const ADDRESS_REFILL_PER_MS = 1 / 1000;

export interface HandoffDeps {
  readonly store: Pick<GameStore, 'storeHandoffCode' | 'takeHandoffCode'>;
  /** One token bucket per client address, shared by both routes. */
  readonly handoffs: TokenBuckets;
}

/** A minted code, or null when the credential already has {@link MAX_LIVE_CODES} alive. */
export interface MintedCode {
  readonly code: string;
  readonly expiresAt: Date;
  readonly lifetimeSeconds: number;
}

/** The hand-off operations of one service. */
export function handoffOperations(deps: HandoffDeps) {
  return {
    /** Takes one request of `address` from its bucket: 0 when granted, else the ms to wait. */
    handoffWait: (address: string): number => deps.handoffs.take(address),

    /** Mints a code sealing `credential` (already resolved as valid by the credential step). */
    async mintHandoffCode(
      credential: string,
      use: 'link' | 'reload',
      replaces: string | undefined,
    ): Promise<MintedCode | null> {
      const code = newHandoffCode();
      const lifetimeSeconds = use === 'link' ? LINK_LIFETIME_SECONDS : RELOAD_LIFETIME_SECONDS;
      const expiresAt = await deps.store.storeHandoffCode({
        codeHash: hashHandoffCode(code),
        credentialHash: hashToken(credential),
        sealed: sealCredential(code, credential),
        lifetimeSeconds,
        maxLive: MAX_LIVE_CODES,
        replacesHash: replaces === undefined ? undefined : hashHandoffCode(replaces),
      });
      return expiresAt ? { code, expiresAt, lifetimeSeconds } : null;
    },

    /** The credential sealed under `code`, once; null for a code never minted, used or expired. */
    async redeemHandoffCode(code: string): Promise<string | null> {
      const sealed = await deps.store.takeHandoffCode(hashHandoffCode(code));
      return (sealed && openSealed(code, sealed)) || null;
    },
  };
}
