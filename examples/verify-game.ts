/**
 * What a player can check after a game (docs/fairness.md, zk-rng/1): fetch the ended game's
 * verification transcript with your own seat (or spectator) token, and recompute every shuffle,
 * random pick, die roll and coin flip from the revealed seed and the seats' entropy. Nothing here
 * trusts the service: `verifyGame` uses only `@noble/hashes`.
 *
 *   ZK_URL=http://localhost:4000/graphql ZK_TOKEN=<your seat token> npx tsx examples/verify-game.ts <gameId>
 *
 * With a seat's token it also checks your own cards (docs/fairness.md, "Your own cards"): it reads
 * your events (the record a client keeps live reads the same), opens your commitment to your
 * starting cards and replays them; `ZK_DECK` may name a JSON file listing your deck's card names,
 * to check the opened cards are your deck.
 *
 * Exit code 0: every act verified (or the game is not covered); 1: the first event that does not
 * match is printed; 2: no transcript to check. The service refuses the transcript (FORBIDDEN) until
 * the game has ended, because the seed is revealed only then; that refusal, any other error code
 * and an unreachable service are printed on stderr as one line, without a stack trace.
 */
import { readFileSync } from 'node:fs';
import {
  createZonekeeperClient,
  FairnessTranscriptDocument,
  SeatHistoryDocument,
  seatRecordOf,
  verifyGame,
  WhoamiDocument,
  ZonekeeperRequestError,
  type SeatEvent,
  type SeatRecord,
  type Transcript,
  type ZonekeeperClient,
} from '../client/index.js';

const url = process.env['ZK_URL'] ?? 'http://localhost:4000/graphql';
const token = process.env['ZK_TOKEN'] ?? '';
const gameId = process.argv[2] ?? '';

/** Why the transcript could not be had, in words: the service's code and message. */
function refusal(error: unknown): string {
  if (!(error instanceof ZonekeeperRequestError))
    return `could not reach ${url}: ${error instanceof Error ? error.message : String(error)}`;
  const code = error.code ?? `HTTP ${error.status ?? 'error'}`;
  const ended =
    error.reason === 'GAME_NOT_ENDED'
      ? ' (the transcript is refused until the game has ended: its seed is revealed only then; run this again after the game ends)'
      : '';
  return `the service refused the transcript: ${code}: ${error.message}${ended}`;
}

/** Your live record, when the token is a seat's: your events, page by page, and your deck if given. */
async function seatRecord(zk: ZonekeeperClient): Promise<SeatRecord | undefined> {
  const { whoami } = await zk.request(WhoamiDocument, {});
  if (whoami.kind !== 'PLAYER' || !whoami.playerId) return undefined;
  const events: SeatEvent[] = [];
  for (let afterSeq = 0; ; afterSeq = events.at(-1)!.seq) {
    const page = (await zk.request(SeatHistoryDocument, { gameId, afterSeq, first: 100 })).gameEvents;
    events.push(...(page as SeatEvent[]));
    if (page.length < 100) break;
  }
  const deckFile = process.env['ZK_DECK'];
  const deck = deckFile ? (JSON.parse(readFileSync(deckFile, 'utf8')) as string[]) : null;
  return seatRecordOf(whoami.playerId, events, deck);
}

async function main(): Promise<number> {
  if (!gameId) {
    console.error('usage: npx tsx examples/verify-game.ts <gameId>  (with ZK_URL and ZK_TOKEN set)');
    return 2;
  }
  const zk = createZonekeeperClient({ url, token });
  let transcript: Transcript;
  let record: SeatRecord | undefined;
  try {
    transcript = (await zk.request(FairnessTranscriptDocument, { gameId })).fairnessTranscript as Transcript;
    record = await seatRecord(zk);
  } catch (error) {
    console.error(`verify-game: ${refusal(error)}`);
    return 2;
  } finally {
    await zk.dispose();
  }
  const report = verifyGame(transcript, record);
  const { shuffle, partial, pick, roll, coin } = report.counts;
  console.log(
    `${report.verdict}: ${report.verified} acts (${shuffle} shuffles of which ${partial} partial, ${pick} picks, ${roll} rolls, ${coin} flips), ${transcript.entropy?.length ?? 0} pieces of seat entropy, ${report.notCovered} not covered, ${report.withoutSeatInput} not covered by seat input, ${report.afterNonSeatEvents} after a non-seat event`,
  );
  if (report.seat) {
    const { shuffle, pick, order } = report.seat.replayed;
    console.log(
      `your own cards: ${shuffle} shuffles, ${pick} picks and ${order} random orders replayed from your opened starting order, ${report.seat.arrivals} cards you saw checked, ${report.seat.live} rolls and flips you were shown compared`,
    );
  }
  if (!report.firstMismatch) return 0;
  console.log(`event ${report.firstMismatch.seq} does not match: ${report.firstMismatch.reason}`);
  return 1;
}

process.exitCode = await main();
