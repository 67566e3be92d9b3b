import fc from 'fast-check';
import { nominationRequestEmail } from './email/templates';
import { NOMINATION_ASKS_PER_STUDENT, nominationLine, type NominationView } from './nominations';

describe("the nominator's question", () => {
  it('has a subject of the program\u2019s words only, whatever the student typed', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.option(fc.string({ minLength: 1 })),
        (studentName, nominatorName) => {
          const mail = nominationRequestEmail({ studentName, nominatorName, link: 'LINK' });
          expect(mail.subject).toBe(
            'Did you nominate a student for the Bridge Mentorship Program?',
          );
          // The student's words are for the body, where the nominator reads who asks.
          expect(mail.text).toContain('has applied to the Bridge Mentorship Program');
        },
      ),
    );
    const mail = nominationRequestEmail({
      studentName: 'Buy cheap watches at example.com',
      nominatorName: null,
      link: 'LINK',
    });
    expect(mail.subject).not.toContain('watches');
    expect(mail.text).toContain('Buy cheap watches at example.com has applied');
  });

  it('tells coordinators when the student changed the nominator past the questions it sends', () => {
    const view: NominationView = {
      state: 'asks-used',
      nominator: 'Prof. Last',
      askedAt: null,
      answeredAt: null,
      answeredBy: null,
      note: null,
    };
    expect(NOMINATION_ASKS_PER_STUDENT).toBe(3);
    expect(nominationLine(view)).toBe(
      'Nominator (Prof. Last) not asked: the student changed their nominator after 3 questions, the most the program sends',
    );
  });
});
