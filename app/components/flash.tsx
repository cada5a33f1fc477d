import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { useT } from '~/lib/i18n';
import type { Flash } from '~/lib/session.server';

/**
 * The message of the last action (a flash cookie read by the root loader). It belongs to the action
 * that produced it: with JavaScript the root loader is not always run again (not after an action
 * that answers an error, nor on every link), so the message would stay above the next page or the
 * next error. It is hidden as soon as another navigation or submission starts, and shown again only
 * when the root loader brings a new message (a new object, even with the same text).
 */
export function FlashMessage({ flash }: { flash: Flash | null }) {
  const state = useNavigation().state;
  const [spent, setSpent] = useState<Flash | null>(null);
  const t = useT();
  useEffect(() => {
    if (state !== 'idle') setSpent(flash);
  }, [state, flash]);
  if (!flash || flash === spent) return null;
  const style = flash.type === 'error' ? 'border-red-200 bg-red-50 text-red-800' : 'border-green-200 bg-green-50 text-green-800';
  return (
    <div role={flash.type === 'error' ? 'alert' : 'status'} data-testid="flash" className={`mx-auto mt-4 max-w-5xl rounded-md border px-4 py-3 text-sm ${style}`}>
      {t(flash.text)}
    </div>
  );
}
