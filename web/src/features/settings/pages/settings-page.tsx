import { ArrowLeft, CloudOff, RefreshCw, UserCog, UserX, Users } from 'lucide-react';
import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import { apiJSON, getErrorMessage } from '@/api/client';
import { urls } from '@/api/keys';
import type { User, UserPatchInput } from '@/api/types';
import { useUser } from '@/api/users/get-user';
import { useUpdateUser } from '@/api/users/update-user';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClass } from '@/components/ui/button';
import { NotificationChannelsCard } from '@/components/notification-settings/notification-channels-card';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { displayName, initials } from '@/lib/format';
import { useT } from '@/lib/i18n/provider';
import { hasRole, useSession } from '@/lib/session';
import { parseId } from '@/lib/urls';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCurrentUser } from '../api/get-current-user';
import { useUpdateSettings } from '../api/update-settings';
import { AccountSettingsCard } from '../components/account-settings-card';
import { FrostDatesCard } from '../components/frost-dates-card';
import { ApiTokensCard } from '../components/api-tokens-card';
import { GardenSettingsCard } from '../components/garden-settings-card';
import { CsvImportCard } from '../components/csv-import-card';
import { ImportCard } from '../components/import-card';
import { DeleteAccountCard, YourDataCard } from '../components/your-data-card';
import { toPreferencesBody, type PreferenceValues } from '../api/preferences-schema';
import { NotificationPreferencesCard } from '../components/notification-preferences-card';
import { SecuritySection } from '../components/security-section';
import { syncSessionUser } from '../components/sync-session-user';
import { ThemePreferencesCard } from '../components/theme-preferences-card';
import { WebhooksCard } from '../components/webhooks-card';
import { LanguageCard } from '../components/language-card';
import { TimeZoneCard } from '../components/time-zone-card';
import { UnitsCard } from '../components/units-card';
import './settings-page.css';

/** Where Back to Users leads (spec 02 §2). */
export const SITE_USERS_PATH = '/site-users';

function SettingsSkeleton() {
  const t = useT();
  return (
    <LoadingRegion label={t('settings.page.loading')} className="settings-skeleton">
      <Skeleton height={320} radius={12} />
      <Skeleton height={260} radius={12} />
    </LoadingRegion>
  );
}

function LoadFailed({ error, retry }: { error: unknown; retry: () => void }) {
  const t = useT();
  return (
    <EmptyState
      icon={<CloudOff size={24} />}
      title={t('settings.page.loadFailed')}
      action={
        <Button variant="outline" icon={<RefreshCw size={16} aria-hidden="true" />} onClick={retry}>
          {t('common.tryAgain')}
        </Button>
      }
    >
      {getErrorMessage(error, t('settings.page.loadFailedText'))}
    </EmptyState>
  );
}

/** The caller's own settings: Account Settings, Notification Preferences, Theme Preferences. */
function OwnSettings() {
  const me = useCurrentUser();
  const { trigger } = useUpdateSettings();
  const { user: sessionUser } = useSession();
  const t = useT();

  const saveAccount = useCallback(
    async (body: UserPatchInput) => {
      const saved = await trigger(body);
      syncSessionUser(saved);
      return saved;
    },
    [trigger],
  );

  const savePreferences = useCallback(
    async (values: PreferenceValues) => {
      // Read push as the server holds it now: the channels card may have changed it.
      const fresh = await apiJSON<User>('GET', urls.currentUser);
      return trigger(toPreferencesBody(values, fresh?.notificationPreferences?.push));
    },
    [trigger],
  );

  const saveReminderHour = useCallback(
    async (reminderHour: number | null) => {
      const saved = await trigger({ reminderHour });
      syncSessionUser(saved);
      return saved;
    },
    [trigger],
  );
  const saveTimeZone = useCallback(
    async (timeZone: string) => {
      const saved = await trigger({ timeZone });
      syncSessionUser(saved);
      return saved;
    },
    [trigger],
  );

  const saveLanguage = useCallback(
    async (language: string) => {
      const saved = await trigger({ language });
      syncSessionUser(saved);
      return saved;
    },
    [trigger],
  );
  const saveTheme = useCallback(
    async (theme: 'system' | 'light' | 'dark') => {
      const saved = await trigger({ theme });
      syncSessionUser(saved);
      return saved;
    },
    [trigger],
  );

  if (me.isLoading) return <SettingsSkeleton />;
  if (me.error || !me.data) return <LoadFailed error={me.error} retry={() => void me.mutate()} />;
  const user = me.data;
  const manager = Boolean(user.isSiteAdmin) && !hasRole(sessionUser, 'admin');

  return (
    <div className="settings-sections" key={user.id}>
      <AccountSettingsCard
        user={user}
        canChooseCategory={user.role === 'superadmin'}
        withAdminFields={false}
        own
        save={saveAccount}
        description={t('settings.page.ownAccount')}
      />
      <NotificationPreferencesCard user={user} save={savePreferences}>
        <NotificationChannelsCard />
      </NotificationPreferencesCard>
      <GardenSettingsCard user={user} save={trigger} />
      <FrostDatesCard user={user} save={trigger} />
      <TimeZoneCard user={user} save={saveTimeZone} saveHour={saveReminderHour} />
      <LanguageCard user={user} save={saveLanguage} />
      <ThemePreferencesCard user={user} save={saveTheme} />
      <UnitsCard user={user} />
      <ApiTokensCard />
      <SecuritySection
        manageSiteId={user.siteId && user.role !== 'superadmin' && (user.isSiteAdmin || user.role === 'admin') ? user.siteId : null}
      />
      <WebhooksCard superadmin={user.role === 'superadmin'} />
      <ImportCard />
      <CsvImportCard />
      <YourDataCard />
      <DeleteAccountCard
        blocked={
          user.isProtected || user.role === 'superadmin'
            ? t('settings.page.superadminBlocked')
            : undefined
        }
      />
      {manager ? (
        <Card aria-labelledby="site-admin-title">
          <CardHeader
            icon={<Users size={18} />}
            title={<span id="site-admin-title">{t('settings.page.siteAdmin')}</span>}
            description={t('settings.page.siteAdminText')}
          />
          <CardBody>
            <p className="muted">{t('settings.page.siteAdminHelp')}</p>
            <div>
              <Link to={SITE_USERS_PATH} className={buttonClass('outline')}>
                <UserCog size={18} aria-hidden="true" />
                {t('settings.page.manageSiteUsers')}
              </Link>
            </div>
          </CardBody>
        </Card>
      ) : null}
    </div>
  );
}

/** The User Settings editing view of /settings?userId={id}. */
function UserSettings({ userId }: { userId: number }) {
  const target = useUser(userId);
  const { user: editor } = useSession();
  const { trigger } = useUpdateUser();
  const superadmin = editor?.role === 'superadmin';
  const t = useT();

  const saveAccount = useCallback((patch: UserPatchInput) => trigger({ id: userId, patch }), [trigger, userId]);
  const savePreferences = useCallback(
    async (values: PreferenceValues) => {
      const fresh = await apiJSON<User>('GET', urls.user(userId));
      return trigger({ id: userId, patch: toPreferencesBody(values, fresh?.notificationPreferences?.push) });
    },
    [trigger, userId],
  );

  if (target.isLoading) return <SettingsSkeleton />;
  if (target.error || !target.data) return <LoadFailed error={target.error} retry={() => void target.mutate()} />;
  const user = target.data;
  return (
    <div className="settings-sections" key={user.id}>
      <div className="settings-editing" aria-label={t('settings.page.editing')} role="group">
        <span className="avatar settings-editing__avatar" aria-hidden="true">
          {initials(displayName(user)) || '?'}
        </span>
        <div className="settings-editing__text">
          <p className="settings-editing__name">{displayName(user)}</p>
          <p className="settings-editing__meta">
            @{user.username}
            {user.email ? ` · ${user.email}` : ''}
          </p>
          <div className="settings-editing__badges">
            <Badge tone="blue">{t('settings.page.editingUser')}</Badge>
            {user.role === 'admin' || user.role === 'superadmin' ? <Badge tone="purple">{t('role.admin')}</Badge> : null}
            {user.isSiteAdmin ? <Badge tone="green">{t('settings.page.siteAdminBadge')}</Badge> : null}
            {user.isActive === false ? <Badge tone="red">{t('settings.page.inactive')}</Badge> : null}
          </div>
        </div>
      </div>
      <AccountSettingsCard
        user={user}
        canChooseCategory={superadmin}
        withAdminFields={superadmin}
        own={user.id === editor?.id}
        save={saveAccount}
        description={superadmin ? t('settings.page.accountSuperadmin') : t('settings.page.accountOther')}
      />
      <NotificationPreferencesCard user={user} save={savePreferences} />
    </div>
  );
}

/**
 * SettingsPage (/settings): the caller's own settings, or with ?userId={id} the User
 * Settings editing view (an Editing User badge, Admin when that user is an admin, and Back
 * to Users).
 */
export function SettingsPage() {
  const [params] = useSearchParams();
  const raw = params.get('userId');
  const editing = raw !== null;
  const userId = editing ? parseId(raw) : null;
  const t = useT();
  useDocumentTitle(editing ? t('settings.page.userTitle') : t('nav.settings'));

  return (
    <div className="settings-page">
      <PageHeader
        eyebrow={editing ? t('nav.group.admin') : undefined}
        title={editing ? t('settings.page.userTitle') : t('nav.settings')}
        description={editing ? t('settings.page.userDescription') : t('settings.page.description')}
        actions={
          editing ? (
            <Link to={SITE_USERS_PATH} className={buttonClass('outline')}>
              <ArrowLeft size={18} aria-hidden="true" />
              {t('settings.page.backToUsers')}
            </Link>
          ) : undefined
        }
      />
      {!editing ? (
        <OwnSettings />
      ) : userId === null ? (
        <EmptyState icon={<UserX size={24} />} title={t('settings.page.noUser')}>
          {t('settings.page.noUserText')}
        </EmptyState>
      ) : (
        <UserSettings userId={userId} />
      )}
    </div>
  );
}
