import type { ReactNode } from 'react';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import { AuthCard } from './AuthCard';
import { IconBadge } from './IconBadge';

interface SuccessCardProps {
  title: string;
  /** The icon inside the green badge; defaults to the "mail sent" envelope. */
  icon?: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
}

/** An AuthCard with a green icon badge: the "Check Your Email" / "done" panels of the account pages. */
export function SuccessCard({ title, icon = <MarkEmailReadOutlinedIcon />, subtitle, children }: SuccessCardProps) {
  return (
    <AuthCard title={title} icon={<IconBadge tone="success">{icon}</IconBadge>} subtitle={subtitle}>
      {children}
    </AuthCard>
  );
}
