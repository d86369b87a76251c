/**
 * Every `pg` client and pool the service makes hears its connection's 'error': a server that stops
 * (an embedded cluster killed, a failover) must fail the statement in flight, never end the process
 * with an unhandled 'error' event. A pool's checked-out clients are not heard by the pool, so a pool
 * also listens on each client it connects.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../../src');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (name === 'generated') return [];
    if (statSync(file).isDirectory()) return sources(file);
    return file.endsWith('.ts') ? [file] : [];
  });
}

/** `new pg.Client(` / `new pg.Pool(` sites, each with the variable it is assigned to. */
function sites(text: string): { kind: 'Client' | 'Pool'; target: string; line: number }[] {
  return [...text.matchAll(/(\S+)\s*=\s*(?:[^;\n]*\?\s*)?new pg\.(Client|Pool)\(/g)].map((m) => ({
    kind: m[2] as 'Client' | 'Pool',
    target: m[1]!,
    line: text.slice(0, m.index).split('\n').length,
  }));
}

describe('pg error listeners', () => {
  const files = sources(SRC).map((file) => ({ file, text: readFileSync(file, 'utf8') }));
  const all = files.flatMap(({ file, text }) => sites(text).map((s) => ({ ...s, file, text })));

  it('finds the clients and pools of the service', () => {
    expect(all.length).toBeGreaterThanOrEqual(6);
  });

  it.each(all.map((s) => [`${path.relative(SRC, s.file)}:${s.line} ${s.target}`, s] as const))(
    '%s has an error listener',
    (_, site) => {
      const name = site.target.replace(/^(const|let)\s+/, '');
      const esc = name.replace(/[.#$]/g, (c) => `\\${c}`);
      // The listener may be attached through a loop variable (`for (const p of [pool, ...]) p.on`).
      const direct = new RegExp(`${esc}\\??\\.on\\('error'`).test(site.text);
      const viaLoop = new RegExp(
        `of \\[[^\\]]*\\b${esc}\\b[^\\]]*\\]\\)[\\s\\S]{0,80}\\?\\.on\\('error'`,
      ).test(site.text);
      expect(direct || viaLoop, `${name}: no 'error' listener`).toBe(true);
      if (site.kind === 'Pool') {
        const clients =
          new RegExp(`${esc}\\??\\.on\\('connect',\\s*\\(client\\)\\s*=>\\s*client\\.on\\('error'`).test(
            site.text,
          ) || /p\?\.on\('connect', \(client\) => client\.on\('error'/.test(site.text);
        expect(clients, `${name}: its checked-out clients have no 'error' listener`).toBe(true);
      }
    },
  );
});
