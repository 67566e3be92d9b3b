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
