import { matchBand, matchScore } from './match';

describe('matchScore', () => {
  it('counts shared disciplines plus shared topics', () => {
    const result = matchScore(
      {
        preferredDisciplines: ['Design', 'Business'],
        mentoringTopics: ['Leadership', 'Networking'],
      },
      {
        preferredDisciplines: ['Design'],
        mentoringTopics: ['Networking', 'Leadership', 'Resume Building'],
      },
    );
    expect(result).toEqual({
      score: 3,
      band: 'Good match',
      sharedDisciplines: ['Design'],
      sharedTopics: ['Networking', 'Leadership'],
    });
  });

  it('treats missing lists as nothing shared', () => {
    expect(matchScore({ preferredDisciplines: null }, { mentoringTopics: null }).score).toBe(0);
  });

  it.each([
    [0, 'No matches'],
    [1, 'Low match'],
    [2, 'Low match'],
    [3, 'Good match'],
    [4, 'Good match'],
    [5, 'Excellent match'],
    [12, 'Excellent match'],
  ])('score %i is "%s"', (score, band) => {
    expect(matchBand(score)).toBe(band);
  });
});
