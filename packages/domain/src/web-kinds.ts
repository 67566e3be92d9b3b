/**
 * Pure data the web's forms of a kind share between the public application (web/src/features/
 * apply) and the coordinator's form (web/src/features/admin/people), which do not import each
 * other.
 */
import { MENTOR_CAPACITY } from './options';

/** A mentor's capacity as a form offers it: "1 student", "2 students", ... */
export const MENTOR_CAPACITY_CHOICES: readonly { value: string; label: string }[] = Array.from(
  { length: MENTOR_CAPACITY.max - MENTOR_CAPACITY.min + 1 },
  (_, index) => {
    const count = MENTOR_CAPACITY.min + index;
    return { value: String(count), label: count === 1 ? '1 student' : `${count} students` };
  },
);
