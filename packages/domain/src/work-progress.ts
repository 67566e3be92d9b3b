/**
 * How far a coordinator's long action has gone, as the server counts it: a bulk change of many
 * pairs reports "120 of 1,000" while it runs. The server keeps one document per action
 * (`workProgress/{id}`, counts only), the browser that started the action names its id and reads
 * it live. The id is the browser's own random one, so the page can listen before the first
 * request leaves; a selection sent in several calls names the same id with each call's `offset`.
 */
import { number, object, string, type InferType } from 'yup';
import { isDocumentId } from './validate';

/** The long actions that report their progress. */
export const WORK_KINDS = [
  'pairs.activate',
  'pairs.deactivate',
  'pairs.delete',
  'pairs.create',
] as const;
export type WorkKind = (typeof WORK_KINDS)[number];

/** Largest selection a progress report may describe (far above any cohort's pairs). */
export const MAX_WORK_TOTAL = 100_000;

export interface WorkProgressDoc {
  kind: WorkKind;
  /** Items in the whole action (every call of it). */
  total: number;
  /** Items the server has finished, counted from the action's first call. */
  done: number;
  /** `done` once the last item is finished; `running` until then. */
  state: 'running' | 'done';
  /** ISO instant of the last report. */
  updatedAt: string;
}

/**
 * The optional `progress` of a bulk request: the action's id, where this call's items start in
 * the whole selection, and the selection's size.
 */
export const progressSchema = object({
  id: string()
    .strict()
    .required('The progress id is missing.')
    .matches(/^[A-Za-z0-9_-]{20,40}$/, 'The progress id is not valid.')
    .test(
      'document-id',
      'The progress id is not valid.',
      (v) => v === undefined || isDocumentId(v),
    ),
  offset: number()
    .strict()
    .required('The progress offset is missing.')
    .integer('The progress offset must be a whole number.')
    .min(0, 'The progress offset cannot be negative.'),
  total: number()
    .strict()
    .required('The progress total is missing.')
    .integer('The progress total must be a whole number.')
    .min(1, 'The progress total must be at least 1.')
    .max(MAX_WORK_TOTAL, `The progress total must be at most ${MAX_WORK_TOTAL}.`),
})
  .test(
    'offset-within-total',
    'The progress offset must be below its total.',
    // A total below 1 has its own message above.
    (value) =>
      value === undefined || value === null || value.total < 1 || value.offset < value.total,
  )
  .default(undefined)
  .optional();
export type ProgressInput = NonNullable<InferType<typeof progressSchema>>;

const VERBS: Record<WorkKind, string> = {
  'pairs.activate': 'Activating pairs',
  'pairs.deactivate': 'Deactivating pairs',
  'pairs.delete': 'Deleting pairs',
  'pairs.create': 'Creating pairs',
};

/** "Deactivating pairs: 120 of 1,000". */
export function progressText(kind: WorkKind, done: number, total: number): string {
  const n = (x: number) => x.toLocaleString('en-US');
  return `${VERBS[kind]}: ${n(done)} of ${n(total)}`;
}
