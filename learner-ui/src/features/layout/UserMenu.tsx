import { lazy, Suspense, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import type { AuthUser } from '../auth/session-controller';

const AccountMenu = lazy(() => import('./AccountMenu').then((m) => ({ default: m.AccountMenu })));

/** The account button; the menu's code loads on the first click (or keyboard activation). */
export function UserMenu({ user, onLogout }: { user: AuthUser; onLogout: () => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [used, setUsed] = useState(false);
  const open = Boolean(anchor);
  const initial = user.email.charAt(0).toUpperCase();

  return (
    <>
      <IconButton
        aria-label="Account menu"
        aria-controls={open ? 'account-menu' : undefined}
        aria-haspopup="true"
        aria-expanded={open ? 'true' : undefined}
        onClick={(e) => {
          setUsed(true);
          setAnchor(e.currentTarget);
        }}
        size="small"
      >
        <Avatar sx={{ width: 34, height: 34, bgcolor: 'primary.main', fontSize: 15 }}>{initial}</Avatar>
      </IconButton>
      {used && (
        <Suspense fallback={null}>
          <AccountMenu user={user} anchor={anchor} onClose={() => setAnchor(null)} onLogout={onLogout} />
        </Suspense>
      )}
    </>
  );
}
