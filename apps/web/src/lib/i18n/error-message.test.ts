import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-error';
import { errorMessage } from './error-message';

const MESSAGES: Record<string, string> = {
  'errors.forbidden': 'You may not do this.',
  'errors.internal-error': 'Something went wrong.',
  'backOfficeErrors.has-sales': 'This event has sales.',
};
vi.mock('./index', () => ({ t: (key: string) => MESSAGES[key] ?? key }));

describe('errorMessage', () => {
  it('finds a code in the core part or the back office part', () => {
    expect(errorMessage(new ApiError(403, 'forbidden', 'x'))).toBe('You may not do this.');
    expect(errorMessage(new ApiError(409, 'has-sales', 'x'))).toBe('This event has sales.');
  });

  it('reads a code it has no message for as its status says', () => {
    const unknown = new ApiError(403, 'something-new' as 'forbidden', 'x');
    expect(errorMessage(unknown)).toBe('You may not do this.');
  });

  it('falls back to the internal error for anything else', () => {
    expect(errorMessage(new Error('boom'))).toBe('Something went wrong.');
    expect(errorMessage(new ApiError(418, 'something-new' as 'forbidden', 'x'))).toBe(
      'Something went wrong.',
    );
  });
});
