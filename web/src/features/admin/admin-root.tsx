import { Outlet } from 'react-router-dom';

// Scaffold: the admin issue adds Firebase Auth (reactfire), the query cache and the admin guard.
export default function AdminRoot() {
  return <Outlet />;
}
