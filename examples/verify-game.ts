/**
 * What a player can check after a game (docs/fairness.md, zk-rng/1): fetch the ended game's
 * verification transcript with your own seat (or spectator) token, and recompute every shuffle,
 * random pick, die roll and coin flip from the revealed seed and the seats' entropy. Nothing here
 * trusts the service: `verifyGame` uses only `@noble/hashes`.
 *
 *   ZK_URL=http://localhost:4000/graphql ZK_TOKEN=<your seat token> npx tsx examples/verify-game.ts <gameId>
 *
 * Exit code 0: every act verified (or the game is not covered); 1: the first event that does not
 * match is printed.
 */
import {
  createZonekeeperClient,
  FairnessTranscriptDocument,
  verifyGame,
  type Transcript,
} from '../client/index.js';

const url = process.env['ZK_URL'] ?? 'http://localhost:4000/graphql';
const token = process.env['ZK_TOKEN'] ?? '';
const gameId = process.argv[2] ?? '';

const zk = createZonekeeperClient({ url, token });
const transcript = (await zk.request(FairnessTranscriptDocument, { gameId }))
  .fairnessTranscript as Transcript;
const report = verifyGame(transcript);
const { shuffle, partial, pick, roll, coin } = report.counts;
console.log(
  `${report.verdict}: ${report.verified} acts (${shuffle} shuffles of which ${partial} partial, ${pick} picks, ${roll} rolls, ${coin} flips), ${transcript.entropy?.length ?? 0} pieces of seat entropy, ${report.notCovered} not covered`,
);
if (report.firstMismatch) {
  console.log(`event ${report.firstMismatch.seq} does not match: ${report.firstMismatch.reason}`);
  process.exitCode = 1;
}
