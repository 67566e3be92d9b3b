/**
 * The mentor's capacity as the web's forms offer it, shared by the public application
 * (features/applications) and the coordinator's form (features/admin/people), which do not import each
 * other. Only the site's forms use it, so it lives with the site rather than in the domain.
 */
import { MENTOR_CAPACITY } from '@mentorship/domain';

/** A mentor's capacity as a form offers it: "1 student", "2 students", ... */
export const MENTOR_CAPACITY_CHOICES: readonly { value: string; label: string }[] = Array.from(
  { length: MENTOR_CAPACITY.max - MENTOR_CAPACITY.min + 1 },
  (_, index) => {
    const count = MENTOR_CAPACITY.min + index;
    return { value: String(count), label: count === 1 ? '1 student' : `${count} students` };
  },
);
