import { ArrowRight, RefreshCw, Settings2, Wrench } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClass } from '@/components/ui/button';
import { StatusScreen } from '@/components/ui/status-screen';
import { pageNavigation } from '@/lib/navigation';
import { useDocumentTitle } from '@/lib/use-document-title';
import { MAINTENANCE_PAGE } from './feature-gates';
import { noticeHeading, type MaintenanceNotice } from './notice-rules';
import './maintenance-notice.css';

export const NOTICE_TITLE = 'Maintenance Mode';
export const NOTICE_TEXT = "We're currently performing maintenance. Please check back soon.";

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
  useDocumentTitle(NOTICE_TITLE);
  const heading = noticeHeading(notice);
  return (
    <div className="maintenance-notice" role="region" aria-label={NOTICE_TITLE}>
      <StatusScreen
        tone="warning"
        icon={<Wrench size={30} />}
        title={NOTICE_TITLE}
        actions={
          superadmin ? (
            <>
              <Button icon={<ArrowRight size={18} aria-hidden="true" />} onClick={onContinue}>
                Continue Anyway
              </Button>
              <Link to={MAINTENANCE_PAGE} className={buttonClass('outline')}>
                <Settings2 size={18} aria-hidden="true" />
                Manage Maintenance
              </Link>
            </>
          ) : (
            <Button icon={<RefreshCw size={18} aria-hidden="true" />} onClick={() => pageNavigation.reload()}>
              Refresh Page
            </Button>
          )
        }
      >
        <p>{NOTICE_TEXT}</p>
        <div className="maintenance-notice__detail">
          <h2 className="maintenance-notice__heading">{heading}</h2>
          {notice.kind === 'site' && notice.siteName ? (
            <p className="maintenance-notice__site">{notice.siteName}</p>
          ) : null}
          {notice.message ? <p className="maintenance-notice__message">{notice.message}</p> : null}
        </div>
        {superadmin ? (
          <Alert title="Administrator notice" className="maintenance-notice__admin">
            Gardeners see this screen until maintenance ends. As a superadmin you can continue anyway for this
            session, or manage maintenance.
          </Alert>
        ) : null}
      </StatusScreen>
    </div>
  );
}
