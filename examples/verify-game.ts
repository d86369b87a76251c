/**
 * What a player can check after a game (docs/fairness.md, zk-rng/1): fetch the ended game's
 * verification transcript with your own seat (or spectator) token, and recompute every shuffle,
 * random pick, die roll and coin flip from the revealed seed and the seats' entropy. Nothing here
 * trusts the service: `verifyGame` uses only `@noble/hashes`.
 *
 *   ZK_URL=http://localhost:4000/graphql ZK_TOKEN=<your seat token> npx tsx examples/verify-game.ts <gameId>
 *
 * Exit code 0: every act verified (or the game is not covered); 1: the first event that does not
 * match is printed; 2: no transcript to check. The service refuses the transcript (FORBIDDEN) until
 * the game has ended, because the seed is revealed only then; that refusal, any other error code
 * and an unreachable service are printed on stderr as one line, without a stack trace.
 */
import {
  createZonekeeperClient,
  FairnessTranscriptDocument,
  verifyGame,
  ZonekeeperRequestError,
  type Transcript,
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
    error.code === 'FORBIDDEN'
      ? ' (the transcript is refused until the game has ended: its seed is revealed only then; run this again after the game ends)'
      : '';
  return `the service refused the transcript: ${code}: ${error.message}${ended}`;
}

async function main(): Promise<number> {
  if (!gameId) {
    console.error('usage: npx tsx examples/verify-game.ts <gameId>  (with ZK_URL and ZK_TOKEN set)');
    return 2;
  }
  const zk = createZonekeeperClient({ url, token });
  let transcript: Transcript;
  try {
    transcript = (await zk.request(FairnessTranscriptDocument, { gameId })).fairnessTranscript as Transcript;
  } catch (error) {
    console.error(`verify-game: ${refusal(error)}`);
    return 2;
  } finally {
    await zk.dispose();
  }
  const report = verifyGame(transcript);
  const { shuffle, partial, pick, roll, coin } = report.counts;
  console.log(
    `${report.verdict}: ${report.verified} acts (${shuffle} shuffles of which ${partial} partial, ${pick} picks, ${roll} rolls, ${coin} flips), ${transcript.entropy?.length ?? 0} pieces of seat entropy, ${report.notCovered} not covered, ${report.withoutSeatInput} not covered by seat input, ${report.afterNonSeatEvents} after a non-seat event`,
  );
  if (!report.firstMismatch) return 0;
  console.log(`event ${report.firstMismatch.seq} does not match: ${report.firstMismatch.reason}`);
  return 1;
}

process.exitCode = await main();
