/** The outbox makes each kind of link with the maker its feature registered at start-up. */
import type { LinkSpec } from '@mentorship/domain';
import { makeLink, registerLinkMakers, type LinkMakers } from './links';

const made: LinkSpec[] = [];
const maker =
  (link: string) =>
  async (spec: LinkSpec): Promise<string> => {
    made.push(spec);
    return link;
  };
const MAKERS: LinkMakers = {
  'sign-in': maker('https://site.test/sign-in'),
  'password-reset': maker('https://site.test/reset'),
  invitation: maker('https://site.test/invitation'),
  'carry-forward': maker('https://site.test/keep'),
  nomination: maker('https://site.test/nomination'),
  'closing-event': maker('https://site.test/closing'),
  'opening-alert': maker('https://site.test/opening-alert'),
  'check-in': maker('https://site.test/check-in'),
};

it('refuses to make a link before the start-up registered the makers', async () => {
  await expect((async () => makeLink({ kind: 'nomination', studentId: 's1' }))()).rejects.toThrow(
    'No link makers registered',
  );
});

it("hands each spec, whole, to its kind's maker", async () => {
  registerLinkMakers(MAKERS);
  const checkIn: LinkSpec = {
    kind: 'check-in',
    checkInId: 'c1',
    pairId: 'a1',
    role: 'mentor',
    personId: 'm1',
  };
  await expect(makeLink(checkIn)).resolves.toBe('https://site.test/check-in');
  await expect(makeLink({ kind: 'invitation', invitationId: 'i1' })).resolves.toBe(
    'https://site.test/invitation',
  );
  expect(made).toEqual([checkIn, { kind: 'invitation', invitationId: 'i1' }]);
});
