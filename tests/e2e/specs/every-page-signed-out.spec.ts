// Every page of the app, part 5 of 5: signed out, the sign-in pages and the public pages (the
// community, the API docs, the 404 page), with the community items a superadmin seeded. What
// every route gets: support/every-page.ts.

import { describeEveryPage, publicRoutes, SIGNED_OUT_ROUTES } from '../support/every-page';

describeEveryPage('every page: signed out (axe-core at 1280 and 390 px in both themes; fits at 360, 390 and 768 px)', {
  area: 'signed-out',
  signedOut: (s) => [...SIGNED_OUT_ROUTES, ...publicRoutes(s)],
});
