/**
 * Jest's usual order, except the audience test (tests/api/audience.test.ts), which runs last: its
 * walk checks every document the other suites' flows left in the database for a field without a
 * stated audience.
 */
import jestSequencer from '@jest/test-sequencer';

const Sequencer = jestSequencer.default ?? jestSequencer;
const LAST = /[\\/]audience\.test\.ts$/;
const audienceLast = (tests) => [
  ...tests.filter((t) => !LAST.test(t.path)),
  ...tests.filter((t) => LAST.test(t.path)),
];

export default class AudienceLastSequencer extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    return sorted instanceof Promise ? sorted.then(audienceLast) : audienceLast(sorted);
  }
}
