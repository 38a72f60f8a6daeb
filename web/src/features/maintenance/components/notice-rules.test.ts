import { describe, expect, it } from 'vitest';
import type { MaintenanceStatus } from '@/api/types';
import { featuresForPath } from './feature-gates';
import { maintenanceNoticeFor, noticeHeading } from './notice-rules';

const none: MaintenanceStatus = { hasMaintenance: false, sitesInMaintenance: [], sitesInMaintenanceCount: 0, functionsInMaintenance: [] };
const forum = { id: 6, name: 'community_forum', displayName: 'Community Forum', maintenanceMessage: 'Forum upgrade', lastMaintenanceStart: null };
const siteWide = { id: 1, name: 'site_wide', displayName: 'Entire Site', maintenanceMessage: 'Everything is paused', lastMaintenanceStart: null };
const site = { id: 3, name: 'Riverside', maintenanceMessage: 'Riverside is moving', maintenanceStartedAt: null };
const status = (s: Partial<MaintenanceStatus>): MaintenanceStatus => ({ ...none, hasMaintenance: true, ...s });

const gardener = { role: 'user' as const };
const admin = { role: 'admin' as const };
const superadmin = { role: 'superadmin' as const };

describe('featuresForPath (spec 02 route table)', () => {
  it.each([
    ['/', ['site_wide']],
    ['/plants', ['site_wide', 'my_plants']],
    ['/plants/7/qrcode', ['site_wide', 'my_plants']],
    ['/schedule', ['site_wide', 'care_schedule']],
    ['/journal', ['site_wide', 'growth_journal']],
    ['/plant-database/3', ['site_wide', 'plant_database']],
    ['/community/forum', ['site_wide', 'community_forum']],
    ['/community/forum/topic/4', ['site_wide', 'community_forum']],
    ['/community/plant-sharing/new', ['site_wide', 'plant_sharing']],
    ['/community/expert-qa', ['site_wide', 'expert_qa']],
    ['/planning/garden-layouts', ['site_wide', 'garden_planner']],
    ['/planning/crop-rotation', ['site_wide', 'crop_rotation']],
    ['/planning/harvest-tracking', ['site_wide', 'harvest_tracking']],
    ['/settings', ['site_wide']],
    ['/admin/maintenance', []],
    ['/admin/maintenance/', []],
  ])('%s is gated by %j', (path, features) => {
    expect(featuresForPath(path)).toEqual(features);
  });

  it('does not mistake a longer path for an area', () => {
    expect(featuresForPath('/plants-limit')).toEqual(['site_wide']);
  });
});

describe('maintenanceNoticeFor (spec 01 §5)', () => {
  it('shows nothing without maintenance or without a status yet', () => {
    expect(maintenanceNoticeFor({ status: none, user: gardener, pathname: '/', bypassed: false })).toBeNull();
    expect(maintenanceNoticeFor({ status: undefined, user: gardener, pathname: '/', bypassed: false })).toBeNull();
  });

  it('shows the function screen on the function’s pages only', () => {
    const st = status({ functionsInMaintenance: [forum] });
    const notice = maintenanceNoticeFor({ status: st, user: gardener, pathname: '/community/forum', bypassed: false });
    expect(notice).toEqual({ kind: 'function', feature: 'community_forum', displayName: 'Community Forum', message: 'Forum upgrade' });
    expect(noticeHeading(notice!)).toBe('Maintenance for: Community Forum');
    expect(maintenanceNoticeFor({ status: st, user: gardener, pathname: '/plants', bypassed: false })).toBeNull();
    expect(maintenanceNoticeFor({ status: st, user: admin, pathname: '/community/forum', bypassed: false })?.kind).toBe('function');
  });

  it('exempts superadmins from function screens', () => {
    const st = status({ functionsInMaintenance: [forum, siteWide] });
    expect(maintenanceNoticeFor({ status: st, user: superadmin, pathname: '/community/forum', bypassed: false })).toBeNull();
    expect(maintenanceNoticeFor({ status: st, user: superadmin, pathname: '/', bypassed: false })).toBeNull();
  });

  it('never blocks the maintenance console with a function screen', () => {
    const st = status({ functionsInMaintenance: [siteWide, forum] });
    expect(maintenanceNoticeFor({ status: st, user: gardener, pathname: '/admin/maintenance', bypassed: false })).toBeNull();
  });

  it('the site_wide function gates every other page, before the page’s own function', () => {
    const st = status({ functionsInMaintenance: [forum, siteWide] });
    const notice = maintenanceNoticeFor({ status: st, user: gardener, pathname: '/community/forum', bypassed: false });
    expect(notice && noticeHeading(notice)).toBe('Maintenance for: Entire Site');
    expect(maintenanceNoticeFor({ status: st, user: gardener, pathname: '/settings', bypassed: false })?.kind).toBe('function');
  });

  it('shows the site-wide screen everywhere when a site is in maintenance, with the first site’s name and message', () => {
    const st = status({ sitesInMaintenance: [site, { id: 4, name: 'Other', maintenanceMessage: 'x', maintenanceStartedAt: null }], functionsInMaintenance: [forum] });
    for (const pathname of ['/', '/plants', '/community/forum', '/settings']) {
      const notice = maintenanceNoticeFor({ status: st, user: gardener, pathname, bypassed: false });
      expect(notice).toEqual({ kind: 'site', siteName: 'Riverside', message: 'Riverside is moving' });
      expect(noticeHeading(notice!)).toBe('Site-wide maintenance');
    }
  });

  it('shows the site-wide screen to superadmins too, until they bypass it', () => {
    const st = status({ sitesInMaintenance: [site] });
    expect(maintenanceNoticeFor({ status: st, user: superadmin, pathname: '/', bypassed: false })?.kind).toBe('site');
    expect(maintenanceNoticeFor({ status: st, user: superadmin, pathname: '/', bypassed: true })).toBeNull();
  });

  it('lets a superadmin reach the maintenance console through the site-wide screen (Manage Maintenance)', () => {
    const st = status({ sitesInMaintenance: [site] });
    expect(maintenanceNoticeFor({ status: st, user: superadmin, pathname: '/admin/maintenance', bypassed: false })).toBeNull();
    expect(maintenanceNoticeFor({ status: st, user: gardener, pathname: '/admin/maintenance', bypassed: false })?.kind).toBe('site');
  });

  it('needs hasMaintenance as well as a site', () => {
    const st = { ...none, sitesInMaintenance: [site] };
    expect(maintenanceNoticeFor({ status: st, user: gardener, pathname: '/', bypassed: false })).toBeNull();
  });
});
