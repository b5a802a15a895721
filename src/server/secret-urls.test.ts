import { describe, expect, it } from 'vitest';
import { maskSecretsInUrl } from './secret-urls';

describe('secrets in request URLs (ADR 0011, ADR 0049)', () => {
  it('masks tokens in queries, invitation tokens and calendar feed secrets, and nothing else', () => {
    expect(maskSecretsInUrl('/reset-password?token=abc&x=1')).toBe('/reset-password?token=[redacted]&x=1');
    expect(maskSecretsInUrl('/api/invitations/abc_DEF-123/accept')).toBe(
      '/api/invitations/[redacted]/accept',
    );
    expect(maskSecretsInUrl('/api/circles/4/invitations/17')).toBe('/api/circles/4/invitations/17');
    const secret = `${'A'.repeat(20)}_-${'b'.repeat(21)}`;
    expect(maskSecretsInUrl(`/calendar/${secret}.ics`)).toBe('/calendar/[redacted]');
    expect(maskSecretsInUrl(`/calendar/${secret}.ics?x=1`)).toBe('/calendar/[redacted]?x=1');
    expect(maskSecretsInUrl('/api/calendar/feed')).toBe('/api/calendar/feed');
    expect(maskSecretsInUrl('/api/calendar/feed?x=1')).toBe('/api/calendar/feed?x=1');
  });
});
