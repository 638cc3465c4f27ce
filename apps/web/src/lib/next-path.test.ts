import { describe, expect, it } from 'vitest';
import { invitationTokenOf } from './invitation-token';
import { nextFromSearch } from './next-path';

describe('the path to come back to', () => {
  it('keeps same-origin paths only', () => {
    expect(nextFromSearch('?next=%2Fevents')).toBe('/events');
    expect(nextFromSearch('?next=%2F%2Fevil.example')).toBeNull();
    expect(nextFromSearch('?next=https%3A%2F%2Fevil.example')).toBeNull();
  });

  it('finds the invitation token registration fixes the e-mail with, and nothing else', () => {
    const next = encodeURIComponent('/invitations/accept?token=abc_DEF-123');
    expect(invitationTokenOf(`?next=${next}&email=x%40example.com`)).toBe('abc_DEF-123');
    expect(invitationTokenOf('?next=%2Fevents%3Ftoken%3Dabc')).toBe('');
    expect(invitationTokenOf('')).toBe('');
    expect(invitationTokenOf(`?next=${encodeURIComponent('//x/invitations/accept?token=abc')}`)).toBe('');
  });
});
