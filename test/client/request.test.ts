/**
 * The client's typed operations over HTTP against the real server: results typed from the
 * generated documents, refusals as ZonekeeperRequestError with the schema's code and reason.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { createZonekeeperClient, ZonekeeperRequestError } from '../../client/index.js';
import { createGame, deck } from '../api/helpers.js';
import { runCommand } from '../support/process.js';
import { docExample } from '../support/doc-example.js';
import {
  copyOfCheckout,
  CODEGEN_ENTRIES,
  DOCS_URL,
  runTs,
  typecheck,
  writeTsExample,
} from '../support/doc-run.js';
import { startTestServer, type TestServer } from '../support/server.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});

/** A two-seat MTG game of three-card decks: Alice's cards are Alpha 1 to 3, from the top. */
const aliceAndBob = () =>
  createGame(s, 'mtg', [
    { name: 'Alice', deck: deck('Alpha', 3) },
    { name: 'Bob', deck: deck('Beta', 3) },
  ]);

it('runs the typed operations as the seat whose token it holds', async () => {
  const created = await aliceAndBob();
  const alice = created.seats[0]!;
  const zk = createZonekeeperClient({ url: s.url, token: alice.token });

  const { whoami } = await zk.whoami();
  expect(whoami).toEqual({ kind: 'PLAYER', gameId: created.game.id, playerId: alice.player.id });
  const { rulesets } = await zk.rulesets();
  expect(rulesets.map((r) => r.id)).toEqual(['fab', 'mtg', 'netrunner', 'pokemon', 'yugioh']);

  const { game } = await zk.game(created.game.id);
  const library = game.zones.find((z) => z.type === 'library' && z.owner?.id === alice.player.id)!;
  const hand = game.zones.find((z) => z.type === 'hand' && z.owner?.id === alice.player.id)!;
  const { moveObjects } = await zk.moveObjects({
    gameId: game.id,
    select: { zoneId: library.id, from: 'TOP', count: 1 },
    to: { zoneId: hand.id },
  });
  expect(moveObjects.version).toBe(game.version + 1);
  expect(moveObjects.objects.map((o) => o.card?.name)).toEqual(['Alpha 1']);
  const { gameEvents } = await zk.gameEvents(game.id, { afterSeq: game.lastSeq });
  expect(gameEvents.map((e) => e.kind)).toEqual(['OBJECTS_MOVED']);

  const refusal = await zk
    .moveObjects({ gameId: game.id, objectIds: ['no-such-object'], to: { zoneId: hand.id } })
    .catch((e: unknown) => e);
  expect(refusal).toBeInstanceOf(ZonekeeperRequestError);
  expect(refusal).toMatchObject({ code: 'INVALID_MOVE', reason: 'UNKNOWN_OBJECT', rule: 'input' });

  const anonymous = createZonekeeperClient({ url: s.url });
  await expect(anonymous.game(game.id)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
});

it("the guide's own document: in a file under examples/, typed by `npm run codegen`, run as that seat", async () => {
  const created = await aliceAndBob();
  const alice = created.seats[0]!;
  const zk = createZonekeeperClient({ url: s.url, token: alice.token });
  const { game } = await zk.game(created.game.id);
  const mine = (type: string) => game.zones.find((z) => z.type === type && z.owner?.id === alice.player.id)!;
  await zk.moveObjects({
    gameId: game.id,
    select: { zoneId: mine('library').id, from: 'TOP', count: 2 },
    to: { zoneId: mine('hand').id },
  });

  // The guide's file in a copy of the checkout, where codegen runs as the guide says.
  const copy = copyOfCheckout(CODEGEN_ENTRIES);
  const file = path.join(copy, 'examples/hand.ts');
  writeTsExample(
    file,
    docExample('typed-request').replaceAll(DOCS_URL, s.url),
    "const seatToken = process.env['ZK_TOKEN']!;\nconst gameId = process.env['ZK_GAME']!;",
    // Typed: a field the document does not select is an error.
    [
      'console.log(JSON.stringify(game.zones.map((z) => [z.type, z.count, z.objects.map((o) => o.card?.name ?? null)])));',
      '// @ts-expect-error the document selects no `name` of a zone',
      'void game.zones[0]?.name;',
    ].join('\n'),
    { typecheck: false },
  );
  const codegen = await runCommand('npm', ['run', 'codegen'], {
    env: process.env,
    killAfterMs: 120_000,
    cwd: copy,
  });
  expect(codegen.code, codegen.stderr).toBe(0);
  expect(readFileSync(path.join(copy, 'client/generated/gql.ts'), 'utf8')).toContain('query Hand($id: ID!)');
  typecheck(file);
  const run = runTs(file, { ZK_TOKEN: alice.token, ZK_GAME: game.id });
  expect(await run.exited, run.output()).toBe(0);
  // What that seat sees: its hand's two cards by name, its library's and the other hand's counts only.
  const zones = JSON.parse(run.output()) as [string, number, (string | null)[]][];
  const view = await zk.game(game.id);
  expect(zones).toEqual(
    view.game.zones.map((z) => [z.type, z.count, z.objects.map((o) => o.card?.name ?? null)]),
  );
  expect(zones).toContainEqual(['hand', 2, ['Alpha 1', 'Alpha 2']]);
}, 240_000);
