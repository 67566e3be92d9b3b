/**
 * How the function sends e-mail, as Firebase expects it to be configured: parameters resolved at
 * deploy time (`firebase deploy` asks for, or refuses to go on without, a value that has no
 * default) and a secret for the SMTP connection, which holds the password.
 *
 *   SMTP_URL            secret  smtps://user:password@smtp.example.org:465 (nodemailer URL)
 *   MAIL_FROM           string  "Bridge Mentorship Program <hello@bridgementorship.org>"
 *   COORDINATOR_EMAILS  string  the coordinators' mailbox(es), comma-separated
 *   SITE_URL            string  the site's origin, for links in the e-mails
 *
 * Locally the stack writes them for the Functions emulator (scripts/lib/mail.ts): every e-mail
 * goes to MailDev.
 */
import { defineSecret, defineString } from 'firebase-functions/params';

export const SMTP_URL = defineSecret('SMTP_URL');
export const MAIL_FROM = defineString('MAIL_FROM', {
  description: 'Sender of the program e-mails, e.g. "Bridge Mentorship Program <hello@...>"',
});
export const COORDINATOR_EMAILS = defineString('COORDINATOR_EMAILS', {
  description: "The coordinators' mailbox(es) for new applications, comma-separated",
});
export const SITE_URL = defineString('SITE_URL', {
  description: 'The site origin used in e-mail links, e.g. https://bridgementorship.org',
});

/** The coordinators' addresses (COORDINATOR_EMAILS, comma-separated). */
export const coordinatorAddresses = (): string[] =>
  COORDINATOR_EMAILS.value()
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);

export const siteUrl = (): string => SITE_URL.value().replace(/\/+$/, '');
