import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { routerOptions, routes } from './routes/routes';

/** AppRouter creates the browser router once; pages beyond the first ones join it on the way (routerOptions). */
export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes, routerOptions()));
  return <RouterProvider router={router} />;
}
