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
import { hasRole, type RequiredRole } from '@/lib/session';

export interface NavItem {
  label: string;
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
  label: string;
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
    label: 'Main',
    items: [
      { label: 'Dashboard', to: '/', icon: House, end: true },
      { label: 'My Plants', to: '/plants', icon: Sprout },
      { label: 'Schedule', to: '/schedule', icon: CalendarDays },
      { label: 'Journal', to: '/journal', icon: BookOpen },
      { label: 'Plant Database', to: '/plant-database', icon: Database },
      { label: 'Sowing Calendar', to: '/sowing-calendar', icon: Wheat },
    ],
  },
  {
    id: 'admin',
    label: 'Administration',
    items: [
      { label: 'Admin Dashboard', to: '/admin', icon: ShieldCheck, role: 'admin', end: true },
      {
        label: 'Plant Database',
        to: '/admin/plant-database',
        icon: Database,
        role: 'admin',
        current: (pathname, search) =>
          pathname.startsWith('/admin/plants/') || (onAdminPlantDatabase(pathname) && search.get('tab') !== 'ecommerce'),
      },
      {
        label: 'Ecommerce',
        to: '/admin/ecommerce',
        icon: Store,
        role: 'admin',
        current: (pathname, search) => onAdminPlantDatabase(pathname) && search.get('tab') === 'ecommerce',
      },
      { label: 'Sites', to: '/admin/sites', icon: Building, role: 'superadmin' },
      { label: 'Users', to: '/admin/users', icon: Users, role: 'superadmin' },
      { label: 'Site Users', to: '/admin/site-users', icon: UserCog, role: 'admin', siteManager: true },
      { label: 'Maintenance Mode', to: '/admin/maintenance', icon: Wrench, role: 'superadmin' },
      { label: 'Notifications', to: '/admin/notifications', icon: Bell, role: 'superadmin' },
    ],
  },
  {
    id: 'community',
    label: 'Community',
    items: [
      { label: 'Forum', to: '/community/forum', icon: MessagesSquare },
      { label: 'Plant Sharing', to: '/community/plant-sharing', icon: HandHeart },
      { label: 'Expert Q&A', to: '/community/expert-qa', icon: GraduationCap },
    ],
  },
  {
    id: 'planning',
    label: 'Garden Planning',
    items: [
      { label: 'Garden Layouts', to: '/planning/garden-layouts', icon: LayoutGrid },
      { label: 'Crop Rotation', to: '/planning/crop-rotation', icon: RefreshCw },
      { label: 'Harvest Tracking', to: '/planning/harvest-tracking', icon: Wheat },
    ],
  },
];

/** The mobile bottom bar (spec 02 §2): Maintenance is added for superadmins. */
export const BOTTOM_BAR_ITEMS: NavItem[] = [
  { label: 'Home', to: '/', icon: House, end: true },
  { label: 'Plants', to: '/plants', icon: Sprout },
  { label: 'Schedule', to: '/schedule', icon: CalendarDays },
  { label: 'Journal', to: '/journal', icon: BookOpen },
  { label: 'Maintenance', to: '/admin/maintenance', icon: Wrench, role: 'superadmin' },
];
