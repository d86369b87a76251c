import { creationEvent, initialState } from './dist/authority/starting-layout.js';
import { newCredentials, newGameSecret, seatDeckCommitments } from './dist/authority/new-game.js';
import { compactCreation } from './dist/db/creation-payload.js';
import { lightState } from './dist/db/state-cache.js';
import { zoneToSqlRow } from './dist/db/rows.js';
import { storedTableOf } from './dist/db/table-state.js';
import { hashToken } from './dist/auth/tokens.js';
import { newId } from './dist/ids.js';
import { viewGame } from './dist/rules/index.js';
import { rulesetRegistry } from './dist/rulesets/load.js';
const spec = rulesetRegistry().get('mtg')!;
const CREATURES = ['Elf', 'Goblin', 'Human', 'Merfolk', 'Zombie'];
function card(seat: number, i: number) {
  const creature = i % 3 !== 0; const sub = CREATURES[i % 5]!;
  return { name: creature ? `${sub} of Seat ${seat} #${i}` : 'Forest', types: creature ? ['Creature'] : ['Land'], subtypes: creature ? [sub, 'Warrior'] : ['Forest'],
    text: creature ? `When this creature enters, look at the top ${1 + (i % 4)} cards of your library. You may reveal a creature card from among them and put it into your hand. Put the rest on the bottom of your library in a random order.` : '({T}: Add {G}.)',
    attributes: creature ? { manaCost: `{${1 + (i % 5)}}{G}`, power: 1 + (i % 5), toughness: 1 + (i % 4), rarity: 'common' } : { rarity: 'basic' } };
}
const body = JSON.stringify([0, 1].map((s) => ({ name: `Bench ${s}`, deck: Array.from({ length: 60 }, (_, i) => card(s, i)) })));
const seats = () => (JSON.parse(body) as any[]).map((p) => ({ name: p.name, counters: null, externalUser: null, deck: p.deck.map((c: any) => ({ ...c, zone: null, zoneIndex: 0, faceUp: null })) }));
const times = new Map<string, number>();
const t = <T>(k: string, f: () => T): T => { const c0 = process.cpuUsage(); const r = f(); const d = process.cpuUsage(c0); times.set(k, (times.get(k) ?? 0) + (d.user + d.system) / 1000); return r; };
const N = Number(process.env.N || 3000);
for (let round = 0; round < 2; round++) {
  times.clear();
  const all0 = process.cpuUsage();
  for (let i = 0; i < N; i++) {
    const s = t('seats (JSON.parse+copy)', seats);
    const gameId = newId(); const playerIds = s.map(() => newId());
    const state0 = t('initialState', () => initialState(spec, s, playerIds, newId, null));
    const state = { ...state0, seatEntropy: { waits: true, given: [] } };
    const event = t('creationEvent', () => creationEvent(spec, state as any));
    const secret = t('newGameSecret', () => newGameSecret(gameId, {}, { revealFaces: false, waitsForSeats: true }));
    const creds = t('newCredentials', () => newCredentials(gameId, playerIds));
    const dc = t('deckCommitments', () => seatDeckCommitments(secret, event, playerIds));
    const at = new Date().toISOString();
    const rows = t('creationRows', () => JSON.stringify({ rng: secret.row, game: { s: hashToken(creds.spectatorToken), r: hashToken(creds.refereeToken), table_state: storedTableOf(state as any) },
      players: s.map((x, j) => ({ id: playerIds[j], token_hash: hashToken(creds.seats[j]!.token) })), zones: state.zones.map((z) => zoneToSqlRow(gameId, z, at)),
      event: { ...compactCreation(event), commitment: secret.commitment, deckCommitments: dc } }));
    const light = t('lightState', () => lightState(state as any));
    t('viewGame', () => viewGame(spec, light, { kind: 'player', playerId: playerIds[0]! } as any));
    if (rows.length < 10) throw new Error();
  }
  const all = process.cpuUsage(all0);
  console.log(`round ${round}: total ${((all.user + all.system) / 1000 / N).toFixed(3)} ms/game`);
  for (const [k, v] of times) console.log('  ', (v / N).toFixed(3), k);
}
