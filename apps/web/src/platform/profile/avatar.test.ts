import { describe, expect, it } from 'vitest';
import { AVATAR_SIZE, avatarColor, avatarUrlFor, generatedAvatarSvg, initialsOf } from './avatar';

describe('generated avatar', () => {
  it('uses the initials of name and surname, else of the e-mail', () => {
    expect(initialsOf('mario', 'rossi', 'm@x.it')).toBe('MR');
    expect(initialsOf('', null, 'luca@x.it')).toBe('L');
    expect(initialsOf(undefined, undefined, '')).toBe('?');
  });

  it('derives a stable colour from the e-mail, case-insensitively', () => {
    expect(avatarColor('A@demo.test')).toBe(avatarColor('a@demo.test'));
    expect(avatarColor('a@demo.test')).not.toBe(avatarColor('b@demo.test'));
    expect(avatarColor('a@demo.test')).toMatch(/^hsl\(\d{1,3}, 55%, 42%\)$/);
  });

  it('is a 200 x 200 image with escaped initials', () => {
    const svg = generatedAvatarSvg({ name: '<b>', surname: 'Z', email: 'x@y.z' });
    expect(AVATAR_SIZE).toBe(200);
    expect(svg).toContain('width="200" height="200"');
    expect(svg).toContain('&#60;Z');
    expect(svg).not.toContain('<b>');
  });

  it('shows the uploaded picture only with the avatar service on', () => {
    const user = { email: 'a@b.c', profileImage: '/api/uploads/1/download' };
    expect(avatarUrlFor(user, true)).toBe('/api/uploads/1/download');
    expect(avatarUrlFor(user, false)).toMatch(/^data:image\/svg\+xml/);
  });
});
