import { UserMenu, useGetIdentity } from 'react-admin';

/**
 * The account button shows the signed-in e-mail; its accessible name is that same text, so voice
 * control users can say what they see (WCAG 2.5.3). react-admin's default name is 'Profile'.
 */
export const StudioUserMenu = () => {
  const { identity } = useGetIdentity();
  const shown = identity?.fullName?.trim();
  return <UserMenu label={shown || 'Profile'} />;
};
