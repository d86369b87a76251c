/**
 * The games the refusal-reasons test triggers its refusals in (`refusal-reasons.test.ts`): each a
 * real game on the test server, seen through the credentials a refusal needs (its seats, referee,
 * spectator, the admin). A refusal changes nothing, so one game of a ruleset serves every trigger
 * that only sends refused requests; a trigger that must first change the game asks for a fresh one.
 */
import { randomUUID } from 'node:crypto';
import { decksFor } from '../leak/moves.js';
import type { RulesetName } from '../leak/model.js';
import { TEST_ADMIN_TOKEN, type GqlError, type TestServer } from '../support/server.js';
import { CREATE, deck, GAME_QUERY, type Created, type GameT } from './helpers.js';

/** What a refused request answered: its first error, or undefined when it was accepted. */
export type Answer = GqlError | undefined;

/** One game: its id, seats (seat 0 is active at turn 1), referee and spectator credentials. */
export class Table {
  constructor(
    readonly s: TestServer,
    readonly created: Created,
  ) {}

  get id(): string {
    return this.created.game.id;
  }
  seat(n: number): { readonly id: string; readonly token: string } {
    const seat = this.created.seats[n]!;
    return { id: seat.player.id, token: seat.token };
  }
  get referee(): string {
    return this.created.refereeToken;
  }
  get spectator(): string {
    return this.created.spectatorToken;
  }

  /** The id of the zone of `type` owned by seat `owner` (null: the shared one). */
  zone(type: string, owner: number | null): string {
    const ownerId = owner === null ? null : this.seat(owner).id;
    const z = this.created.game.zones.find((x) => x.type === type && (x.owner?.id ?? null) === ownerId);
    if (!z) throw new Error(`no zone ${type} of seat ${owner}`);
    return z.id;
  }

  /** The game as the admin sees it: every object's id, hidden ones included. */
  async asAdmin(): Promise<GameT> {
    const res = await this.s.gql<{ game: GameT }>(GAME_QUERY, { id: this.id }, TEST_ADMIN_TOKEN);
    if (!res.data) throw new Error(`game(id) as admin failed: ${JSON.stringify(res.errors)}`);
    return res.data.game;
  }

  /** The id of the `index`-th object of a zone, as the admin sees it. */
  async objectIn(zoneId: string, index = 0): Promise<string> {
    const zone = (await this.asAdmin()).zones.find((z) => z.id === zoneId);
    const o = zone?.objects?.[index];
    if (!o) throw new Error(`no object ${index} in zone ${zoneId}`);
    return o.id;
  }

  /** Runs a game mutation as `token`; its first error, or undefined. */
  async act(token: string, mutation: string, input: Record<string, unknown>): Promise<Answer> {
    const type = INPUT_TYPES[mutation] ?? `${mutation[0]!.toUpperCase()}${mutation.slice(1)}Input`;
    const res = await this.s.gql(
      `mutation M($input: ${type}!) { ${mutation}(input: $input) { version } }`,
      { input: { gameId: this.id, ...input } },
      token,
    );
    return res.errors?.[0];
  }

  /** Like {@link act}, for a step that must be accepted (a trigger's set-up). */
  async must(token: string, mutation: string, input: Record<string, unknown>): Promise<void> {
    const err = await this.act(token, mutation, input);
    if (err) throw new Error(`set-up ${mutation} refused: ${JSON.stringify(err)}`);
  }

  /** A token (a new object) created by the referee; its id. */
  async token(to: Record<string, unknown>, types: string[] = ['creature'], owner = 0): Promise<string> {
    const res = await this.s.gql<{ createToken: { objects: { id: string }[] } }>(
      `mutation M($input: CreateTokenInput!) { createToken(input: $input) { objects { id } } }`,
      {
        input: {
          gameId: this.id,
          token: { name: `Token ${randomUUID().slice(0, 8)}`, types },
          to,
          ownerId: this.seat(owner).id,
        },
      },
      this.referee,
    );
    const id = res.data?.createToken.objects[0]?.id;
    if (!id) throw new Error(`createToken failed: ${JSON.stringify(res.errors)}`);
    return id;
  }
}

/** Mutations whose input type is not named after them. */
const INPUT_TYPES: Record<string, string> = {
  endGameWithResult: 'EndGameInput',
  resumeClock: 'PauseClockInput',
  acceptTakeback: 'AnswerTakebackInput',
  refuseTakeback: 'AnswerTakebackInput',
};

/** Decks the built-in rulesets admit: Magic's and Pokémon's plain, the others' from the leak suite. */
function decks(ruleset: RulesetName, players: number, names: readonly string[] = []) {
  const name = (i: number) => names[i] ?? `Seat ${i}`;
  if (ruleset === 'fab' || ruleset === 'netrunner')
    return decksFor(ruleset, players).map((d, i) => ({ name: name(i), deck: d }));
  const types = ruleset === 'pokemon' ? ['pokemon'] : ['creature'];
  return Array.from({ length: players }, (_, i) => ({
    name: name(i),
    deck: deck(`Card ${i}`, 6, types),
  }));
}

/** The games of one test file's server. */
export class Tables {
  readonly #shared = new Map<string, Promise<Table>>();
  constructor(readonly s: TestServer) {}

  /** A new game; its random acts do not wait for seat entropy unless `wait`; seats named `names` (else `Seat n`). */
  async fresh(
    ruleset: RulesetName,
    opts: { players?: number; wait?: boolean; clock?: Record<string, unknown>; names?: string[] } = {},
  ): Promise<Table> {
    const input = {
      ruleset,
      players: decks(ruleset, opts.players ?? 2, opts.names),
      waitForSeatEntropy: opts.wait ?? false,
      ...(opts.clock ? { clock: opts.clock } : {}),
    };
    const res = await this.s.gql<{ createGame: Created }>(CREATE, { input });
    if (!res.data) throw new Error(`createGame ${ruleset} failed: ${JSON.stringify(res.errors)}`);
    return new Table(this.s, res.data.createGame);
  }

  /** The games {@link shared} made: each must still be at the version it was created at. */
  async sharedGames(): Promise<Table[]> {
    return Promise.all(this.#shared.values());
  }

  /** The one game of `ruleset` that triggers only send refused requests to. */
  shared(ruleset: RulesetName): Promise<Table> {
    let game = this.#shared.get(ruleset);
    if (!game) {
      game = this.fresh(ruleset);
      this.#shared.set(ruleset, game);
    }
    return game;
  }
}

/** An id no game has. */
export const unknownId = (): string => randomUUID();
