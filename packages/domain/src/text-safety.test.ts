import { mentorStep1Schema, studentApplicationSchema, studentStep1Schema } from './schemas';
import { hasHiddenCharacters, isStrictEmail, mailtoHref } from './text-safety';

const errorsOf = async (schema: typeof studentStep1Schema, value: unknown) => {
  try {
    await schema.validate(value, { abortEarly: false });
    return {};
  } catch (error) {
    const fields: Record<string, string> = {};
    for (const inner of (error as { inner: { path: string; message: string }[] }).inner) {
      fields[inner.path] ??= inner.message;
    }
    return fields;
  }
};

const step1 = {
  fullName: 'Ada Lovelace',
  emailAddress: 'ada@example.edu',
  linkedinUrl: 'https://www.linkedin.com/in/ada',
  phoneNumber: '+1 555 0100',
  universityName: 'State University',
  academicProgram: 'Computer Science',
  yearOfStudy: '2nd Year Undergraduate',
};

describe('hidden characters', () => {
  it.each([
    ['U+202E right-to-left override', 'Evil\u202Egnp.exe'],
    ['U+202A embedding', 'a\u202Ab'],
    ['U+2066 isolate', 'a\u2066b\u2069'],
    ['U+200E mark', 'a\u200E'],
    ['U+200F mark', 'a\u200F'],
    ['U+061C Arabic letter mark', 'a\u061C'],
    ['a line feed', 'a\nb'],
    ['a carriage return', 'a\rb'],
    ['a tab', 'a\tb'],
    ['NUL', 'a\u0000b'],
    ['DEL', 'a\u007Fb'],
    ['a C1 control', 'a\u0085b'],
    ['U+2028 line separator', 'a\u2028b'],
  ])('one-line text refuses %s', (_, text) => {
    expect(hasHiddenCharacters(text)).toBe(true);
  });

  it('multi-line text allows line breaks and tabs, and nothing else of the kind', () => {
    expect(hasHiddenCharacters('line one\r\nline two\tend', true)).toBe(false);
    expect(hasHiddenCharacters('a\u202Eb', true)).toBe(true);
    expect(hasHiddenCharacters('a\u0007b', true)).toBe(true);
  });

  it('accepts real names, zero-width joiners included', () => {
    for (const name of ['Zoë Ağaoğlu', 'محمد علي', 'می\u200Cخواهم', 'José-María O’Neil', '李伟']) {
      expect(hasHiddenCharacters(name)).toBe(false);
    }
  });

  it('the schemas refuse it with a field message, in the wizard step and the application', async () => {
    const message =
      'Full name must be one line, without control characters or hidden text-direction marks.';
    expect(await errorsOf(studentStep1Schema, { ...step1, fullName: 'Ada\u202E Admin' })).toEqual({
      fullName: message,
    });
    const mentor = await errorsOf(mentorStep1Schema as never, {
      fullName: 'Grace',
      email: 'grace@example.org',
      phoneNumber: '+1\n555',
      currentJobTitle: 'Engineer',
      company: 'Acme',
      yearsExperience: 3,
      location: 'Paris',
    });
    expect(mentor).toEqual({
      phoneNumber:
        'Phone number must be one line, without control characters or hidden text-direction marks.',
    });
    const goals = await errorsOf(studentApplicationSchema as never, {
      ...step1,
      mentorshipGoals: 'Learn\nand grow \u202E',
      agreedToCommitment: true,
      consentToContact: true,
    });
    expect(goals).toEqual({
      mentorshipGoals:
        'Mentorship goals cannot contain control characters or hidden text-direction marks.',
    });
  });
});

describe('strict e-mail syntax', () => {
  it.each([
    'ada@example.edu',
    'first.last+tag@sub.example.co.uk',
    "o'neil@example.org",
    'a_b-c@example-domain.org',
    'x@xn--bcher-kva.example',
    'X@Example.ORG',
  ])('accepts %s', (email) => {
    expect(isStrictEmail(email)).toBe(true);
  });

  it.each([
    'x?cc=attacker%40evil.test&subject=Urgent&x=a@example.com',
    'a&b@example.org',
    'a%b@example.org',
    'a,b@example.org',
    'dup..x@gmail.com',
    '.x@example.org',
    'x.@example.org',
    'a@b@example.org',
    'a@example',
    'a@example.c',
    'a@-example.org',
    'a@example-.org',
    'a@exa_mple.org',
    'a@example..org',
    'a@[127.0.0.1]',
    '"quoted"@example.org',
    'a b@example.org',
    'zoë@example.org',
    `${'x'.repeat(65)}@example.org`,
    '',
  ])('refuses %j', (email) => {
    expect(isStrictEmail(email)).toBe(false);
  });

  it('the schema gives the e-mail field message', async () => {
    expect(
      await errorsOf(studentStep1Schema, { ...step1, emailAddress: 'dup..x@gmail.com' }),
    ).toEqual({ emailAddress: 'Enter a valid email address, like name@example.com.' });
  });
});

describe('mailtoHref', () => {
  it('encodes both halves, so a stored address can add no header', () => {
    expect(mailtoHref('ada@example.edu')).toBe('mailto:ada@example.edu');
    const hostile = mailtoHref('x?cc=attacker%40evil.test&subject=Urgent&x=a@example.com');
    expect(hostile).toBe(
      'mailto:x%3Fcc%3Dattacker%2540evil.test%26subject%3DUrgent%26x%3Da@example.com',
    );
    expect(hostile).not.toMatch(/[?&]/);
    expect(mailtoHref('no-at-sign?x')).toBe('mailto:no-at-sign%3Fx');
  });
});
