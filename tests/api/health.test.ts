import { call, firestore } from '../support/api';

describe('the api function through the hosting emulator', () => {
  it('answers health after a Firestore read, and writes nothing', async () => {
    const res = await call('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await firestore().doc('_health/ping').get()).exists).toBe(false);
  });

  it('answers unknown routes with 404 in the error shape', async () => {
    const res = await call('GET', '/api/no-such-route');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'not-found', message: expect.any(String) } });
  });

  it('refuses admin routes without a token', async () => {
    const res = await call('GET', '/api/admin/stats');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: { code: 'unauthenticated' } });
  });
});
