import type { ReactNode } from 'react';
import { AppBar, Layout } from 'react-admin';

import { StudioDocumentTitle } from './StudioDocumentTitle';
import { StudioMenu } from './StudioMenu';
import { StudioUserMenu } from './StudioUserMenu';

const StudioAppBar = () => <AppBar userMenu={<StudioUserMenu />} />;

export const StudioLayout = ({ children }: { children: ReactNode }) => (
  <Layout menu={StudioMenu} appBar={StudioAppBar}>
    <StudioDocumentTitle />
    {children}
  </Layout>
);
