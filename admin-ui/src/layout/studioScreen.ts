import type { ComponentType } from 'react';
import type { SvgIconComponent } from '@mui/icons-material';

/** What each screen folder's index.ts exports, read by App (routes), the hub and the menu. */
export interface StudioScreen {
  /** Route under /studio. */
  path: string;
  /** Name on the hub card and in the menu. */
  label: string;
  /** One line on the hub card: what the screen is for. */
  description: string;
  icon: SvgIconComponent;
  list?: ComponentType;
  edit?: ComponentType;
}
