/** The generated avatar is 200 x 200 with the initials on a colour derived from the e-mail. */
export const AVATAR_SIZE = 200;

export function initialsOf(name?: string | null, surname?: string | null, email?: string | null): string {
  const letters = [name, surname]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .map((part) => Array.from(part)[0].toUpperCase());
  if (letters.length) return letters.join('').slice(0, 2);
  const local = (email ?? '').trim();
  return local ? Array.from(local)[0].toUpperCase() : '?';
}

/** A stable hue from the e-mail (FNV-1a), so the same account always gets the same colour. */
export function avatarColor(email: string): string {
  let hash = 0x811c9dc5;
  for (const char of email.trim().toLowerCase()) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `hsl(${hash % 360}, 55%, 42%)`;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function generatedAvatarSvg(user: { name?: string | null; surname?: string | null; email: string }): string {
  const initials = escapeXml(initialsOf(user.name, user.surname, user.email));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${AVATAR_SIZE}" height="${AVATAR_SIZE}" viewBox="0 0 ${AVATAR_SIZE} ${AVATAR_SIZE}">` +
    `<rect width="100%" height="100%" fill="${avatarColor(user.email)}"/>` +
    `<text x="50%" y="50%" dy=".35em" text-anchor="middle" fill="#ffffff" font-family="Arial, Helvetica, sans-serif" font-size="84" font-weight="600">${initials}</text>` +
    `</svg>`
  );
}

export function generatedAvatarUrl(user: { name?: string | null; surname?: string | null; email: string }): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(generatedAvatarSvg(user))}`;
}

/** The picture to show: the uploaded one when the avatar service is on and one exists, else generated. */
export function avatarUrlFor(user: { name?: string | null; surname?: string | null; email: string; profileImage?: string | null }, avatarServiceOn: boolean): string {
  if (avatarServiceOn && user.profileImage) return user.profileImage;
  return generatedAvatarUrl(user);
}
