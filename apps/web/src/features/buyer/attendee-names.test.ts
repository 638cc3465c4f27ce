import { describe, expect, it } from 'vitest';
import { attendeeNamesOf, missingNames } from './attendee-names';

describe('attendee names', () => {
  it('keeps names in order, drops trailing blanks and finds a gap', () => {
    expect(attendeeNamesOf([' Ada ', 'Alan', ''])).toEqual({ names: ['Ada', 'Alan'], gap: null });
    expect(attendeeNamesOf(['Ada', ' ', 'Grace'])).toEqual({ names: ['Ada', '', 'Grace'], gap: 1 });
    expect(attendeeNamesOf(['', ''])).toEqual({ names: undefined, gap: null });
  });

  it('names every ticket still without a name when all are required', () => {
    expect(missingNames(['Ada', '', 'Grace'], 4)).toEqual([1, 3]);
    expect(missingNames([], 2)).toEqual([0, 1]);
    expect(missingNames(['Ada', 'Alan'], 2)).toEqual([]);
  });
});
