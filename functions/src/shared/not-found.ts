/** The 404 messages of records, as the admin screens word them. */
export const NOT_FOUND = {
  student: 'Student not found',
  mentor: 'Mentor not found',
  pair: 'Pair not found',
} as const;
