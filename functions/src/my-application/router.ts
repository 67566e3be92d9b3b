/**
 * The applicant's door (/api/me/*). "Check my application" is public, counted by its own rate
 * limit and under the door caps (abuse/door-caps.ts); it does the same work and answers the same
 * whether or not the address applied. Every other
 * route needs an e-mail link sign-in (requireApplicant) and acts on that address's records only.
 */
import { Router, type RequestHandler } from 'express';
import {
  API_PREFIX,
  API,
  myApplicationPaths,
  MY_APPLICATION_MESSAGES,
  mentorApplicationSchema,
  signInLinkSchema,
  studentApplicationSchema,
  type MyApplicationsResponse,
  type PersonKind,
} from '@mentorship/domain';
import { admitDoorRequest, withRetryAfter } from '../abuse/door-caps';
import { mailSenderOf } from '../abuse/rate-limit';
import { recordDoorRequest } from '../abuse/door-requests';
import { isLinkKeyOf, linkKeyOf } from '../abuse/link-keys';
import type { CapsConfig } from '../abuse/public-caps';
import { audit } from '../audit/audit';
import { findApplications } from '../application-locks/repository';
import { runTransaction } from '../firebase';
import { applicantOf, requireApplicant } from '../http/authenticate-applicant';
import { requireJsonBody, versionOf } from '../http/request-guards';
import { withBody } from '../http/route';
import { PEOPLE } from '../shared/people-kinds';
import { DomainError } from '../shared/errors';
import { NOT_FOUND } from '../shared/not-found';
import { personRef } from '../shared/people';
import type { StudentDoc } from '../shared/records';
import {
  confirmApplications,
  correctApplication,
  eraseApplicant,
  exportData,
  myApplications,
  withdrawApplication,
} from './service';

const roleOf = (value: unknown): PersonKind => {
  if (value === 'student' || value === 'mentor') return value;
  throw new DomainError('not-found', MY_APPLICATION_MESSAGES.noApplication);
};

export function createMyApplicationRouter(rateLimiter: RequestHandler, caps: CapsConfig): Router {
  const router = Router();

  router.post(
    API.signInLink.path,
    rateLimiter,
    requireJsonBody,
    ...withBody(signInLinkSchema, async ({ email, key }, _req, res) => {
      const mail = { kind: 'sign-in-link', sender: mailSenderOf(res), past: 'refuse' } as const;
      // Within the door's caps, the request is recorded; a trigger looks the address up and
      // sends the link (abuse/door-requests.ts): the same work and answer, applied or not. With
      // the address's link key it is counted against that address's allowance only.
      const counted = (await isLinkKeyOf(email, key)) ? 'own-allowance' : 'program-wide';
      await withRetryAfter(res, () =>
        admitDoorRequest(
          'sign-in-link',
          email,
          caps,
          mail,
          (tx) => recordDoorRequest(tx, 'sign-in-link', email),
          counted,
        ),
      );
      res.status(202).json({ message: MY_APPLICATION_MESSAGES.signInLinkSent });
    }),
  );

  router.use(API_PREFIX.me, requireApplicant);

  router.post(API.confirm.path, async (req, res) => {
    const { email } = applicantOf(req);
    const confirmed = await confirmApplications(email);
    const body: MyApplicationsResponse & { confirmed: number } = {
      email,
      confirmed,
      applications: await myApplications(email),
      linkKey: await linkKeyOf(email),
    };
    res.json(body);
  });

  router.get(API.me.path, async (req, res) => {
    const { email } = applicantOf(req);
    const body: MyApplicationsResponse = {
      email,
      applications: await myApplications(email),
      linkKey: await linkKeyOf(email),
    };
    res.json(body);
  });

  router.get(API.myExport.path, async (req, res) => {
    const { email } = applicantOf(req);
    const found = await findApplications(email);
    res.set('Content-Disposition', 'attachment; filename="my-data.json"');
    res.json(await exportData(email, found));
  });

  router.delete(API.me.path, async (req, res) => {
    const { email } = applicantOf(req);
    await eraseApplicant(email);
    res.json({ message: MY_APPLICATION_MESSAGES.erased });
  });

  router.post(API.myWithdraw.path, async (req, res) => {
    const { email } = applicantOf(req);
    res.json(await withdrawApplication(email, roleOf(req.params.role)));
  });

  router.put(
    myApplicationPaths.application('student'),
    requireJsonBody,
    ...withBody(studentApplicationSchema.omit(['emailAddress']), async (answers, req, res) => {
      res.json(
        await correctApplication(applicantOf(req).email, 'student', answers, versionOf(req)),
      );
    }),
  );
  router.put(
    myApplicationPaths.application('mentor'),
    requireJsonBody,
    ...withBody(mentorApplicationSchema.omit(['email']), async (answers, req, res) => {
      res.json(await correctApplication(applicantOf(req).email, 'mentor', answers, versionOf(req)));
    }),
  );

  return router;
}

/** Coordinators' "Download data" on the person's page (behind requireAdmin, like all /api/admin). */
export const adminExportRouter = Router();
for (const role of ['student', 'mentor'] as const) {
  adminExportRouter.get(API[`${role}Export`].path, async (req, res) => {
    const id = String(req.params.id);
    const snapshot = await personRef(role, id).get();
    if (!snapshot.exists) throw new DomainError('not-found', NOT_FOUND[role]);
    const email = PEOPLE[role].emailOf(snapshot.data() as StudentDoc) ?? '';
    const found = email ? await findApplications(email) : [];
    const records = found.some((f) => f.id === id) ? found : [{ kind: role, id }];
    const data = await exportData(email, records);
    // Reading a person's whole data is in the history like a change to it: who and when.
    await runTransaction(async (tx) => {
      audit(tx, {
        action: 'person.export',
        subject: { kind: role, id, name: (snapshot.data() as StudentDoc).fullName },
        people: [id],
      });
    });
    res.set('Content-Disposition', 'attachment; filename="person-data.json"');
    res.json(data);
  });
}
