import { ArrowRight, RefreshCw, Settings2, Wrench } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClass } from '@/components/ui/button';
import { StatusScreen } from '@/components/ui/status-screen';
import { useT } from '@/lib/i18n/provider';
import { pageNavigation } from '@/lib/navigation';
import { useDocumentTitle } from '@/lib/use-document-title';
import { MAINTENANCE_PAGE } from './feature-gates';
import { noticeHeading, type MaintenanceNotice } from './notice-rules';
import './maintenance-notice.css';

/**
 * MaintenanceNoticeScreen (spec 01 §2): "Maintenance Mode", the standard sentence, the
 * heading (site-wide or the function's display name) and the message. Non-superadmins get
 * Refresh Page; superadmins Continue Anyway, Manage Maintenance and an administrator notice.
 */
export function MaintenanceNoticeScreen({
  notice,
  superadmin,
  onContinue,
}: {
  notice: MaintenanceNotice;
  superadmin: boolean;
  onContinue: () => void;
}) {
  const t = useT();
  const title = t('nav.maintenanceMode');
  useDocumentTitle(title);
  const heading = noticeHeading(notice);
  return (
    <div className="maintenance-notice" role="region" aria-label={title}>
      <StatusScreen
        tone="warning"
        icon={<Wrench size={30} />}
        title={title}
        actions={
          superadmin ? (
            <>
              <Button icon={<ArrowRight size={18} aria-hidden="true" />} onClick={onContinue}>
                {t('admin.notice.continue')}
              </Button>
              <Link to={MAINTENANCE_PAGE} className={buttonClass('outline')}>
                <Settings2 size={18} aria-hidden="true" />
                {t('admin.notice.manage')}
              </Link>
            </>
          ) : (
            <Button icon={<RefreshCw size={18} aria-hidden="true" />} onClick={() => pageNavigation.reload()}>
              {t('admin.notice.refresh')}
            </Button>
          )
        }
      >
        <p>{t('admin.notice.text')}</p>
        <div className="maintenance-notice__detail">
          <h2 className="maintenance-notice__heading">{heading}</h2>
          {notice.kind === 'site' && notice.siteName ? (
            <p className="maintenance-notice__site">{notice.siteName}</p>
          ) : null}
          {notice.message ? <p className="maintenance-notice__message">{notice.message}</p> : null}
        </div>
        {superadmin ? (
          <Alert title={t('admin.notice.adminTitle')} className="maintenance-notice__admin">
            {t('admin.notice.adminText')}
          </Alert>
        ) : null}
      </StatusScreen>
    </div>
  );
}
