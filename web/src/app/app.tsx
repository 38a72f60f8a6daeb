import { LocaleRemount } from '@/lib/i18n/provider';
import { AppProvider } from './provider';
import { AppRouter } from './router';

export function App() {
  return (
    <AppProvider>
      <LocaleRemount>
        <AppRouter />
      </LocaleRemount>
    </AppProvider>
  );
}
