/**
 * A coordinator for the integration test file that imports this module: importing it adds a
 * `beforeAll` to the file that signs a fresh coordinator in (`tokenFor('admin')`: the admin claim
 * and the coordinators document), and `coordinatorToken` is that coordinator's ID token from
 * then on (a live binding: read it inside hooks and tests, not at the file's top level).
 *
 *     import { coordinatorToken as token } from '../support/coordinator';
 *     it('...', async () => { await call('GET', '/api/admin/students', { token }); });
 *
 * Each test file gets its own coordinator (jest loads modules afresh for every file).
 */
import { tokenFor } from './api';

export let coordinatorToken = '';

beforeAll(async () => {
  coordinatorToken = await tokenFor('admin');
});
