import { Outlet } from 'react-router';

/** The frame of a scope's pages (practice, or one event): its sub-navigation, then the page. */
export default function ScopeLayout() {
  return <Outlet />;
}
