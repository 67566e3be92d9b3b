import { ApiRequestError, apiRequest } from './api-client';

// jsdom has no Response: a minimal stand-in with what apiRequest reads.
const respond = (status: number, body: string, statusText = '') =>
  jest.fn().mockResolvedValue({
    ok: status >= 200 && status < 300,
    status,
    statusText,
    text: async () => body,
  });

describe('apiRequest', () => {
  afterEach(() => jest.restoreAllMocks());

  it('sends JSON with credentials and the bearer token, and returns the parsed body', async () => {
    const fetchMock = respond(200, '{"id":"abc"}');
    global.fetch = fetchMock;
    await expect(
      apiRequest('/api/x', { method: 'POST', body: { a: 1 }, token: 't0k' }),
    ).resolves.toEqual({ id: 'abc' });
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"a":1}' });
    expect(init.headers).toMatchObject({
      'Content-Type': 'application/json',
      Authorization: 'Bearer t0k',
    });
  });

  it('keeps the status, code, message and field errors of an API error', async () => {
    global.fetch = respond(
      400,
      JSON.stringify({
        error: {
          code: 'invalid-argument',
          message: 'Some fields need attention.',
          fields: { fullName: 'Full name is required.' },
        },
      }),
    );
    const error = await apiRequest('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 400,
      code: 'invalid-argument',
      message: '400: Some fields need attention.',
      fields: { fullName: 'Full name is required.' },
    });
  });

  it('uses the body text, or the status text, when the error is not JSON', async () => {
    global.fetch = respond(502, 'Bad gateway from proxy');
    await expect(apiRequest('/api/x')).rejects.toMatchObject({
      message: '502: Bad gateway from proxy',
    });
    global.fetch = respond(503, '', 'Service Unavailable');
    await expect(apiRequest('/api/x')).rejects.toMatchObject({
      message: '503: Service Unavailable',
    });
  });

  it('reports a network failure as status 0', async () => {
    global.fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiRequest('/api/x')).rejects.toMatchObject({ status: 0, code: 'network' });
  });
});
