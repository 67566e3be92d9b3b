/**
 * Every property test runs from one seed: FC_SEED when given (`npm test` picks one and prints it),
 * otherwise a fresh one printed here. A failure names its seed and path; `FC_SEED=<seed> npm test`
 * replays the whole run's generated inputs.
 */
import fc from 'fast-check';

const given = process.env.FC_SEED;
const seed =
  given !== undefined && given !== '' ? Number(given) : Date.now() ^ (Math.random() * 0x100000000);
if (!Number.isSafeInteger(seed)) throw new Error(`FC_SEED must be an integer, got "${given}"`);
if (given === undefined)
  process.stdout.write(`fast-check seed ${seed} (replay: FC_SEED=${seed})\n`);
fc.configureGlobal({ seed });
