/**
 * Rulesets in the real service, started the way a user starts it (`npm start`; the other starts
 * below run the same compiled service, `node dist/main.js`, without npm), with `RULESETS_DIR`: a
 * game defined by a file alone is served and played through the API; a game keeps its ruleset
 * version after the file changes and the service restarts (its view and log are the same, its moves
 * follow its own version), and is refused with a typed error once that version is neither loaded
 * nor stored; an invalid file stops the start naming the file and path.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { post } from '../support/game-api.js';
import { useTestDatabase } from '../support/db.js';
import { buildDist, ROOT, startServiceProcess, type ServiceProcess } from '../support/process.js';

const EXAMPLES = path.join(ROOT, 'examples/rulesets');

/** The shared test client's POST: a service process is addressed by its URL, as an in-process one is. */
const gql = post;

const RULESETS = `{ rulesets { id name version sides zoneTypes { type visibility displayNames } } }`;
const CREATE = `mutation ($input: CreateGameInput!) { createGame(input: $input) {
  game { id ruleset rulesetVersion players { id seat } } seats { player { id } token } } }`;
const VIEW = `query ($id: ID!) { game(id: $id) { ruleset rulesetVersion version lastSeq
  zones { id type name owner { id } objects { id faceUp card { name } } } } }`;
const LOG = `query ($id: ID!) { gameEvents(gameId: $id) { seq kind rules
  changes { previousId objectId fromZoneId toZoneId object { id card { name } } } } }`;
const MOVE = `mutation ($input: MoveObjectsInput!) { moveObjects(input: $input) {
  version objects { id zone { type } card { name } } events { rules } } }`;

interface Created {
  createGame: {
    game: { id: string; rulesetVersion: string; players: { id: string; seat: number }[] };
    seats: { player: { id: string }; token: string }[];
  };
}
interface View {
  game: {
    rulesetVersion: string;
    version: number;
    zones: {
      id: string;
      type: string;
      name: string;
      owner: { id: string } | null;
      objects: { id: string; card: { name: string } | null }[];
    }[];
  } | null;
}

const deck = (who: string) =>
  Array.from({ length: 5 }, (_, i) => ({ name: `${who} card ${i + 1}`, types: ['card'] }));

async function createWar(service: ServiceProcess) {
  const created = await gql<Created>(service, CREATE, {
    input: {
      ruleset: 'war',
      players: [
        { name: 'Ann', deck: deck('Ann') },
        { name: 'Bob', deck: deck('Bob') },
      ],
    },
  });
  expect(created.errors).toBeUndefined();
  return created.data!.createGame;
}

/** Draws the top card of the seat's deck into its hand, then plays it on the table; the moved objects. */
async function drawAndPlay(
  service: ServiceProcess,
  gameId: string,
  seat: { player: { id: string }; token: string },
) {
  const view = (await gql<View>(service, VIEW, { id: gameId }, seat.token)).data!.game!;
  const myDeck = view.zones.find((z) => z.type === 'deck' && z.owner?.id === seat.player.id)!;
  const drawn = await gql<{ moveObjects: { objects: { id: string; card: { name: string } | null }[] } }>(
    service,
    MOVE,
    {
      input: {
        gameId,
        select: { zoneId: myDeck.id, from: 'TOP', count: 1 },
        to: { type: 'hand', ownerId: seat.player.id },
      },
    },
    seat.token,
  );
  expect(drawn.errors).toBeUndefined();
  const inHand = drawn.data!.moveObjects.objects[0]!;
  const played = await gql<{
    moveObjects: { objects: { id: string; zone: { type: string }; card: { name: string } | null }[] };
  }>(
    service,
    MOVE,
    { input: { gameId, objectIds: [inHand.id], to: { type: 'table' }, faceUp: true } },
    seat.token,
  );
  expect(played.errors).toBeUndefined();
  return { inHand, onTable: played.data!.moveObjects.objects[0]! };
}

// `npm start` builds a stale dist/ itself; building once here keeps that out of the start's timeout,
// and the other starts run the compiled service too.
beforeAll(buildDist, 250_000);

/** The compiled service without npm: about half the CPU of a tsx start, and this file starts five. */
const DIST = { via: 'dist' } as const;

describe('RULESETS_DIR=examples/rulesets npm start: a game defined only by a file', () => {
  it('is served, created and played through the GraphQL API', async () => {
    const db = await useTestDatabase();
    // Exactly what a user runs: `npm start` (the compiled service), with the folder of files.
    const service = await startServiceProcess(
      { DATABASE_URL: db.url, PORT: '0', RULESETS_DIR: 'examples/rulesets' },
      90_000,
      { via: 'npm' },
    );
    try {
      const rulesets = await gql<{ rulesets: { id: string; zoneTypes: { type: string }[] }[] }>(
        service,
        RULESETS,
        {},
      );
      expect(rulesets.data!.rulesets.map((r) => r.id)).toEqual(
        expect.arrayContaining(['mtg', 'fab', 'netrunner', 'war']),
      );
      expect(rulesets.data!.rulesets.find((r) => r.id === 'war')!.zoneTypes.map((t) => t.type)).toEqual([
        'deck',
        'hand',
        'table',
        'discard',
      ]);

      const game = await createWar(service);
      const [ann, bob] = game.seats;
      const annMoves = await drawAndPlay(service, game.game.id, ann!);
      // WAR 2: only its owner sees a hand card; WAR 3: the table is public, face up.
      expect(annMoves.inHand.card?.name).toBe('Ann card 1');
      expect(annMoves.onTable).toMatchObject({ zone: { type: 'table' }, card: { name: 'Ann card 1' } });
      const bobsView = (await gql<View>(service, VIEW, { id: game.game.id }, bob!.token)).data!.game!;
      const table = bobsView.zones.find((z) => z.type === 'table')!;
      expect(table.objects.map((o) => o.card?.name)).toEqual(['Ann card 1']);
      const annsDeck = bobsView.zones.find((z) => z.type === 'deck' && z.owner?.id === ann!.player.id)!;
      expect(annsDeck.objects.every((o) => o.card === null)).toBe(true);
      // WAR 4 in the file: a discard pile holds only its owner's cards.
      const refused = await gql<unknown>(
        service,
        MOVE,
        {
          input: {
            gameId: game.game.id,
            objectIds: [annMoves.onTable.id],
            to: { type: 'discard', ownerId: bob!.player.id },
          },
        },
        bob!.token,
      );
      expect(refused.errors?.[0]?.extensions).toMatchObject({
        code: 'INVALID_MOVE',
        reason: 'NOT_ADMITTED',
        rule: 'WAR 4',
      });
    } finally {
      expect(await service.stop()).toBe(0);
    }
  }, 120_000);

  it('an invalid file stops the start, naming the file, the JSON path and the reason', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'zk-rulesets-bad-'));
    const file = path.join(dir, 'war.yaml');
    writeFileSync(
      file,
      readFileSync(path.join(EXAMPLES, 'war.yaml'), 'utf8').replace(
        'visibility: secret',
        'visibility: secrett',
      ),
    );
    const db = await useTestDatabase();
    const started = startServiceProcess({ DATABASE_URL: db.url, PORT: '0', RULESETS_DIR: dir }, 30_000, DIST);
    await expect(started).rejects.toThrow(
      `Invalid ruleset file ${file} at zoneTypes[1].visibility: must be one of the valid values: public, secret, hidden`,
    );
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);
});

describe('a game keeps its ruleset version after the file changes', () => {
  it('replays identically and keeps moving under its own version across restarts; refused once the version is gone', async () => {
    const db = await useTestDatabase();
    const dir = mkdtempSync(path.join(tmpdir(), 'zk-rulesets-stable-'));
    const file = path.join(dir, 'war.yaml');
    copyFileSync(path.join(EXAMPLES, 'war.yaml'), file);
    const env = { DATABASE_URL: db.url, PORT: '0', RULESETS_DIR: dir };

    // Version 1: created and played.
    let service = await startServiceProcess(env, 60_000, DIST);
    const game = await createWar(service);
    const gameId = game.game.id;
    const [ann, bob] = game.seats;
    await drawAndPlay(service, gameId, ann!);
    const before = {
      ann: await gql<View>(service, VIEW, { id: gameId }, ann!.token),
      bob: await gql<View>(service, VIEW, { id: gameId }, bob!.token),
      log: await gql<unknown>(service, LOG, { id: gameId }, ann!.token),
    };
    const v1 = game.game.rulesetVersion;
    expect(before.ann.data!.game!.rulesetVersion).toBe(v1);
    expect(await service.stop()).toBe(0);

    // The file changes on disk: a discard pile takes anyone's cards, and the table is renamed.
    writeFileSync(
      file,
      readFileSync(file, 'utf8')
        .replace('rule: WAR 4, ownersOnly: true', 'rule: WAR 4')
        .replace('name: Table', 'name: Board'),
    );
    service = await startServiceProcess(env, 60_000, DIST);
    const served = await gql<{ rulesets: { id: string; version: string }[] }>(service, RULESETS, {});
    const v2 = served.data!.rulesets.find((r) => r.id === 'war')!.version;
    expect(v2).not.toBe(v1);
    // The old game: the same view for each seat and the same log as before the change.
    expect(await gql<View>(service, VIEW, { id: gameId }, ann!.token)).toEqual(before.ann);
    expect(await gql<View>(service, VIEW, { id: gameId }, bob!.token)).toEqual(before.bob);
    expect(await gql<unknown>(service, LOG, { id: gameId }, ann!.token)).toEqual(before.log);
    // Its moves follow version 1 (WAR 4: only its owner's cards in a discard pile); a new game follows version 2.
    const toOthersDiscard = async (
      g: string,
      seat: { player: { id: string }; token: string },
      objectId: string,
    ) =>
      gql<unknown>(
        service,
        MOVE,
        { input: { gameId: g, objectIds: [objectId], to: { type: 'discard', ownerId: seat.player.id } } },
        seat.token,
      );
    const oldGame = await drawAndPlay(service, gameId, bob!);
    const refused = await toOthersDiscard(gameId, ann!, oldGame.onTable.id);
    expect(refused.errors?.[0]?.extensions).toMatchObject({ reason: 'NOT_ADMITTED', rule: 'WAR 4' });
    const fresh = await createWar(service);
    expect(fresh.game.rulesetVersion).toBe(v2);
    const newGame = await drawAndPlay(service, fresh.game.id, fresh.seats[1]!);
    const allowed = await toOthersDiscard(fresh.game.id, fresh.seats[0]!, newGame.onTable.id);
    expect(allowed.errors).toBeUndefined();
    const tableName = async (g: string, token: string) =>
      (await gql<View>(service, VIEW, { id: g }, token)).data!.game!.zones.find((z) => z.type === 'table')!
        .name;
    expect(await tableName(gameId, ann!.token)).toBe('Table');
    expect(await tableName(fresh.game.id, fresh.seats[0]!.token)).toBe('Board');
    const after = await gql<View>(service, VIEW, { id: gameId }, ann!.token);
    expect(await service.stop()).toBe(0);

    // The file is gone altogether: the stored content of version 1 still serves the old game.
    rmSync(file);
    service = await startServiceProcess(env, 60_000, DIST);
    expect(await gql<View>(service, VIEW, { id: gameId }, ann!.token)).toEqual(after);
    expect(await service.stop()).toBe(0);

    // Neither loaded nor stored: a clear, typed refusal.
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    await client.query(`DELETE FROM ruleset_version WHERE ruleset = 'war'`);
    await client.end();
    service = await startServiceProcess(env, 60_000, DIST);
    try {
      const refused = await gql<View>(service, VIEW, { id: gameId }, ann!.token);
      expect(refused.errors?.[0]?.extensions).toMatchObject({
        code: 'RULESET_VERSION_UNAVAILABLE',
        ruleset: 'war',
        rulesetVersion: v1,
      });
      expect(refused.errors?.[0]?.message).toContain(`ruleset war version ${v1}`);
    } finally {
      expect(await service.stop()).toBe(0);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
