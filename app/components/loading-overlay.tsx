import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { useT } from '~/lib/i18n';

/** A full-page overlay while a navigation loads (JS only); hidden about 50 ms after it finishes. */
export function LoadingOverlay() {
  const busy = useNavigation().state !== 'idle';
  const [shown, setShown] = useState(false);
  const t = useT();
  useEffect(() => {
    if (busy) return setShown(true);
    const t = setTimeout(() => setShown(false), 50);
    return () => clearTimeout(t);
  }, [busy]);
  if (!shown) return null;
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-white/60" aria-live="polite" data-testid="loading-overlay">
      <div className="h-10 w-10 animate-spin rounded-full border-4 border-brand-600 border-t-transparent" />
      <span className="sr-only">{t('Loading…')}</span>
    </div>
  );
}
