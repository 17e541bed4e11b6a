import { Outlet, ScrollRestoration } from 'react-router';

/** Every route: new pages start at the top, back and forward restore the position. */
export function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
