/**
 * Google's documented REST admin APIs, as `npm run setup` and `npm run smoke` call them: one
 * small client with a bearer token (Application Default Credentials for a real project, `owner`
 * for the local emulators) and one base URL per service, so the setup's code runs unchanged
 * against the real APIs, the Auth emulator (which serves the Identity Toolkit admin API v2 under
 * `/identitytoolkit.googleapis.com/`) and the unit tests' HTTP fake (scripts/lib/admin-api-fake.ts).
 */

export interface ApiBases {
  /** Identity Toolkit admin API v2 (`projects.getConfig` / `projects.updateConfig`). */
  identitytoolkit: string;
  /** Firebase Management API v1beta1 (web apps and their config); undefined: not available. */
  firebase?: string;
  /** Cloud Resource Manager v1 (project number, IAM policy); undefined: not available. */
  resourcemanager?: string;
  /** Cloud Firestore admin API v1 (database settings, backup schedules); undefined: not available. */
  firestore?: string;
  /** Cloud Functions API v2 (deployed functions); undefined: not available. */
  functions?: string;
}

export const GOOGLE_API_BASES: Required<ApiBases> = {
  identitytoolkit: 'https://identitytoolkit.googleapis.com',
  firebase: 'https://firebase.googleapis.com',
  resourcemanager: 'https://cloudresourcemanager.googleapis.com',
  firestore: 'https://firestore.googleapis.com',
  functions: 'https://cloudfunctions.googleapis.com',
};

/** The Auth emulator's copy of the Identity Toolkit API; the other services have no emulator. */
export const emulatorApiBases = (authHost: string): ApiBases => ({
  identitytoolkit: `http://${authHost}/identitytoolkit.googleapis.com`,
});

export class GoogleApiError extends Error {
  constructor(
    readonly status: number,
    readonly url: string,
    message: string,
  ) {
    super(message);
  }
}

export interface GoogleApi {
  bases: ApiBases;
  call<T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown): Promise<T>;
}

let adc: import('firebase-admin/app').Credential | undefined;

/**
 * An access token from Application Default Credentials (firebase-admin's own lookup: `gcloud auth
 * application-default login`, GOOGLE_APPLICATION_CREDENTIALS, or the metadata server).
 */
export async function adcToken(): Promise<string> {
  if (!adc) {
    const { applicationDefault } = await import('firebase-admin/app');
    adc = applicationDefault();
  }
  return (await adc.getAccessToken()).access_token;
}

export function googleApi(
  bases: ApiBases,
  token: () => Promise<string>,
  quotaProject?: string,
): GoogleApi {
  return {
    bases,
    async call<T>(method: string, url: string, body?: unknown): Promise<T> {
      const headers: Record<string, string> = { Authorization: `Bearer ${await token()}` };
      // User credentials (gcloud auth application-default login) need a quota project for the
      // Identity Toolkit and Firebase APIs; the project being set up is the natural one.
      if (quotaProject) headers['X-Goog-User-Project'] = quotaProject;
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      const send = () =>
        fetch(url, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(60_000),
        });
      // A kept-alive connection the server closed meanwhile fails before anything was sent
      // ("other side closed"): one more try on a new connection. Every call here is a read or
      // a write of absolute values, so a repeat is harmless.
      const res = await send().catch((error: unknown) => {
        if (error instanceof TypeError) return send();
        throw error;
      });
      const text = await res.text();
      let json: unknown = undefined;
      try {
        json = text ? JSON.parse(text) : {};
      } catch {
        // not JSON: reported below with the status
      }
      if (!res.ok) {
        const message =
          (json as { error?: { message?: string } } | undefined)?.error?.message ??
          text.slice(0, 200);
        throw new GoogleApiError(res.status, url, `${method} ${url}: ${res.status} ${message}`);
      }
      return json as T;
    },
  };
}
