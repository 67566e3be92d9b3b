import { STORED_FIELD_AUDIENCES } from './audience';
import { COHORTS_COLLECTION, ROW_COLLECTIONS } from './cohort';
import { PAIR_COLLECTIONS, PAIR_SERVER_COLLECTIONS, SURVEYS_COLLECTION } from './pairs';
import {
  COLLECTION_PATHS,
  COLLECTION_REGISTRY,
  COLLECTIONS,
  collectionNameOf,
  collectionsWithoutErasureRule,
  describeErasure,
} from './registry';

describe('the collection registry', () => {
  it('every registered collection has an audience statement, and every statement an application', () => {
    const registered = [...COLLECTION_PATHS].sort();
    const stated = Object.keys(STORED_FIELD_AUDIENCES).sort();
    // Registered without a line in audience.ts (STORED_FIELD_AUDIENCES):
    expect(registered.filter((path) => !stated.includes(path))).toEqual([]);
    // Stated in audience.ts but not registered (registry.ts):
    expect(stated.filter((path) => !registered.includes(path as never))).toEqual([]);
  });

  it('names each collection by the last segment of its path', () => {
    expect(collectionNameOf('students/*/notes')).toBe('notes');
    expect(collectionNameOf('cohorts/*/studentRows')).toBe('studentRows');
    expect(COLLECTIONS.students).toBe('students');
    expect(COLLECTIONS.notes).toBe('notes');
    expect(Object.values(COLLECTIONS).sort()).toEqual(
      [...new Set(COLLECTION_PATHS.map(collectionNameOf))].sort(),
    );
  });

  it('the older names are views of it', () => {
    expect(COHORTS_COLLECTION).toBe(COLLECTIONS.cohorts);
    expect(ROW_COLLECTIONS).toEqual({ student: 'studentRows', mentor: 'mentorRows' });
    expect(SURVEYS_COLLECTION).toBe('surveys');
    for (const name of [
      ...Object.values(PAIR_COLLECTIONS),
      ...Object.values(PAIR_SERVER_COLLECTIONS),
    ]) {
      expect(COLLECTION_PATHS).toContain(name);
    }
  });

  it('states what a browser may read of each collection: the admin lists and records, and the progress of an action', () => {
    const readable = COLLECTION_PATHS.filter((p) => COLLECTION_REGISTRY[p].clientReads.length);
    expect(readable.sort()).toEqual(
      [
        'pairs',
        'cohorts',
        'cohorts/*/mentorRows',
        'cohorts/*/studentRows',
        'coordinators',
        'mentors',
        'students',
        'workProgress',
      ].sort(),
    );
  });

  it("states for every collection how a person's data leaves it, or why it holds none", () => {
    // Each entry, enumerated: a rule with a key to find the person's documents by, or a reason.
    expect(collectionsWithoutErasureRule(COLLECTION_REGISTRY)).toEqual([]);
    // Planted: an entry without a rule, one with no key, one with an empty reason.
    const planted = {
      ...COLLECTION_REGISTRY,
      newThing: { clientReads: [], about: 'A new collection.' },
      noKey: { clientReads: [], about: 'x', erasure: { by: [] } },
      noReason: { clientReads: [], about: 'x', erasure: { nothingPersonal: ' ' } },
    };
    expect(collectionsWithoutErasureRule(planted)).toEqual(['newThing', 'noKey', 'noReason']);
  });

  it("says a coordinator's Delete erases certificates and survey answers, as Delete my data does", () => {
    // decisions: "Delete my data" and a coordinator's Delete erase the same things; only the
    // retention job leaves a certificate for its own period.
    for (const path of ['certificates', 'surveys'] as const) {
      const rule = COLLECTION_REGISTRY[path].erasure;
      expect(rule).toMatchObject({ only: 'on-request' });
      expect(describeErasure(rule)).toContain(
        '(when asked for: "Delete my data" or a coordinator\'s Delete, not retention)',
      );
    }
  });

  it('erases by fields the audience statement knows', () => {
    // A key naming a field that no document of the collection stores would find nothing.
    const unknown: string[] = [];
    for (const path of COLLECTION_PATHS) {
      const rule = COLLECTION_REGISTRY[path].erasure;
      if (!('by' in rule)) continue;
      for (const key of rule.by) {
        const field =
          'field' in key ? key.field : 'pair' in key && key.pair !== 'id' ? key.pair : null;
        if (field && !(field in STORED_FIELD_AUDIENCES[path].fields))
          unknown.push(`${path}.${field}`);
      }
    }
    expect(unknown).toEqual([]);
  });
});
