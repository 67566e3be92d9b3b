/** The shared schemas against the wizards' validation rules and the program's own additions. */
import { ValidationError, type AnyObjectSchema } from 'yup';
import {
  MENTOR_FINAL_CHECKS,
  MENTOR_STEP1_REQUIRED,
  STUDENT_FINAL_CHECKS,
  STUDENT_STEP1_REQUIRED,
  studentFillIn,
} from './messages';
import { AVAILABILITY, DISCIPLINES, MENTORING_TOPICS, YEARS_OF_STUDY } from './options';
import {
  mentorApplicationSchema,
  mentorRecordSchema,
  mentorStep1Schema,
  mentorStep2Schema,
  studentApplicationSchema,
  studentRecordSchema,
  studentStep1Schema,
  studentStep2Schema,
  studentStep3Schema,
} from './schemas';
import { fieldErrorsOf, UNKNOWN_FIELD_MESSAGE, validateBody } from './validate';

/** Field -> message for every failing field (empty when valid). */
async function errorsOf(schema: AnyObjectSchema, value: unknown): Promise<Record<string, string>> {
  try {
    await schema.validate(value, { abortEarly: false });
    return {};
  } catch (error) {
    if (error instanceof ValidationError) return fieldErrorsOf(error);
    throw error;
  }
}

const mentorStep1 = {
  fullName: 'Grace Mentor',
  email: 'grace@example.org',
  phoneNumber: '+1 555 0100',
  linkedinUrl: 'https://www.linkedin.com/in/grace',
  currentJobTitle: 'Staff Engineer',
  company: 'Example Corp',
  yearsExperience: 12,
  education: 'MSc',
  skills: ['Python'],
  location: 'Toronto',
  timeZone: 'UTC-5',
  profileSummary: 'Builds things.',
};

const mentorStep2 = {
  preferredDisciplines: ['Engineering'],
  mentoringTopics: ['Leadership'],
  availability: ['Flexible Schedule'],
  motivation: 'To give back.',
  capacity: 2,
  agreedToCommitment: true,
  consentToContact: true,
};

const studentStep1 = {
  fullName: 'Ada Student',
  emailAddress: 'ada@example.edu',
  linkedinUrl: 'https://www.linkedin.com/in/ada',
  phoneNumber: '+1 555 0101',
  universityName: 'State University',
  academicProgram: 'BSc Computer Science',
  yearOfStudy: '2nd Year Undergraduate',
};

const studentRest = {
  nominatedBy: 'Prof. Hopper',
  professorEmail: 'hopper@example.edu',
  careerInterests: 'Data',
  preferredDisciplines: ['Data Science'],
  mentoringTopics: ['Career Planning'],
  mentorshipGoals: 'An internship.',
  agreedToCommitment: true,
  consentToContact: true,
};

/** The fields a schema requires, read from the schema itself. */
const requiredFieldsOf = (schema: AnyObjectSchema) =>
  Object.entries(schema.describe().fields)
    .filter(([, field]) => !(field as { optional: boolean }).optional)
    .map(([name]) => name);

describe('mentor step 1 (Continue to Preferences)', () => {
  it('accepts a complete step', async () => {
    expect(await errorsOf(mentorStep1Schema, mentorStep1)).toEqual({});
  });

  it.each(MENTOR_STEP1_REQUIRED.map((item) => item.field))(
    'requires %s, also when it is only spaces',
    async (field) => {
      for (const empty of ['', '   ', undefined]) {
        const errors = await errorsOf(mentorStep1Schema, { ...mentorStep1, [field]: empty });
        expect(Object.keys(errors)).toEqual([field]);
        // A number field reads spaces as "not a number"; the wizard still names it as missing.
        if (field !== 'yearsExperience' || empty !== '   ') {
          expect(errors[field]).toMatch(/is required\.$/);
        }
      }
    },
  );

  it('gives each required field the spec toast text, full name first', () => {
    expect(MENTOR_STEP1_REQUIRED[0]?.description).toBe('Please enter your full name to continue.');
    for (const item of MENTOR_STEP1_REQUIRED) {
      expect(item.description).toMatch(/^Please enter your .+ to continue\.$/);
    }
    // Exactly the fields the schema requires: a required field without a toast cannot slip in.
    expect(MENTOR_STEP1_REQUIRED.map((item) => item.field).sort()).toEqual(
      requiredFieldsOf(mentorStep1Schema).sort(),
    );
  });

  it('takes years of experience as a whole number from 0 to 50', async () => {
    for (const ok of [0, 3, 50, '7']) {
      expect(await errorsOf(mentorStep1Schema, { ...mentorStep1, yearsExperience: ok })).toEqual(
        {},
      );
    }
    for (const bad of [-1, 51, 2.5, 'many', '']) {
      const errors = await errorsOf(mentorStep1Schema, { ...mentorStep1, yearsExperience: bad });
      expect(Object.keys(errors)).toEqual(['yearsExperience']);
    }
    expect(
      (await errorsOf(mentorStep1Schema, { ...mentorStep1, yearsExperience: '' })).yearsExperience,
    ).toBe('Years of experience is required.');
  });

  it('leaves LinkedIn URL and professional summary optional but checks the URL', async () => {
    expect(
      await errorsOf(mentorStep1Schema, { ...mentorStep1, linkedinUrl: '', profileSummary: '' }),
    ).toEqual({});
    for (const bad of ['linkedin.com/in/x', 'javascript:alert(1)', 'ftp://example.org/x']) {
      const errors = await errorsOf(mentorStep1Schema, { ...mentorStep1, linkedinUrl: bad });
      expect(errors).toEqual({ linkedinUrl: 'Enter a full web address starting with https://' });
    }
  });

  it('requires a valid e-mail address', async () => {
    const errors = await errorsOf(mentorStep1Schema, { ...mentorStep1, email: 'grace@' });
    expect(errors).toEqual({ email: 'Enter a valid email address, like name@example.com.' });
  });
});

describe('mentor step 2 and final submit', () => {
  it('accepts a complete step', async () => {
    expect(await errorsOf(mentorStep2Schema, mentorStep2)).toEqual({});
  });

  it('needs at least one discipline, topic and availability, each from its list', async () => {
    const errors = await errorsOf(mentorStep2Schema, {
      ...mentorStep2,
      preferredDisciplines: [],
      mentoringTopics: [],
      availability: [],
    });
    expect(errors).toEqual({
      preferredDisciplines: 'Select at least one student discipline.',
      mentoringTopics: 'Select at least one mentoring topic.',
      availability: 'Select at least one availability option.',
    });
    const unknown = await errorsOf(mentorStep2Schema, {
      ...mentorStep2,
      preferredDisciplines: ['Astrology'],
      availability: ['Weekday mornings'],
    });
    expect(Object.keys(unknown).sort()).toEqual(['availability', 'preferredDisciplines']);
    const twice = await errorsOf(mentorStep2Schema, {
      ...mentorStep2,
      mentoringTopics: ['Leadership', 'Leadership'],
    });
    expect(Object.keys(twice)).toEqual(['mentoringTopics']);
  });

  it('accepts every option of the spec lists', async () => {
    expect(
      await errorsOf(mentorStep2Schema, {
        ...mentorStep2,
        preferredDisciplines: [...DISCIPLINES],
        mentoringTopics: [...MENTORING_TOPICS],
        availability: [...AVAILABILITY],
      }),
    ).toEqual({});
    expect(DISCIPLINES).toHaveLength(15);
    expect(MENTORING_TOPICS).toHaveLength(13);
    expect(AVAILABILITY).toHaveLength(6);
    expect(YEARS_OF_STUDY).toHaveLength(10);
  });

  it('needs the commitment and the consent with the spec wording', async () => {
    const errors = await errorsOf(mentorStep2Schema, {
      ...mentorStep2,
      agreedToCommitment: false,
      consentToContact: undefined,
    });
    expect(errors).toEqual({
      agreedToCommitment: 'Please agree to the mentor commitment to complete registration.',
      consentToContact: 'Please consent to being contacted by the program.',
    });
  });

  it('keeps capacity optional: default 1, whole numbers 1 to 5', async () => {
    const { capacity: _omitted, ...withoutCapacity } = mentorStep2;
    expect(mentorStep2Schema.cast(withoutCapacity).capacity).toBe(1);
    expect(mentorStep2Schema.cast({ ...mentorStep2, capacity: '' }).capacity).toBe(1);
    expect(mentorStep2Schema.cast({ ...mentorStep2, capacity: '3' }).capacity).toBe(3);
    for (const bad of [0, 6, 1.5]) {
      expect(
        Object.keys(await errorsOf(mentorStep2Schema, { ...mentorStep2, capacity: bad })),
      ).toEqual(['capacity']);
    }
  });

  it('lists the final checks in the spec order with the spec titles', () => {
    expect(MENTOR_FINAL_CHECKS.map((check) => [check.field, check.title])).toEqual([
      ['fullName', 'Name Required'],
      ['currentJobTitle', 'Job Title Required'],
      ['agreedToCommitment', 'Agreement Required'],
      ['consentToContact', 'Consent Required'],
      ['preferredDisciplines', 'Student Disciplines Required'],
      ['mentoringTopics', 'Mentoring Topics Required'],
      ['availability', 'Availability Required'],
    ]);
    expect(MENTOR_FINAL_CHECKS[2].description).toBe(
      'Please agree to the mentor commitment to complete registration.',
    );
  });

  it('casts the application: trimmed text, empty optional values as null', () => {
    const cast = mentorApplicationSchema.cast({
      ...mentorStep1,
      ...mentorStep2,
      fullName: '  Grace Mentor ',
      linkedinUrl: '',
      timeZone: '   ',
      education: '',
      profileSummary: '',
      motivation: '',
    });
    expect(cast).toMatchObject({
      fullName: 'Grace Mentor',
      linkedinUrl: null,
      timeZone: null,
      education: null,
      profileSummary: null,
      motivation: null,
      capacity: 2,
      phoneNumber: '+1 555 0100',
    });
  });

  it('rejects fields that are not part of the application', async () => {
    const result = await validateBody(mentorApplicationSchema, {
      ...mentorStep1,
      ...mentorStep2,
      isActive: true,
    });
    expect(result).toEqual({ ok: false, fields: { isActive: UNKNOWN_FIELD_MESSAGE } });
  });
});

describe('student wizard', () => {
  it('accepts a complete application', async () => {
    expect(await errorsOf(studentApplicationSchema, { ...studentStep1, ...studentRest })).toEqual(
      {},
    );
  });

  it.each(STUDENT_STEP1_REQUIRED.map((item) => item.field))(
    'step 1 requires %s, also when it is only spaces',
    async (field) => {
      for (const empty of ['', '  ']) {
        const errors = await errorsOf(studentStep1Schema, { ...studentStep1, [field]: empty });
        expect(Object.keys(errors)).toEqual([field]);
      }
    },
  );

  it('has the spec texts for the step-1 toasts and the final re-check', () => {
    expect(STUDENT_STEP1_REQUIRED.map((item) => item.field)).toEqual([
      'fullName',
      'emailAddress',
      'linkedinUrl',
      'phoneNumber',
      'universityName',
      'academicProgram',
      'yearOfStudy',
    ]);
    expect(STUDENT_STEP1_REQUIRED.map((item) => item.field).sort()).toEqual(
      requiredFieldsOf(studentStep1Schema).sort(),
    );
    expect(STUDENT_STEP1_REQUIRED[0]?.description).toBe('Please enter your full name to continue.');
    expect(studentFillIn('Full Name')).toBe('Please fill in Full Name.');
    expect(STUDENT_FINAL_CHECKS.map((check) => check.description)).toEqual([
      'Please agree to the 4-month mentorship commitment.',
      'Please consent to being contacted by the program.',
    ]);
  });

  it('takes the year of study only from the list', async () => {
    const errors = await errorsOf(studentStep1Schema, { ...studentStep1, yearOfStudy: 'Year 9' });
    expect(errors).toEqual({ yearOfStudy: 'Choose a year of study from the list.' });
  });

  it('keeps nomination details optional but checks the professor e-mail', async () => {
    expect(
      await errorsOf(studentStep2Schema, {
        nominatedBy: '',
        professorEmail: '',
        careerInterests: '',
      }),
    ).toEqual({});
    expect(await errorsOf(studentStep2Schema, { professorEmail: 'prof@' })).toEqual({
      professorEmail: 'Enter a valid email address, like name@example.com.',
    });
  });

  it('needs the agreement and the consent on step 3; preferences are optional', async () => {
    expect(
      await errorsOf(studentStep3Schema, {
        preferredDisciplines: [],
        mentoringTopics: [],
        mentorshipGoals: '',
        agreedToCommitment: false,
        consentToContact: false,
      }),
    ).toEqual({
      agreedToCommitment: 'Please agree to the 4-month mentorship commitment.',
      consentToContact: 'Please consent to being contacted by the program.',
    });
  });

  it('sends empty optional values as null', () => {
    const cast = studentApplicationSchema.cast({
      ...studentStep1,
      emailAddress: ' ada@example.edu ',
      nominatedBy: '',
      professorEmail: '',
      careerInterests: ' ',
      preferredDisciplines: [],
      mentoringTopics: [],
      mentorshipGoals: '',
      agreedToCommitment: true,
      consentToContact: true,
    });
    expect(cast).toMatchObject({
      emailAddress: 'ada@example.edu',
      nominatedBy: null,
      professorEmail: null,
      careerInterests: null,
      preferredDisciplines: null,
      mentoringTopics: null,
      mentorshipGoals: null,
    });
  });
});

describe('admin record schemas', () => {
  it('student: only full name and e-mail are required; active by default', async () => {
    expect(await errorsOf(studentRecordSchema, {})).toEqual({
      fullName: 'Full name is required.',
      emailAddress: 'Email address is required.',
    });
    expect(studentRecordSchema.cast({ fullName: 'A', emailAddress: 'a@b.org' }).isActive).toBe(
      true,
    );
  });

  it('mentor: only full name is required; active and capacity 1 by default', async () => {
    expect(await errorsOf(mentorRecordSchema, {})).toEqual({
      fullName: 'Full name is required.',
    });
    const cast = mentorRecordSchema.cast({ fullName: 'M', yearsExperience: '' });
    expect(cast).toMatchObject({ isActive: true, capacity: 1, yearsExperience: 0 });
  });
});

describe("the student's time zone", () => {
  it('is optional: missing or empty is null', async () => {
    expect(studentStep1Schema.cast({ ...studentStep1 }).timeZone).toBeNull();
    expect(studentStep1Schema.cast({ ...studentStep1, timeZone: '  ' }).timeZone).toBeNull();
    expect(await errorsOf(studentStep1Schema, { ...studentStep1, timeZone: '' })).toEqual({});
  });

  it('accepts a listed IANA zone and refuses anything else on the field', async () => {
    expect(
      await errorsOf(studentApplicationSchema, {
        ...studentStep1,
        ...studentRest,
        timeZone: 'Asia/Tokyo',
      }),
    ).toEqual({});
    for (const bad of ['Tokyo', 'UTC+9', 'asia/tokyo', 'Asia/Chita', 42]) {
      expect(await errorsOf(studentStep1Schema, { ...studentStep1, timeZone: bad })).toEqual({
        timeZone: 'Choose a time zone from the list.',
      });
    }
    expect(
      await errorsOf(studentRecordSchema, {
        fullName: 'A',
        emailAddress: 'a@example.org',
        timeZone: 'Mars/Olympus',
      }),
    ).toEqual({ timeZone: 'Choose a time zone from the list.' });
  });
});
