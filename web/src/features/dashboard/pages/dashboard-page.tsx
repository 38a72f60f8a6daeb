import { Sprout } from 'lucide-react';
import { PageHeader } from '@/components/ui/page-header';
import { displayName, greeting } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import './dashboard-page.css';

/**
 * DashboardPage (/): for now the header and a welcome; the sections of spec 01 §2 arrive
 * with the plants, tasks and journal features.
 */
export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const { user } = useSession();
  const name = user ? displayName(user) : 'gardener';
  return (
    <div className="dashboard">
      <PageHeader eyebrow="Dashboard" title="Your Garden Dashboard" />
      <section className="welcome" aria-labelledby="welcome-title">
        <div className="welcome__icon" aria-hidden="true">
          <Sprout size={28} />
        </div>
        <div>
          <h2 id="welcome-title" className="welcome__title">
            {greeting()}, {name}!
          </h2>
          <p className="welcome__text">
            This is where your garden comes together. Take a breath, look around, and enjoy
            watching things grow.
          </p>
        </div>
      </section>
    </div>
  );
}
