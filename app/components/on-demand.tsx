// Code a page loads only when it needs it (docs/rules.md "The JavaScript budget"): a form that
// brings conform and zod. The server's HTML holds the component whole, written in place
// (entry.server.tsx), so the form works as plain HTML before its code arrives; the browser hydrates
// it once the code is in (React.lazy, inside a Suspense boundary, which React hydrates after the
// rest of the page).
import { lazy, memo, Suspense, useEffect, useRef, type ComponentType, type RefObject } from 'react';
import { useT } from '~/lib/i18n';

/**
 * For a form a page shows on demand (a dialog, an edit mode): its code loads when it is rendered.
 * Render its components inside a <Suspense> whose fallback shows after a client navigation while
 * the code loads.
 */
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

/** What stands in for a form while its code loads (the fallback of every boundary around one). */
export function FormLoading({ className = '' }: { className?: string }) {
  const t = useT();
  return <p className={`text-sm text-slate-500 ${className}`}>{t('Loading…')}</p>;
}

/** What tells that the learner is about to use a form: pointing at it, touching it, focusing a field. */
const USE = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;

/**
 * For a page whose purpose is a form (log in, sign up, a team's forms): the page's first load leaves
 * the form's code out, and the form stays the server's plain HTML until the learner points at it,
 * touches it or focuses one of its fields; then its code loads and React hydrates it (what was typed
 * meanwhile stays). Posted before that, it posts as without JavaScript, and the server answers the
 * same. Rendered after a client navigation (no server HTML to keep), its code loads at once. The
 * region marks itself `data-on-use="ready"` once hydrated (browser tests wait for it).
 */
export function onUse<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>): ComponentType<P> {
  let use!: () => void;
  const used = new Promise<void>((resolve) => (use = resolve));
  // The server renders it at once: its HTML is the form, whole.
  if (typeof document === 'undefined') use();
  const Form = lazy(async () => {
    await used;
    return { default: pick(await load()) };
  });
  function Ready({ region, props }: { region: RefObject<HTMLDivElement | null>; props: P }) {
    useEffect(() => {
      if (region.current) region.current.dataset.onUse = 'ready';
    }, [region]);
    return <Form {...props} />;
  }
  // Shown only when React renders the form in the browser (a client navigation, or an update that
  // reached the form before its code): nothing to keep, so its code loads at once.
  function Loading() {
    useEffect(use, []);
    return <FormLoading />;
  }
  // memo: a render of the page that changes none of the form's props leaves the form's HTML alone.
  return memo(function OnUse(props: P) {
    const region = useRef<HTMLDivElement>(null);
    useEffect(() => {
      const element = region.current;
      if (!element) return;
      // Heard on the window, before React: React stops the events aimed at a part of the page it has
      // not hydrated yet from reaching any other listener.
      const heard = (event: Event) => {
        if (event.target instanceof Node && element.contains(event.target)) use();
      };
      for (const type of USE) window.addEventListener(type, heard, { capture: true, passive: true });
      return () => {
        for (const type of USE) window.removeEventListener(type, heard, { capture: true });
      };
    }, []);
    return (
      <div ref={region} className="contents" data-on-use="">
        <Suspense fallback={<Loading />}>
          <Ready region={region} props={props} />
        </Suspense>
      </div>
    );
  });
}
