import {
  Bell,
  BookOpen,
  Building,
  CalendarDays,
  Database,
  GraduationCap,
  HandHeart,
  House,
  LayoutGrid,
  MessagesSquare,
  RefreshCw,
  ShieldCheck,
  Sprout,
  Store,
  UserCog,
  Users,
  Wheat,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import type { User } from '@/api/types';
import type { MessageKey } from '@/lib/i18n/i18n';
import { hasRole, type RequiredRole } from '@/lib/session';

export interface NavItem {
  /** The label's key in web/src/locales (translated where it is shown). */
  label: MessageKey;
  to: string;
  icon: LucideIcon;
  /** Shown only to users with this role or higher. */
  role?: RequiredRole;
  /** Match the path exactly (for "/" and "/admin"). */
  end?: boolean;
  /** Also shown to site admins of role user (they manage their own site's users). */
  siteManager?: boolean;
  /**
   * When the item is the current page, if not by its path: the Ecommerce entry is the plant
   * database administration opened on its Ecommerce tab, which must not light "Plant Database".
   */
  current?: (pathname: string, search: URLSearchParams) => boolean;
}

const onAdminPlantDatabase = (pathname: string) => pathname === '/admin/plant-database' || pathname === '/admin/ecommerce';

/** mayOpen: the item's role, or a site admin's way in to Site Users. */
export function mayOpen(user: User | null | undefined, item: NavItem): boolean {
  return hasRole(user, item.role) || Boolean(item.siteManager && user?.isSiteAdmin);
}

export interface NavGroup {
  id: string;
  label: MessageKey;
  items: NavItem[];
}

/**
 * Navigation groups of spec 02 §2; entries are filtered by role when shown. Administration
 * comes right after Main (issue 27): below the other groups it was under the fold of an 800 px
 * high window, and site admins had no way in to Site Users but a card at the end of Settings.
 */
export const NAV_GROUPS: NavGroup[] = [
  {
    id: 'main',
    label: 'nav.group.main',
    items: [
      { label: 'nav.dashboard', to: '/', icon: House, end: true },
      { label: 'nav.myPlants', to: '/plants', icon: Sprout },
      { label: 'nav.schedule', to: '/schedule', icon: CalendarDays },
      { label: 'nav.journal', to: '/journal', icon: BookOpen },
      { label: 'nav.plantDatabase', to: '/plant-database', icon: Database },
      { label: 'nav.sowingCalendar', to: '/sowing-calendar', icon: Wheat },
    ],
  },
  {
    id: 'admin',
    label: 'nav.group.admin',
    items: [
      { label: 'nav.adminDashboard', to: '/admin', icon: ShieldCheck, role: 'admin', end: true },
      {
        label: 'nav.plantDatabase',
        to: '/admin/plant-database',
        icon: Database,
        role: 'admin',
        current: (pathname, search) =>
          pathname.startsWith('/admin/plants/') || (onAdminPlantDatabase(pathname) && search.get('tab') !== 'ecommerce'),
      },
      {
        label: 'nav.ecommerce',
        to: '/admin/ecommerce',
        icon: Store,
        role: 'admin',
        current: (pathname, search) => onAdminPlantDatabase(pathname) && search.get('tab') === 'ecommerce',
      },
      { label: 'nav.sites', to: '/admin/sites', icon: Building, role: 'superadmin' },
      { label: 'nav.users', to: '/admin/users', icon: Users, role: 'superadmin' },
      { label: 'nav.siteUsers', to: '/admin/site-users', icon: UserCog, role: 'admin', siteManager: true },
      { label: 'nav.maintenanceMode', to: '/admin/maintenance', icon: Wrench, role: 'superadmin' },
      { label: 'nav.notifications', to: '/admin/notifications', icon: Bell, role: 'superadmin' },
    ],
  },
  {
    id: 'community',
    label: 'nav.group.community',
    items: [
      { label: 'nav.forum', to: '/community/forum', icon: MessagesSquare },
      { label: 'nav.plantSharing', to: '/community/plant-sharing', icon: HandHeart },
      { label: 'nav.expertQa', to: '/community/expert-qa', icon: GraduationCap },
    ],
  },
  {
    id: 'planning',
    label: 'nav.group.planning',
    items: [
      { label: 'nav.gardenLayouts', to: '/planning/garden-layouts', icon: LayoutGrid },
      { label: 'nav.cropRotation', to: '/planning/crop-rotation', icon: RefreshCw },
      { label: 'nav.harvestTracking', to: '/planning/harvest-tracking', icon: Wheat },
    ],
  },
];

/** The mobile bottom bar (spec 02 §2): Maintenance is added for superadmins. */
export const BOTTOM_BAR_ITEMS: NavItem[] = [
  { label: 'nav.home', to: '/', icon: House, end: true },
  { label: 'nav.plants', to: '/plants', icon: Sprout },
  { label: 'nav.schedule', to: '/schedule', icon: CalendarDays },
  { label: 'nav.journal', to: '/journal', icon: BookOpen },
  { label: 'nav.maintenance', to: '/admin/maintenance', icon: Wrench, role: 'superadmin' },
];
