import { ComingSoon } from '../layout/ComingSoon';

export const UserList = () => <ComingSoon title="Users" />;
