import { Menu } from 'lucide-react';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { deferred } from '@/components/ui/deferred';
import { lazyDialog } from '@/components/ui/lazy-dialog';
import { MaintenanceGate } from '@/features/maintenance/components/maintenance-gate';
import { BellPlaceholder } from '@/features/notifications/components/notifications-bell';
import { GARDEN_SUCCESS_EVENT, hadGardenSuccess } from '@/lib/garden-success';
import { useIdle } from '@/lib/preload';
import { usePushPermission } from '@/lib/push/use-push-permission';
import { withAreaTexts } from '@/lib/i18n/area-texts';
import { currentLocale } from '@/lib/i18n/locale';
import { useT } from '@/lib/i18n/provider';
import { hasRole, useSession } from '@/lib/session';
import { useMedia } from '@/lib/use-media';
import { useScrollVisibility } from '@/lib/use-scroll-visibility';
import { Brand } from './brand';
import { BOTTOM_BAR_ITEMS } from './nav-config';
import { NavGroups } from './nav-groups';
import { UserMenuPlaceholder } from './user-chip';
import './layout.css';

// The push bridge, the notification prompt and the first sign-in's time zone and language are
// not needed to show the first page, and most visits need none of them: each loads once the
// page has drawn, and only when it has something to do (see AppLayout). On a slow phone every
// chunk evaluated and drawn while the first page settles is blocking time.
const NotificationsRuntime = lazy(() =>
  withAreaTexts('notifications', import('@/features/notifications/components/notifications-runtime')).then((m) => ({ default: m.NotificationsRuntime })),
);
const TimeZoneSync = lazy(() =>
  import('@/features/settings/components/time-zone-sync').then((m) => ({ default: m.TimeZoneSync })),
);
// The prompt's and the bell panel's texts are the notifications area's, fetched with their code.
const NotificationPrompt = lazy(() =>
  withAreaTexts('notifications', import('@/features/notifications/components/notification-prompt')).then((m) => ({
    default: m.NotificationPrompt,
  })),
);

// The header's menus and the phone's drawer are on every page but used after it shows: the
// first page draws their buttons and their code (Radix popover, menu and dialog, the
// notification list) loads just after, which keeps the first load within its budget (#14).
const NotificationsDropdown = deferred(
  () => withAreaTexts('notifications', import('@/features/notifications/components/notifications-dropdown')).then((m) => m.NotificationsDropdown),
  BellPlaceholder,
);
const UserMenu = deferred(() => import('./user-menu').then((m) => m.UserMenu), UserMenuPlaceholder);
const Sheet = lazyDialog(() => import('@/components/ui/sheet').then((m) => m.Sheet));

// One formatter per language for every render of the layout: making an Intl.DateTimeFormat costs
// far more than formatting with it (it was a tenth of the dashboard's script time on a slow phone).
let dayFormat: { locale: string; format: Intl.DateTimeFormat } | undefined;
const today = () => {
  const locale = currentLocale();
  if (dayFormat?.locale !== locale) {
    dayFormat = { locale, format: new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long' }) };
  }
  return dayFormat.format.format(new Date());
};

function MobileHeader({ onOpenMenu }: { onOpenMenu: () => void }) {
  const visible = useScrollVisibility();
  const t = useT();
  return (
    <header className={visible ? 'mobile-header' : 'mobile-header mobile-header--hidden'}>
      {/* No tooltip: this header is the phone's, where nothing hovers; the label is for readers. */}
      <button type="button" className="icon-button" aria-label={t('shell.openMenu')} onClick={onOpenMenu}>
        <Menu size={22} aria-hidden="true" />
      </button>
      <Brand />
      <div className="header-actions">
        <NotificationsDropdown />
        <UserMenu compact />
      </div>
    </header>
  );
}

function BottomBar() {
  const { user } = useSession();
  const t = useT();
  const items = BOTTOM_BAR_ITEMS.filter((item) => hasRole(user, item.role));
  return (
    <nav className="bottom-bar" aria-label={t('shell.quickLinks')}>
      <ul className="bottom-bar__list" style={{ gridTemplateColumns: `repeat(${items.length}, 1fr)` }}>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end} className="bottom-bar__link">
              <item.icon size={22} aria-hidden="true" />
              <span>{t(item.label)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

// The desktop's chrome (sidebar, top bar) and the phone's (header, drawer, bottom bar) swap at
// the layout's breakpoint (layout.css). Only the one the screen shows is rendered: on a phone
// the sidebar's twenty links and icons and the top bar's date (the first Intl formatter) cost
// a slow phone's first render time for nothing. Where the queries cannot be answered (no
// matchMedia, as in jsdom) both are rendered and the stylesheet decides, as it always does.
const WIDE = '(min-width: 1024px)';
const NARROW = '(max-width: 1023.98px)';

/** AppLayout: desktop sidebar and header; on phones a hide-on-scroll header, drawer and bottom bar. */
export function AppLayout() {
  const t = useT();
  const { user } = useSession();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const idle = useIdle();
  const wide = useMedia(WIDE);
  const narrow = useMedia(NARROW);
  const desktop = wide || !narrow;
  const phone = narrow || !wide;
  // The browser's zone and language are sent once, on a first sign-in: settled accounts skip it.
  const unsettled = user !== null && (user.timeZone === '' || user.language === '');
  // The push bridge has messages to act on only where this browser lets Garden notify (it
  // follows the permission: Enable on the prompt or in Settings mounts it).
  const { permission } = usePushPermission();
  const location = useLocation();
  const [lastPath, setLastPath] = useState(location.pathname);
  // The prompt asks after a gardener's success (issue 27), on the next page: its code waits for
  // one, so the layout notes the page the first success happened on for it (by the time its
  // code is in, the gardener may have moved on). A success of an earlier visit counts too.
  const [successOn, setSuccessOn] = useState<string | undefined>(undefined);
  const path = useRef(location.pathname);
  useEffect(() => {
    path.current = location.pathname;
  }, [location.pathname]);
  useEffect(() => {
    const onSuccess = () => setSuccessOn((was) => was ?? path.current);
    window.addEventListener(GARDEN_SUCCESS_EVENT, onSuccess);
    return () => window.removeEventListener(GARDEN_SUCCESS_EVENT, onSuccess);
  }, []);
  const earned = successOn !== undefined || hadGardenSuccess();
  if (lastPath !== location.pathname) {
    // Close the drawer on any navigation (links, back button).
    setLastPath(location.pathname);
    if (drawerOpen) setDrawerOpen(false);
  }

  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">
        {t('shell.skipToContent')}
      </a>
      {desktop && (
        <aside className="sidebar" aria-label={t('shell.sidebar')}>
          <div className="sidebar__brand">
            <Brand />
          </div>
          <nav className="sidebar__nav" aria-label={t('shell.mainNavigation')}>
            <NavGroups />
          </nav>
        </aside>
      )}

      {phone && <MobileHeader onOpenMenu={() => setDrawerOpen(true)} />}
      <Sheet open={drawerOpen} onOpenChange={setDrawerOpen} title={t('shell.menuTitle')} description={t('shell.menuDescription')}>
        <nav aria-label={t('shell.mobileNavigation')}>
          <NavGroups onNavigate={() => setDrawerOpen(false)} />
        </nav>
      </Sheet>

      <div className="app-main">
        {desktop && (
          <header className="topbar">
            <p className="topbar__date">{today()}</p>
            <div className="header-actions">
              <NotificationsDropdown />
              <UserMenu />
            </div>
          </header>
        )}
        <main id="main" className="content" tabIndex={-1}>
          {/* In the page's flow, above its content: it covers no control (issue 27). */}
          <Suspense fallback={null}>{idle && earned && <NotificationPrompt successOn={successOn} />}</Suspense>
          <MaintenanceGate>
            <Outlet />
          </MaintenanceGate>
        </main>
      </div>

      {phone && <BottomBar />}
      {/* Nothing of these shows: their code loads once the page has drawn, when they have work. */}
      {idle && (
        <Suspense fallback={null}>
          {permission === 'granted' && <NotificationsRuntime />}
          {unsettled && <TimeZoneSync />}
        </Suspense>
      )}
    </div>
  );
}
