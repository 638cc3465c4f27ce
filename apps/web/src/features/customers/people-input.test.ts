import { describe, expect, it } from 'vitest';
import { parsePeople } from './people-input';

describe('pasted people', () => {
  it('reads e-mails with or without names, in either order, once each', () => {
    expect(
      parsePeople(
        'ann@example.com\nBen Martin, ben@example.com\ncat@example.com;Cat\n\nANN@example.com\nnot an e-mail',
      ),
    ).toEqual({
      people: [
        { email: 'ann@example.com' },
        { email: 'ben@example.com', name: 'Ben Martin' },
        { email: 'cat@example.com', name: 'Cat' },
      ],
      bad: ['not an e-mail'],
    });
  });
});
