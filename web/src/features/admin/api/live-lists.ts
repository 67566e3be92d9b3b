/**
 * The admin lists, live from Firestore, under firestore.rules (admin claim):
 * the list rows of students and mentors (`cohorts/{id}/studentRows`, `.../mentorRows`: list
 * fields only, filed under the person's cohort and kept by the server in the same transaction as
 * each person) and the pairs. A change anywhere (a
 * new application, another coordinator's click, one's own) reaches every open dashboard by
 * itself, and costs one document read per listener it concerns; nothing is refetched.
 *
 * Each list has two listeners: the newest FIRST_PAGE_SIZE rows (a usable first screen at once)
 * and the whole list, which starts once the newest rows are in; the first page's listener stops
 * once the whole list is in.
 *
 * Not reactfire's useFirestoreCollection: it throws a listener's error into render and keeps the
 * failed subscription in a module-wide cache keyed by the query, so after a sign-out (every
 * listener is refused) and a new sign-in in the same tab the lists would stay dead. Here each
 * mounted list owns its listener, and an error is a value: a refusal signs the coordinator out
 * with a reason (as an API 401/403 does).
 *
 * Offline is not empty. When the SDK cannot reach Firestore (no network, a proxy or a browser
 * policy blocking firestore.googleapis.com), it raises a snapshot from its cache, flagged
 * `metadata.fromCache`: with a fresh memory cache, an empty one. Such a snapshot is never taken as
 * the list: until the server has answered once, the rows stay undefined and `offline` says why;
 * after that, `offline` marks the rows shown as possibly out of date. The listeners ask for
 * metadata changes, so the flag clears the moment the server answers.
 */
import {
  ALL_COHORTS,
  ROW_COLLECTIONS,
  rowsPath,
  type PairRecord,
  type MentorListItem,
  type StudentListItem,
} from '@mentorship/domain';
import {
  collection,
  collectionGroup,
  limit,
  orderBy,
  query,
  Timestamp,
  where,
  type DocumentData,
  type FirestoreError,
  type Query,
  type QuerySnapshot,
} from 'firebase/firestore';
import { onSnapshot } from 'firebase/firestore';
import { useEffect, useMemo, useState } from 'react';
import { auth } from '../../../lib/firebase';
import { firestore } from '../../../lib/firestore';
import { signOutWithReason } from '../session';
import { ADMIN_LISTS, FIRST_PAGE_SIZE, type AdminList } from './first-page';

export interface ListRows {
  students: StudentListItem;
  mentors: MentorListItem;
  pairs: PairRecord;
}

const PAIRS = 'pairs';
const ROW_KIND = { students: 'student', mentors: 'mentor' } as const;

const iso = (value: unknown): string =>
  value instanceof Timestamp ? value.toDate().toISOString() : new Date(0).toISOString();

const DATE_FIELDS: Record<AdminList, readonly string[]> = {
  students: ['createdAt'],
  mentors: ['createdAt'],
  pairs: ['assignedAt', 'createdAt', 'updatedAt'],
};

function rowsOf<L extends AdminList>(list: L, snapshot: QuerySnapshot): ListRows[L][] {
  return snapshot.docs.map((doc) => {
    const row: DocumentData = { ...doc.data(), id: doc.id };
    for (const field of DATE_FIELDS[list]) row[field] = iso(row[field]);
    return row as ListRows[L];
  });
}

/**
 * One cohort's rows, so a coordinator's first load is bounded by that cohort: the people's rows
 * filed under it (`rowsPath`), its pairs by `cohortId` (a composite index in
 * firestore.indexes.json); or every row (ALL_COHORTS: the rows as a collection group, with its
 * index in the same file). Built once per list and cohort, so effects keyed on them subscribe once.
 */
function newestFirst(list: AdminList, cohortId: string): Query {
  const newest = orderBy('createdAt', 'desc');
  const all = cohortId === ALL_COHORTS;
  if (list === 'pairs') {
    const pairs = collection(firestore, PAIRS);
    return all ? query(pairs, newest) : query(pairs, where('cohortId', '==', cohortId), newest);
  }
  const kind = ROW_KIND[list];
  return all
    ? query(collectionGroup(firestore, ROW_COLLECTIONS[kind]), newest)
    : query(collection(firestore, rowsPath(kind, cohortId)), newest);
}
const built = new Map<string, { firstPage: Query; full: Query }>();
const queriesFor = (list: AdminList, cohortId: string) => {
  const key = `${list}/${cohortId}`;
  let queries = built.get(key);
  if (!queries) {
    const full = newestFirst(list, cohortId);
    queries = { firstPage: query(full, limit(FIRST_PAGE_SIZE)), full };
    built.set(key, queries);
  }
  return queries;
};

/** At most this long `warmFirstPages` keeps a listener nobody took over. */
const WARM_MS = 15_000;
/** The warm listeners, by list and cohort (`queriesFor`'s key): how to stop each. */
const warm = new Map<string, () => void>();
const stopWarm = (key: string) => {
  warm.get(key)?.();
  warm.delete(key);
};

/**
 * Starts listening to the newest rows of the three lists of a cohort before the dashboard has
 * mounted (the prefetch at sign-in): the Firestore SDK shares one target between listeners of
 * the same query, so the dashboard's own listener gets these rows at once instead of asking the
 * server again. Each stops when the dashboard's own listener has its first answer (or after
 * WARM_MS); no extra reads.
 */
export function warmFirstPages(cohortId: string): void {
  for (const list of ADMIN_LISTS) {
    const key = `${list}/${cohortId}`;
    if (warm.has(key)) continue;
    const stop = onSnapshot(
      queriesFor(list, cohortId).firstPage,
      () => undefined,
      () => stopWarm(key),
    );
    const timer = setTimeout(() => stopWarm(key), WARM_MS);
    warm.set(key, () => {
      clearTimeout(timer);
      stop();
    });
  }
}

/** Stops the warm listeners of a cohort nobody will take over (a wrong guess at sign-in). */
export function stopWarmFirstPages(cohortId: string): void {
  for (const list of ADMIN_LISTS) stopWarm(`${list}/${cohortId}`);
}

export interface LiveList<T> {
  /** The whole list, or its newest rows until the whole list is in; undefined before either. */
  rows: T[] | undefined;
  /** `rows` is the whole list (also when the newest rows already were all of it). */
  complete: boolean;
  /** A listener failed (a permission error also signs the coordinator out). */
  error: Error | undefined;
  /**
   * The latest snapshot came from the local cache only (Firestore unreachable): `rows` is
   * undefined if the server never answered, else what it last said.
   */
  offline: boolean;
}

declare global {
  interface Window {
    /** Set by bench:admin: snapshot marks then also carry their documents' size as JSON. */
    __liveBytes?: boolean;
  }
}

/**
 * For bench:admin and the browser's performance panel: the documents this snapshot brought (what
 * Firestore bills as reads, unless they came from the local cache) and, when the benchmark asks,
 * their size as JSON (not computed otherwise: 5,000 rows of it cost a coordinator tens of ms).
 */
const markSnapshot = (data: QuerySnapshot) => {
  const changes = data.docChanges();
  const bytes = window.__liveBytes
    ? changes.reduce((n, change) => n + JSON.stringify(change.doc.data()).length, 0)
    : undefined;
  performance.mark('live-snapshot', {
    detail: { changes: changes.length, bytes, fromCache: data.metadata.fromCache },
  });
};

interface Snapshots {
  page: QuerySnapshot | undefined;
  full: QuerySnapshot | undefined;
  error: Error | undefined;
  offline: boolean;
}

const WITH_METADATA = { includeMetadataChanges: true } as const;

/** Runs `then` once the browser has drawn the next frame (after React's commit of this update). */
const afterPaint = (then: () => void) => requestAnimationFrame(() => setTimeout(then, 0));

/**
 * Listens to the newest rows first; once they are in and drawn (or failed), to the whole list, so
 * the two do not compete for the first answer; once the whole list is in, the first page's listener
 * stops. Every later change comes through the whole list's listener.
 */
function useListSnapshots(list: AdminList, cohortId: string): Snapshots {
  const [state, setState] = useState<Snapshots>({
    page: undefined,
    full: undefined,
    error: undefined,
    offline: false,
  });
  useEffect(() => {
    const queries = queriesFor(list, cohortId);
    let stopPage: (() => void) | undefined;
    let stopFull: (() => void) | undefined;
    // Whether the server has answered each listener once (see the module comment).
    const heard = { page: false, full: false };
    /**
     * What a snapshot of one listener changes: the offline flag always; the rows only once the
     * server has answered that listener, and then only when documents changed (a metadata-only
     * snapshot keeps the rows, so nothing is recomputed for it).
     */
    const receive = (key: 'page' | 'full', snapshot: QuerySnapshot) => {
      const fromCache = snapshot.metadata.fromCache;
      // From the cache: offline when this listener had the server (the SDK re-raises its view
      // flagged fromCache when the connection is lost), or no listener of this list ever had
      // it. The whole list's first view from the rows the newest page brought is not offline.
      const offline = fromCache && (heard[key] || !(heard.page || heard.full));
      const first = !fromCache && !heard[key];
      if (!fromCache) heard[key] = true;
      const heardServer = heard[key];
      const changed = snapshot.docChanges().length > 0;
      return (current: Snapshots): Snapshots => {
        const keep = !heardServer || (!first && current[key] !== undefined && !changed);
        if (keep) return current.offline === offline ? current : { ...current, offline };
        return {
          ...current,
          [key]: snapshot,
          ...(key === 'full' ? { error: undefined } : {}),
          offline,
        };
      };
    };
    const failed = (error: FirestoreError) => {
      setState((current) => ({ ...current, error }));
      // Refused while signed in: the session lost its admin claim or ended.
      if (error.code === 'permission-denied' && auth.currentUser) {
        void signOutWithReason('session-ended');
      }
    };
    let ended = false;
    const startFull = () => {
      if (stopFull || ended) return;
      stopFull = onSnapshot(
        queries.full,
        WITH_METADATA,
        (full) => {
          markSnapshot(full);
          const update = receive('full', full);
          if (heard.full) {
            stopPage?.();
            stopPage = undefined;
          }
          setState(update);
        },
        failed,
      );
    };
    stopPage = onSnapshot(
      queries.firstPage,
      WITH_METADATA,
      (page) => {
        markSnapshot(page);
        setState(receive('page', page));
        // This listener has the rows now: the sign-in's warm listener can go.
        stopWarm(`${list}/${cohortId}`);
        // The whole list once these rows are on screen: its listener's first (cached) view and
        // setup would otherwise run before the first rows are drawn.
        afterPaint(startFull);
      },
      (error) => {
        failed(error);
        startFull();
      },
    );
    return () => {
      ended = true;
      stopPage?.();
      stopFull?.();
    };
  }, [list, cohortId]);
  return state;
}

export function useLiveList<L extends AdminList>(
  list: L,
  cohortId: string = ALL_COHORTS,
): LiveList<ListRows[L]> {
  const { page, full, error, offline } = useListSnapshots(list, cohortId);
  const pageRows = useMemo(() => (page ? rowsOf(list, page) : undefined), [list, page]);
  const fullRows = useMemo(() => (full ? rowsOf(list, full) : undefined), [list, full]);
  return {
    rows: fullRows ?? pageRows,
    complete:
      fullRows !== undefined || (pageRows !== undefined && pageRows.length < FIRST_PAGE_SIZE),
    error,
    offline,
  };
}

/** One whole list as a query-like result (Create Assignment): pending until it is complete. */
export function useWholeList<L extends AdminList>(list: L) {
  const live = useLiveList(list);
  const data = live.complete ? live.rows : undefined;
  // Unreachable before the server ever answered: an error, not a list still loading.
  const isError = live.error !== undefined || (live.offline && data === undefined);
  return { data, isPending: data === undefined && !isError, isError };
}
