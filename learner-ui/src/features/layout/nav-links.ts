export interface NavLinkItem {
  label: string;
  to: string;
  /** A separate application reached by a full page load (the Studio). */
  external?: boolean;
}

export const SIGNED_IN_LINKS: readonly NavLinkItem[] = [
  { label: 'Learn', to: '/graph' },
  { label: 'Practice', to: '/practice' },
  { label: 'Challenges', to: '/challenges' },
  { label: 'Notes', to: '/notes' },
  { label: 'Bookmarks', to: '/bookmarks' },
];

export const STUDIO_LINK: NavLinkItem = { label: 'Studio', to: '/studio', external: true };

export const SIGNED_OUT_LINKS: readonly NavLinkItem[] = [
  { label: 'Shop', to: '/shop' },
  { label: 'Login', to: '/login' },
  { label: 'Register', to: '/register' },
];

/** Adds ?subject= to a path when a subject is chosen. */
export function withSubject(path: string, subject: string | null | undefined): string {
  if (!subject) return path;
  return `${path}${path.includes('?') ? '&' : '?'}subject=${encodeURIComponent(subject)}`;
}

export function navLinksFor(opts: { signedIn: boolean; isStudio: boolean; subject: string | null }): NavLinkItem[] {
  if (!opts.signedIn) return [...SIGNED_OUT_LINKS];
  const links = SIGNED_IN_LINKS.map((link) => ({ ...link, to: withSubject(link.to, opts.subject) }));
  if (opts.isStudio) links.push(STUDIO_LINK);
  return links;
}

export function rolesLabel(roles: readonly string[]): string {
  return roles.length ? roles.join(', ') : 'User';
}
