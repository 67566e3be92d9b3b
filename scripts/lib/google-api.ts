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
  /** Firebase Hosting API v1beta1 (the default site); undefined: not available. */
  firebasehosting?: string;
  /** IAM API v1 (whether a service account exists yet); undefined: not available. */
  iam?: string;
  /** Cloud Scheduler API v1 (the scheduled functions' jobs); undefined: not available. */
  cloudscheduler?: string;
}

export const GOOGLE_API_BASES: Required<ApiBases> = {
  identitytoolkit: 'https://identitytoolkit.googleapis.com',
  firebase: 'https://firebase.googleapis.com',
  resourcemanager: 'https://cloudresourcemanager.googleapis.com',
  firestore: 'https://firestore.googleapis.com',
  functions: 'https://cloudfunctions.googleapis.com',
  firebasehosting: 'https://firebasehosting.googleapis.com',
  iam: 'https://iam.googleapis.com',
  cloudscheduler: 'https://cloudscheduler.googleapis.com',
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
    /** The API's own error message (e.g. CONFIGURATION_NOT_FOUND), without method and URL. */
    readonly apiMessage = '',
  ) {
    super(message);
  }
}

export interface GoogleApi {
  bases: ApiBases;
  call<T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown): Promise<T>;
}

/** Methods whose repeat changes nothing more than the first call (PATCH here writes absolute values). */
const IDEMPOTENT = new Set(['GET', 'PATCH', 'DELETE']);

/**
 * fetch's network failure ("fetch failed"): a TypeError, told by its name because it may come
 * from another realm than this module's TypeError (as under jest), where instanceof is false.
 */
const isNetworkFailure = (error: unknown): boolean =>
  (error as { name?: unknown } | null)?.name === 'TypeError';

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
      // ("other side closed"): one more try on a new connection, for reads and absolute writes
      // only. A POST may create something: if the first one reached the server, a second would
      // make a duplicate (a second backup schedule, web app or site), so its failure is handed
      // to the caller, whose next run reads first and creates only what is still missing.
      const res = await send().catch((error: unknown) => {
        if (isNetworkFailure(error) && IDEMPOTENT.has(method)) return send();
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
        throw new GoogleApiError(
          res.status,
          url,
          `${method} ${url}: ${res.status} ${message}`,
          message,
        );
      }
      return json as T;
    },
  };
}
