/** Length caps for stored text. The server trims and rejects anything longer. */
export const MAX_LENGTH = {
  name: 120,
  email: 254,
  url: 300,
  phone: 40,
  shortText: 160,
  longText: 2000,
  skill: 60,
} as const;

/** Most items a free-text list (skills) may hold. */
export const MAX_SKILLS = 20;

/** Largest JSON body the API accepts; larger answers 413. */
export const MAX_BODY_BYTES = 64 * 1024;

/** Most ids one bulk call may name. */
export const MAX_BULK_IDS = 500;

/**
 * Program-wide caps on what the public forms can make the program store and send, whatever the
 * client key (docs/security.md, "Caps that hold even if the key were wrong", has the estimate
 * behind the numbers). A window is a UTC clock hour or day.
 */
export const PUBLIC_CAPS = {
  /** Applications (new and duplicate answers alike) stored or answered per hour, program-wide. */
  applicationsPerHour: 300,
  /** E-mails the public forms cause per hour (confirmations, notices, coordinator notes). */
  emailsPerHour: 450,
  /** E-mails to one address per UTC day from the public forms (its confirmations, notices). */
  emailsPerRecipientPerDay: 3,
  /** New applications per hour announced to coordinators one by one; then one digest. */
  coordinatorNotesPerHour: 30,
  /**
   * Requests per hour, program-wide, on EACH of the other doors that send e-mail ("Check my
   * application", coordinators' "Forgot password", "Tell me when applications open"). Every
   * request counts, whether or not its address is known, so neither the answer nor its timing
   * tells; past it, 429 `DOOR_CAP_REACHED_MESSAGE` until the next hour. Each door also keeps
   * `emailsPerRecipientPerDay` per normalised recipient (functions/src/abuse/recipient.ts).
   */
  doorRequestsPerHour: 300,
  /** Counter shards per hour: the caps are split over them so no document is hot. */
  shards: 64,
} as const;

export const DOOR_CAP_REACHED_MESSAGE =
  'We are receiving an unusual number of requests right now. Please try again in an hour.';

export const CAP_REACHED_MESSAGE =
  'We are receiving an unusual number of applications right now. Please try again in an hour.';
