import type { ReactNode } from 'react';
import { AppBar, Layout } from 'react-admin';

import { StudioDocumentTitle } from './StudioDocumentTitle';
import { StudioMenu } from './StudioMenu';
import { StudioUserMenu } from './StudioUserMenu';

const StudioAppBar = () => <AppBar userMenu={<StudioUserMenu />} />;

/**
 * react-admin's layout grows to its content's widest line (`min-width: fit-content`), so one wide row
 * (a table, a tab bar, a long course title in a select) made the whole page scroll sideways on a phone.
 * Here the page is as wide as the window: wide parts scroll or wrap inside their own box.
 */
const fitWindow = { minWidth: 0, '& .RaLayout-content': { minWidth: 0 } } as const;

export const StudioLayout = ({ children }: { children: ReactNode }) => (
  <Layout menu={StudioMenu} appBar={StudioAppBar} sx={fitWindow}>
    <StudioDocumentTitle />
    {children}
  </Layout>
);
