/**
 * The admin API for a screen test, without a server: adminRequest records each call and answers
 * it as the test's `answer` says (a value, or a thrown ApiRequestError as the API would refuse).
 * The test file replaces the module first (jest hoists this above its imports):
 *
 *   jest.mock('../../../lib/admin-request', () => ({ adminRequest: jest.fn() }));
 *   const mockCalls = answerAdminRequests(mockAnswer);
 *
 * and empties the calls before each test (`mockCalls.length = 0`).
 */
import { adminRequest } from '../lib/admin-request';

export interface ApiCall {
  path: string;
  method: string;
  body?: unknown;
}

/** Answers every admin request with `answer`; gives back the calls made, in order. */
export function answerAdminRequests(answer: (call: ApiCall) => unknown): ApiCall[] {
  const calls: ApiCall[] = [];
  jest.mocked(adminRequest).mockImplementation(async (path, options = {}) => {
    const call: ApiCall = { path, method: options.method ?? 'GET', body: options.body };
    calls.push(call);
    return (await answer(call)) as never;
  });
  return calls;
}
