import fc from 'fast-check';
import {
  COHORT_DATES,
  COHORT_MESSAGES,
  COHORT_NOTICE,
  cohortDatesText,
  cohortSchema,
  currentCohort,
  isPublicCohortsAnswer,
  nextOpening,
  openCohort,
  publicCohorts,
  withProgramEnd,
} from './cohort-records';
import { cohortPhase, type Cohort } from './cohort';
import { fieldErrorsOf } from './validate';
import type { ValidationError } from 'yup';

const fall: Omit<Cohort, 'id'> = {
  name: 'Fall 2027',
  term: 'fall',
  year: 2027,
  applicationsOpen: '2027-06-01',
  applicationsClose: '2027-07-31',
  matchingDoneBy: '2027-08-20',
  programStart: '2027-09-01',
  programEnd: '2027-12-31',
};

const errorsOf = async (value: unknown) => {
  try {
    await cohortSchema.validate(value, { abortEarly: false, stripUnknown: false });
    return {};
  } catch (error) {
    return { ...fieldErrorsOf(error as ValidationError) };
  }
};

describe('cohortSchema', () => {
  it('accepts dates in order', async () => {
    expect(await errorsOf(fall)).toEqual({});
  });

  it('names each contradiction on its field', async () => {
    expect(
      await errorsOf({
        ...fall,
        applicationsClose: '2027-05-31',
        matchingDoneBy: '2027-05-31',
        programStart: '2027-05-30',
        programEnd: '2027-05-29',
      }),
    ).toEqual({
      applicationsClose: COHORT_MESSAGES.closeBeforeOpen,
      matchingDoneBy: COHORT_MESSAGES.matchingNotAfterClose,
      programStart: COHORT_MESSAGES.startBeforeMatching,
      programEnd: COHORT_MESSAGES.endBeforeStart,
    });
  });

  it('allows the equalities the order allows, not matching on the closing day', async () => {
    expect(
      await errorsOf({
        ...fall,
        applicationsClose: fall.applicationsOpen,
        matchingDoneBy: '2027-06-02',
        programStart: '2027-06-02',
        programEnd: '2027-06-02',
      }),
    ).toEqual({});
    expect(await errorsOf({ ...fall, matchingDoneBy: fall.applicationsClose })).toEqual({
      matchingDoneBy: COHORT_MESSAGES.matchingNotAfterClose,
    });
  });

  it('refuses days that do not exist and missing fields', async () => {
    const errors = await errorsOf({ ...fall, applicationsOpen: '2027-02-30', name: ' ' });
    expect(errors.applicationsOpen).toBe(COHORT_MESSAGES.dateInvalid('Applications open'));
    expect(errors.name).toBe(COHORT_MESSAGES.nameRequired);
    // The close date is not compared with a day that does not exist.
    expect(errors.applicationsClose).toBeUndefined();
  });

  it('fills an empty end with four months from the start', async () => {
    const value = await cohortSchema.validate({ ...fall, programEnd: '' });
    expect(withProgramEnd(value).programEnd).toBe('2027-12-31');
  });
});

const cohort = (id: string, open: string, close: string, start: string): Cohort => ({
  ...fall,
  id,
  name: id,
  applicationsOpen: open,
  applicationsClose: close,
  matchingDoneBy: start,
  programStart: start,
  programEnd: '2099-01-01',
});

describe('which cohort', () => {
  const a = cohort('a', '2027-01-01', '2027-01-31', '2027-03-01');
  const b = cohort('b', '2027-01-15', '2027-02-15', '2027-04-01');
  const c = cohort('c', '2027-06-01', '2027-06-30', '2027-08-01');
  const at = (d: string) => new Date(`${d}T12:00:00Z`);

  it('applications go to the open window that closes first', () => {
    expect(openCohort([b, a, c], at('2027-01-20'))?.id).toBe('a');
    expect(openCohort([b, a, c], at('2027-02-01'))?.id).toBe('b');
    expect(openCohort([b, a, c], at('2027-03-01'))).toBeNull();
    expect(nextOpening([b, a, c], at('2027-03-01'))?.id).toBe('c');
  });

  it('the current cohort is the most recent live one, else the next, else the last', () => {
    expect(currentCohort([a, b, c], at('2027-02-01'))?.id).toBe('b');
    expect(currentCohort([a, c], at('2026-12-01'))?.id).toBe('a');
    expect(currentCohort([], at('2026-12-01'))).toBeNull();
  });

  it('the public answer carries the open window or the next opening', () => {
    expect(publicCohorts([a, c], at('2027-03-01'))).toEqual({
      notice:
        'Applications are closed right now. The next cohort, c, opens for applications on June 1, 2027.',
      dates:
        'Applications are closed right now. The next cohort, c, opens for applications on June 1, 2027 and starts on August 1, 2027.',
      open: null,
      next: { id: 'c', name: 'c', applicationsOpen: '2027-06-01', programStart: '2027-08-01' },
    });
  });

  it('property: the open cohort, when any, accepts applications and closes first', () => {
    const day = fc
      .integer({ min: 0, max: 400 })
      .map((n) => new Date(Date.UTC(2027, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(day, fc.integer({ min: 0, max: 60 })), { maxLength: 6 }),
        day,
        (windows, today) => {
          const cohorts = windows.map(([open, length], i) => {
            const close = new Date(Date.parse(open) + length * 86_400_000)
              .toISOString()
              .slice(0, 10);
            return cohort(`c${i}`, open, close, '2099-01-01');
          });
          const now = at(today);
          const chosen = openCohort(cohorts, now);
          const accepting = cohorts.filter((x) => cohortPhase(x, now) === 'applications-open');
          if (!chosen) return accepting.length === 0;
          return (
            cohortPhase(chosen, now) === 'applications-open' &&
            accepting.every((x) => x.applicationsClose >= chosen.applicationsClose)
          );
        },
      ),
    );
  });
});

describe("the public pages' dates line", () => {
  const at = (d: string) => new Date(`${d}T12:00:00Z`);
  const fall27 = { ...fall, id: 'fall-2027' };
  const spring28: Cohort = {
    ...fall,
    id: 'spring-2028',
    name: 'Spring 2028',
    term: 'spring',
    year: 2028,
    applicationsOpen: '2027-11-01',
    applicationsClose: '2027-12-15',
    matchingDoneBy: '2028-01-05',
    programStart: '2028-01-20',
    programEnd: '2028-05-20',
  };

  it('while a cohort takes applications: which one, until when, and when it starts', () => {
    expect(cohortDatesText(publicCohorts([fall27, spring28], at('2027-07-31')))).toBe(
      'Applications for the Fall 2027 cohort are open until July 31, 2027. The cohort starts on September 1, 2027.',
    );
  });

  it("when none is open: when the next opens and starts, in the wizards' words", () => {
    const answer = publicCohorts([fall27, spring28], at('2027-08-01'));
    const text = cohortDatesText(answer);
    expect(text).toBe(
      'Applications are closed right now. The next cohort, Spring 2028, opens for applications on November 1, 2027 and starts on January 20, 2028.',
    );
    // The wizards' notice says the same, in the same words.
    expect(text.startsWith(answer.notice.replace(/\.$/, ''))).toBe(true);
  });

  it('when nothing is announced: that, as the wizards say it', () => {
    const text = cohortDatesText(publicCohorts([fall27], at('2028-03-01')));
    expect(text).toBe(
      'Applications are closed right now. The next cohort has not been announced yet.',
    );
    expect(text).toBe(COHORT_NOTICE.closed(null));
    expect(cohortDatesText(publicCohorts([], at('2028-03-01')))).toBe(COHORT_DATES.none);
  });

  it('a name that already says "cohort" is not said twice', () => {
    const founding = { ...fall27, id: 'founding', name: 'Founding cohort' };
    expect(cohortDatesText(publicCohorts([founding], at('2027-06-01')))).toBe(
      'Applications for the Founding cohort are open until July 31, 2027. The cohort starts on September 1, 2027.',
    );
  });

  it('a build checks the answer it is given before writing its dates', () => {
    const answer = publicCohorts([fall27, spring28], at('2027-07-01'));
    expect(isPublicCohortsAnswer(answer)).toBe(true);
    expect(isPublicCohortsAnswer(JSON.parse(JSON.stringify(answer)))).toBe(true);
    expect(isPublicCohortsAnswer({ open: null, next: null })).toBe(true);
    expect(isPublicCohortsAnswer({ open: null })).toBe(false);
    expect(isPublicCohortsAnswer('<html>')).toBe(false);
    expect(
      isPublicCohortsAnswer({ ...answer, open: { ...answer.open, applicationsClose: 'soon' } }),
    ).toBe(false);
    expect(
      isPublicCohortsAnswer({ ...answer, next: { name: '', applicationsOpen: '2027-11-01' } }),
    ).toBe(false);
  });

  it('without records (a build given none): a sentence true whatever they say', () => {
    expect(cohortDatesText(null)).toBe(COHORT_DATES.neutral);
    expect(COHORT_DATES.neutral).not.toMatch(/\d{4}|open until|closed/);
  });
});
