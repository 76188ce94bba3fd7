import type { ComponentType } from 'react';
import type { SvgIconComponent } from '@mui/icons-material';

/**
 * What each screen folder's index.ts exports: a react-admin resource (its `name` is the route
 * under /studio) with its label and description for the hub card and the menu. App builds one
 * `<Resource>` per entry of the registry (src/screens.ts).
 */
export interface StudioScreen {
  /** Resource name and route: /studio/{name} (list), /studio/{name}/{id} (edit). */
  name: string;
  /** Name on the hub card and in the menu. */
  label: string;
  /** One line on the hub card: what the screen is for. */
  description: string;
  icon: SvgIconComponent;
  list?: ComponentType;
  edit?: ComponentType;
  create?: ComponentType;
  show?: ComponentType;
  /** The record field react-admin names a record by (e.g. in references). */
  recordRepresentation?: string;
}
