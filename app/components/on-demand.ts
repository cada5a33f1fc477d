// Code a page loads only when it shows it (docs/rules.md "The JavaScript budget"): a form that
// brings conform and zod, on a page that shows it only on demand (a dialog, an edit mode, a team's
// leader). The server's HTML holds the component whole, written in place (entry.server.tsx), so it
// works before its code arrives; the browser hydrates it once the code is in (React.lazy). Render
// it inside a <Suspense> whose fallback shows while the code loads after a client navigation.
import { lazy, type ComponentType } from 'react';

export function onDemand<M>(load: () => Promise<M>) {
  const prefetch = () => void load().catch(() => {});
  return {
    /** One of the module's components, rendered once the module is in. */
    component: <C extends ComponentType<any>>(pick: (module: M) => C) => lazy(async () => ({ default: pick(await load()) })),
    /**
     * Spread on the link that shows it: the code starts loading as the learner points at, taps or
     * tabs to the link, so the click rarely waits for it.
     */
    intent: { onPointerEnter: prefetch, onTouchStart: prefetch, onFocus: prefetch },
  };
}
