// Every page of the app, part 4 of 5: the community pages (forum, plant sharing, expert Q&A),
// the API docs and the 404 page, signed in as a superadmin. Signed out, the same pages are part
// 5 (every-page-signed-out.spec.ts). What every route gets: support/every-page.ts.

import { describeEveryPage, signedInAreas } from '../support/every-page';

describeEveryPage('every page: community signed in (axe-core at 1280 and 390 px in both themes; fits at 360, 390 and 768 px)', {
  area: 'community',
  signedIn: signedInAreas.community,
});
