import { MENTOR_FINAL_CHECKS, MENTOR_STEP1_REQUIRED, TOASTS } from '@mentorship/domain';
import { firstFailedCheck, firstMissing, missingToContinue } from './wizard-checks';

const fields = ['linkedinUrl', 'fullName', 'email', 'phoneNumber'];

describe('wizard checks', () => {
  it('names the first empty required field and focuses the first invalid one in form order', () => {
    const errors = { linkedinUrl: 'Enter a valid URL', email: 'Required', phoneNumber: 'Required' };
    const values = { linkedinUrl: 'not a url', fullName: 'Ana', email: '', phoneNumber: '' };
    expect(missingToContinue(MENTOR_STEP1_REQUIRED, fields, errors, values)).toEqual({
      toast: {
        title: TOASTS.requiredFieldMissing,
        description: 'Please enter your email address to continue.',
      },
      field: 'linkedinUrl',
    });
  });

  it('lets a malformed but filled-in field through to its inline error (no toast)', () => {
    const errors = { email: 'Enter a valid e-mail address' };
    const values = { email: 'ana@', fullName: 'Ana' };
    expect(firstMissing(MENTOR_STEP1_REQUIRED, errors, values)).toBeUndefined();
    expect(missingToContinue(MENTOR_STEP1_REQUIRED, fields, errors, values)).toBeUndefined();
  });

  it('takes the final checks in their order', () => {
    expect(firstFailedCheck(MENTOR_FINAL_CHECKS, { consentToContact: 'x', fullName: 'x' })).toEqual(
      {
        toast: { title: 'Name Required', description: 'Please enter your full name.' },
        field: 'fullName',
      },
    );
    expect(firstFailedCheck(MENTOR_FINAL_CHECKS, {})).toBeUndefined();
  });
});
