import {
  ENROLMENT_CODE_TTL_MS,
  SESSION_MESSAGES,
  enrolmentCodeOf,
  newEnrolmentCode,
} from '@mentorship/domain';
import { Timestamp } from 'firebase-admin/firestore';
import { checkEnrolmentCode, newEnrolment } from './enrolment';

const fieldError = async (run: () => Promise<void>) => {
  try {
    await run();
  } catch (error) {
    return (error as { fields?: Record<string, string> }).fields?.enrolmentCode;
  }
  return undefined;
};

describe('enrolment codes', () => {
  const now = Date.UTC(2026, 11, 7, 10);

  it('are ten unambiguous letters, shown in two groups, kept only as a hash for an hour', async () => {
    const { code, record } = await newEnrolment(now);
    expect(code).toMatch(/^[A-HJKMNP-TV-Z2-9]{5}-[A-HJKMNP-TV-Z2-9]{5}$/);
    expect(JSON.stringify(record)).not.toContain(code.replace('-', ''));
    expect(record.expiresAt.toMillis()).toBe(now + ENROLMENT_CODE_TTL_MS);
    const codes = new Set(Array.from({ length: 200 }, () => newEnrolmentCode()));
    expect(codes.size).toBe(200);
  });

  it('accept the code as typed (case, spaces, dashes), until its hour is out', async () => {
    const { code, record } = await newEnrolment(now);
    const typed = ` ${code.toLowerCase().replace('-', ' ')} `;
    expect(enrolmentCodeOf(typed)).toBe(code.replace('-', ''));
    expect(await fieldError(() => checkEnrolmentCode(record, typed, now + 1000))).toBeUndefined();
    expect(
      await fieldError(() => checkEnrolmentCode(record, code, now + ENROLMENT_CODE_TTL_MS)),
    ).toBe(SESSION_MESSAGES.enrolmentCodeWrong);
  });

  it('refuse a missing, malformed or wrong code, and any code when none stands', async () => {
    const { code, record } = await newEnrolment(now);
    for (const missing of [undefined, null, '']) {
      expect(await fieldError(() => checkEnrolmentCode(record, missing, now))).toBe(
        SESSION_MESSAGES.enrolmentCodeNeeded,
      );
    }
    const other = (await newEnrolment(now)).code;
    for (const wrong of [other, 'ABCDE-FGHJ', 'ABCDE-FGHJ0', 42, code.replace(/./, '!')]) {
      expect(await fieldError(() => checkEnrolmentCode(record, wrong, now))).toBe(
        SESSION_MESSAGES.enrolmentCodeWrong,
      );
    }
    for (const none of [null, undefined]) {
      expect(await fieldError(() => checkEnrolmentCode(none, code, now))).toBe(
        SESSION_MESSAGES.enrolmentCodeWrong,
      );
    }
    const spent = { ...record, expiresAt: Timestamp.fromMillis(now - 1) };
    expect(await fieldError(() => checkEnrolmentCode(spent, code, now))).toBe(
      SESSION_MESSAGES.enrolmentCodeWrong,
    );
  });
});
