import { useEffect, useRef } from 'react';
import { useActionData, useNavigation } from 'react-router';
import { text, useT } from '~/lib/i18n';
import { useHydrated } from './use-hydrated';

// The tick boxes of a bulk table (learners, submissions, later reward requests) live in a plain GET
// form (`formId`) whose checkboxes are named `ids`: without JavaScript the form opens the
// confirmation with the selection in the URL, and a page load clears it after the action.

const boxesOf = (form: HTMLFormElement | null) =>
  [...(form?.querySelectorAll<HTMLInputElement>('input[type="checkbox"][name="ids"]') ?? [])].filter((box) => !box.disabled);

/**
 * "Select all on this page", a JavaScript-only control (it can only tick boxes in the browser), so it
 * is rendered after hydration: without JavaScript the heading cell stays a plain "Select" label.
 * It follows the row boxes: ticked when all are, mixed (indeterminate) when some are.
 */
export function SelectAllBox({ formId, label = text('Select all on this page') }: { formId: string; label?: string }) {
  const hydrated = useHydrated();
  const t = useT();
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const form = document.getElementById(formId) as HTMLFormElement | null;
    const box = ref.current;
    if (!form || !box) return;
    const sync = () => {
      const boxes = boxesOf(form);
      const ticked = boxes.filter((b) => b.checked).length;
      box.checked = boxes.length > 0 && ticked === boxes.length;
      box.indeterminate = ticked > 0 && ticked < boxes.length;
    };
    // A form reset changes the boxes after the event: read them once it is done.
    const afterReset = () => setTimeout(sync);
    sync();
    form.addEventListener('change', sync);
    form.addEventListener('reset', afterReset);
    return () => {
      form.removeEventListener('change', sync);
      form.removeEventListener('reset', afterReset);
    };
  });
  if (!hydrated) return <span className="sr-only">{t('Select')}</span>;
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label={t(label)}
      data-testid="select-all"
      onChange={(e) => {
        for (const b of boxesOf(e.currentTarget.form)) b.checked = e.currentTarget.checked;
      }}
      form={formId}
    />
  );
}

/**
 * With JavaScript the page is not reloaded after an action, so the ticked boxes would stay ticked and
 * the next bulk click would act on the old selection. Once a POST on this page succeeds (it redirects:
 * no action data), the selection form is reset, as a page load would.
 */
export function useClearSelectionAfterSuccess(formId: string) {
  const navigation = useNavigation();
  const actionData = useActionData();
  const posted = useRef(false);
  useEffect(() => {
    if (navigation.state !== 'idle') {
      if (navigation.formMethod?.toUpperCase() === 'POST') posted.current = true;
      return;
    }
    if (!posted.current) return;
    posted.current = false;
    if (actionData === undefined) (document.getElementById(formId) as HTMLFormElement | null)?.reset();
  }, [navigation.state, navigation.formMethod, actionData, formId]);
}
