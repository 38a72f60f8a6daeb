import type { ReactNode } from 'react';
import { Brand } from './brand';
import './layout.css';

/** PublicLayout frames pages seen while signed out (404, debug). */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="public-shell">
      <header className="public-header">
        <Brand />
      </header>
      <main id="main" className="public-content">
        {children}
      </main>
    </div>
  );
}
