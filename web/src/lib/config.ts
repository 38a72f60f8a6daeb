/**
 * Buy a License link on the sign-in page. Licenses are sold outside the app (spec 01 §1);
 * the address is a placeholder until the shop exists. Override it at build time with
 * VITE_LICENSE_URL=https://… npm run build.
 */
export const LICENSE_URL: string =
  import.meta.env.VITE_LICENSE_URL || 'https://example.com/garden/buy-a-license';

/** Product name shown in the header and page titles. */
export const APP_NAME = 'Garden';

/** Delay before a client-side logout goes to /auth (spec 02 §9). */
export const LOGOUT_REDIRECT_DELAY_MS = 100;

/** Login minimums (spec 01 §5). */
export const USERNAME_MIN = 3;
export const PASSWORD_MIN = 6;

/** Toast constants (spec 01 §9). */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD = 50;

/** Tooltip timings (spec 01 §9). */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** The mobile header always shows within this many pixels of the top (spec 02 §9). */
export const HEADER_SHOW_THRESHOLD_PX = 10;

/**
 * Buy Seeds on a plant's page opens the seed store's product page of the plant database
 * item with the same name or species. Without one, and when this search address is set
 * at build time (VITE_SEED_SHOP_SEARCH_URL=https://shop.example/search?q={query}), it
 * searches the shop for the plant's name; otherwise the button is hidden.
 */
export const SEED_SHOP_SEARCH_URL: string = import.meta.env.VITE_SEED_SHOP_SEARCH_URL || '';
