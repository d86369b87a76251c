/**
 * Events render as of the event: an old event's object shows the zone (with its count and objects)
 * and the host it had right after that event, whatever happened since, in history pages and in the
 * mutation payload alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGame, deck, loadGame, ok, zoneOf, type Created } from '../api/helpers.js';
import { startTestServer, type TestServer } from '../support/server.js';

let s: TestServer;
let g: Created;
let alice: string;
let aliceId: string;

const HISTORY = `query H($id: ID!) { gameEvents(gameId: $id, afterSeq: 1, first: 50) {
  seq changes { object { id card { name } zone { id type count objects { id } } } } } }`;

interface EventJson {
  seq: number;
  changes: {
    object: {
      id: string;
      card: { name: string } | null;
      zone: { type: string; count: number; objects: { id: string }[] };
    } | null;
  }[];
}

beforeAll(async () => {
  s = await startTestServer();
  g = await createGame(s, 'mtg', [
    {
      name: 'Alice',
      deck: [
        ...deck('A', 5),
        { name: 'Elf', types: ['Creature'], zone: 'hand' },
        { name: 'Bear', types: ['Creature'], zone: 'hand' },
      ],
    },
    { name: 'Bob', deck: deck('B', 5) },
  ]);
  alice = g.seats[0]!.token;
  aliceId = g.seats[0]!.player.id;
});
afterAll(async () => {
  await s?.app.stop();
});

describe('events as of the event', () => {
  it('an old event shows its zone as it was then, not as it is now', async () => {
    const hand = zoneOf(await loadGame(s, g.game.id, alice), 'hand', aliceId).objects!;
    const move = (id: string, to: Record<string, unknown>) =>
      ok(s, 'moveObjects', 'MoveObjectsInput', { gameId: g.game.id, objectIds: [id], to }, alice);
    const elf = hand.find((o) => o.card?.name === 'Elf')!;
    const bear = hand.find((o) => o.card?.name === 'Bear')!;
    await move(elf.id, { type: 'battlefield' });
    await move(bear.id, { type: 'battlefield' });
    const now = zoneOf(await loadGame(s, g.game.id, alice), 'battlefield', null).objects!;
    const elfNow = now.find((o) => o.card?.name === 'Elf')!;
    await move(elfNow.id, { type: 'graveyard', ownerId: aliceId });

    const res = await s.gql<{ gameEvents: EventJson[] }>(HISTORY, { id: g.game.id }, alice);
    expect(res.errors).toBeUndefined();
    const [first, second, third] = res.data!.gameEvents;
    const zoneOfChange = (e: EventJson | undefined) => e!.changes.find((c) => c.object)!.object!.zone;
    // Right after the first move the battlefield held the elf alone; after the second, both.
    expect(zoneOfChange(first)).toMatchObject({ type: 'battlefield', count: 1 });
    expect(zoneOfChange(second)).toMatchObject({ type: 'battlefield', count: 2 });
    // Now the elf is in the graveyard and the battlefield holds the bear alone.
    expect(zoneOfChange(third)).toMatchObject({ type: 'graveyard', count: 1 });
    expect(zoneOfChange(second).objects.map((o) => o.id)).toContain(
      first!.changes.find((c) => c.object)!.object!.id,
    );
  });
});
