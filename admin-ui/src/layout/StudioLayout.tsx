import type { ReactNode } from 'react';
import { Layout } from 'react-admin';

import { StudioMenu } from './StudioMenu';

export const StudioLayout = ({ children }: { children: ReactNode }) => <Layout menu={StudioMenu}>{children}</Layout>;
