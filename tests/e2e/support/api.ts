// A request to the API with the page's own session (the token the web app keeps), for the
// set-up a scenario does not exercise through the pages: seeding plants, tasks, topics, layouts.

import type { Page } from '@playwright/test';

/** The answer of send: its status and its JSON body (null when it has none). */
export interface Sent {
  status: number;
  body: any; // each scenario reads the fields it seeded
}

/** send makes one API request from the page, signed in as the page's gardener. */
export function send(page: Page, method: string, url: string, body?: unknown): Promise<Sent> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const response = await fetch(url, {
        method,
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json().catch(() => null) };
    },
    { method, url, body },
  );
}
