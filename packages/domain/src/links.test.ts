import {
  LINK_AT_REST,
  describeLinksAtRest,
  fillLinks,
  hasLinkPlaceholder,
  linkPlaceholder,
  tokenFromLocation,
  tokenLink,
} from './links';
import { checkInEmail, coordinatorInvitationEmail } from './email/templates';

const token = 'A'.repeat(43);

describe('links made at the send', () => {
  it('fills each placeholder with its link, answers added to the query, the token kept in the fragment', () => {
    const message = checkInEmail({
      fullName: 'Ada',
      partnerName: 'Bo',
      month: 1,
      actions: [
        { label: 'We met', href: linkPlaceholder(0, { answer: 'met' }) },
        { label: 'Not yet', href: linkPlaceholder(0, { answer: 'not-yet' }) },
      ],
    });
    expect(hasLinkPlaceholder(message.text)).toBe(true);
    expect(hasLinkPlaceholder(message.html)).toBe(true);
    const filled = fillLinks(message, [
      tokenLink('https://site.test/my-application/check-in', token),
    ]);
    expect(filled.text).toContain(
      `We met: https://site.test/my-application/check-in?answer=met#token=${token}`,
    );
    expect(filled.html).toContain(
      `href="https://site.test/my-application/check-in?answer=not-yet#token=${token}"`,
    );
    expect(hasLinkPlaceholder(filled.text) || hasLinkPlaceholder(filled.html)).toBe(false);
  });

  it('escapes a made link in the HTML part and keeps several links apart', () => {
    const message = {
      subject: 's',
      text: `${linkPlaceholder(0)} and ${linkPlaceholder(1)}`,
      html: `<a href="${linkPlaceholder(1)}">x</a>`,
    };
    const filled = fillLinks(message, [
      'https://a.test/x?mode=signIn&oobCode=1',
      'https://b.test/y',
    ]);
    expect(filled.text).toBe('https://a.test/x?mode=signIn&oobCode=1 and https://b.test/y');
    expect(filled.html).toBe('<a href="https://b.test/y">x</a>');
    expect(() => fillLinks(message, ['https://a.test'])).toThrow(/No link 1/);
  });

  it('stores no link in a message: a download describes where it was', () => {
    const message = coordinatorInvitationEmail({
      invitedBy: 'x@y.z',
      link: linkPlaceholder(0),
      days: 7,
    });
    expect(message.text).not.toMatch(/https?:\/\//);
    expect(describeLinksAtRest(message.text)).toContain(LINK_AT_REST);
    expect(hasLinkPlaceholder(describeLinksAtRest(message.text))).toBe(false);
  });

  it('reads the token from the fragment, else from the query of older links', () => {
    expect(tokenFromLocation({ hash: `#token=${token}`, search: '?answer=met' })).toBe(token);
    expect(tokenFromLocation({ hash: '', search: `?token=${token}&answer=met` })).toBe(token);
    expect(tokenFromLocation({ hash: '', search: '' })).toBe('');
  });
});
