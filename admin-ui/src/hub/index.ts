import { StudioHub } from './StudioHub';

// The hub is react-admin's dashboard (the Studio's "/" route).
export default { dashboard: StudioHub };
