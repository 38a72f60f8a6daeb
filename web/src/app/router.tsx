import { createBrowserRouter, RouterProvider } from 'react-router';
import { routes } from './routes/routes';

let router: ReturnType<typeof createBrowserRouter> | undefined;

/**
 * browserRouter is the app's one browser router, made on first use. It outlives AppRouter:
 * LocaleRemount remounts the app under it on a language change, and a router made per mount
 * left the one before it listening to the history, loading routes and running loaders on every
 * back and forward for as long as the tab stayed open.
 */
function browserRouter() {
  return (router ??= createBrowserRouter(routes));
}

/** AppRouter draws the app's routes with the browser router. */
export function AppRouter() {
  return <RouterProvider router={browserRouter()} />;
}
